package mechsym.lab.experiments.utf8;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.experiments.utf8.Utf8Figures.EncodeCase;
import mechsym.lab.experiments.utf8.Utf8Figures.Fork;
import mechsym.lab.experiments.utf8.Utf8Figures.Way;

/** Builds a run's encode figures for the claims' and goals' tests: ns per round by case and way. */
final class Utf8FiguresFixture {
    private final Map<EncodeCase, Map<Way, List<Fork>>> encode = new LinkedHashMap<>();

    /** {@code way} in {@code text} / {@code buffer}, one fork per round, allocating {@code allocated}. */
    Utf8FiguresFixture allocating(String text, String buffer, Way way, double allocated, double... nsPerRound) {
        List<Fork> forks = encode.computeIfAbsent(new EncodeCase(text, buffer), k -> new LinkedHashMap<>())
                .computeIfAbsent(way, k -> new ArrayList<>());
        for (double ns : nsPerRound) {
            forks.add(new Fork(ns, allocated));
        }
        return this;
    }

    Utf8FiguresFixture way(String text, String buffer, Way way, double... nsPerRound) {
        return allocating(text, buffer, way, way.allocates ? 48 : 0, nsPerRound);
    }

    Utf8Figures build() {
        return new Utf8Figures(encode);
    }
}

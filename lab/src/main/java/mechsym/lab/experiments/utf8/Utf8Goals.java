package mechsym.lab.experiments.utf8;

import static mechsym.lab.experiments.utf8.Utf8Figures.leastOverCases;
import static mechsym.lab.experiments.utf8.Utf8Figures.medians;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.Rounds;
import mechsym.lab.experiments.utf8.Utf8Figures.EncodeCase;
import mechsym.lab.experiments.utf8.Utf8Figures.Way;

/**
 * mechsym's targets for core's Utf8Encoder (pure: figures in, goals out): per round the best JDK way
 * against it, the least over the texts, judged over the rounds; through the public API, and with
 * java.lang opened when that was measured; and no allocation.
 */
final class Utf8Goals {
    /** Into direct buffers, where the JDK's encoders fall back to per-char buffer calls. */
    static final double DIRECT_BAR = 1.3;
    /** Into heap buffers: no slower than the best JDK way. */
    static final double HEAP_BAR = 1.0;

    private Utf8Goals() {}

    static List<Goal> judge(Utf8Figures figures) {
        List<Goal> goals = new ArrayList<>();
        for (Way way : List.of(Way.MECHSYM, Way.MECHSYM_OPENED)) {
            for (boolean direct : List.of(true, false)) {
                Goal goal = speedUp(figures, way, direct);
                if (goal != null) {
                    goals.add(goal);
                }
            }
        }
        goals.add(allocatesNothing(figures));
        return goals;
    }

    /** Null for the java.lang-opened way when it was not measured (it is optional). */
    static Goal speedUp(Utf8Figures figures, Way way, boolean direct) {
        double bar = direct ? DIRECT_BAR : HEAP_BAR;
        String kind = direct ? "direct" : "heap";
        String goal = String.format(
                Locale.ROOT,
                "Utf8Encoder%s >= %.1fx the best JDK way into %s buffers, every text",
                way == Way.MECHSYM_OPENED ? " (" + Utf8Experiment.JAVA_LANG_OPENED + ")" : "",
                bar,
                kind);
        List<EncodeCase> cases = figures.cases(direct, way);
        Function<EncodeCase, List<Double>> ratios = c -> Rounds.ratios(figures.bestJdk(c), figures.ns(c, way));
        Measure least = leastOverCases(cases, ratios);
        if (least == null) {
            return way == Way.MECHSYM_OPENED ? null : Goal.notMeasurable(goal, "no " + kind + " case was measured");
        }
        return Goal.atLeast(
                goal,
                least,
                bar,
                "best JDK way ns / mechsym ns, the least of the texts per round (medians: "
                        + medians(cases, ratios, EncodeCase::text) + ")");
    }

    static Goal allocatesNothing(Utf8Figures figures) {
        String goal = "Utf8Encoder allocates nothing per encode (0 B/op, every case and fork)";
        Boolean none = figures.allocatesNothing(Way.MECHSYM);
        if (none == null) {
            return Goal.notMeasurable(goal, "no fork of mechsym's encoder was profiled for allocation");
        }
        return Goal.judge(
                goal, none, figures.largestAllocationMeasure(Way.MECHSYM), figures.allocationFigures(Way.MECHSYM));
    }
}

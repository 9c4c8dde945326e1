package mechsym.lab.experiments.herding;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The figures a herding run hands to its claims and goals: each arrangement's round-trip percentiles,
 * one per round (every arrangement runs once in each round, in turn). Immutable.
 *
 * @param byRound each measured arrangement's percentiles, in round order
 */
record HerdingFigures(Map<Arrangement, List<RoundTrip>> byRound) {

    /** One round's round-trip percentiles of one arrangement, ns. */
    record RoundTrip(double p50, double p99, double p999) {}

    HerdingFigures {
        Map<Arrangement, List<RoundTrip>> copy = new EnumMap<>(Arrangement.class);
        byRound.forEach((a, rounds) -> copy.put(a, List.copyOf(rounds)));
        byRound = copy;
    }

    /** Whether some round measured {@code arrangement}. */
    boolean has(Arrangement arrangement) {
        return !byRound.getOrDefault(arrangement, List.of()).isEmpty();
    }

    /** {@code figure} of {@code ours} over that of {@code theirs}, one per round that measured both. */
    List<Double> ratios(Arrangement ours, Arrangement theirs, ToDoubleFunction<RoundTrip> figure) {
        List<RoundTrip> a = byRound.getOrDefault(ours, List.of());
        List<RoundTrip> b = byRound.getOrDefault(theirs, List.of());
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < Math.min(a.size(), b.size()); round++) {
            double base = figure.applyAsDouble(b.get(round));
            if (base > 0) {
                ratios.add(figure.applyAsDouble(a.get(round)) / base);
            }
        }
        return ratios;
    }
}

package mechsym.lab.experiments.tcpping;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Summary;
import mechsym.tools.platform.CpuTopology;

/**
 * The figures a tcp-ping run hands to its claims and goals: the p50 round trip (µs) of every case, one
 * per round, NaN where a round measured nothing for it. Immutable.
 *
 * @param rounds how many rounds ran
 * @param p50ByRound each case's p50 per round, {@code rounds} long
 */
record TcpPingFigures(int rounds, Map<Case, List<Double>> p50ByRound) {

    /** One case: "java" or "c", the transport ("spin", "select", ...), and where client and server ran. */
    record Case(String language, String transport, CpuTopology.Placement placement) {}

    TcpPingFigures {
        p50ByRound = Map.copyOf(p50ByRound);
    }

    /** Figures of {@code rounds} rounds, filled case by case with {@link #record}. */
    static Builder builder(int rounds) {
        return new Builder(rounds);
    }

    /** Whether some round measured {@code c}. */
    boolean has(Case c) {
        return p50s(c).stream().anyMatch(v -> !v.isNaN());
    }

    /** {@code c}'s p50 in every round that measured it. */
    List<Double> p50s(Case c) {
        return p50ByRound.getOrDefault(c, List.of()).stream()
                .filter(v -> !v.isNaN())
                .toList();
    }

    /** The median over rounds of {@code c}'s p50, or null when no round measured it. */
    Double median(Case c) {
        List<Double> p50s = p50s(c);
        return p50s.isEmpty() ? null : Summary.of(p50s).median();
    }

    /** {@code ours / theirs} in every round that measured both (the two ran in turn within it). */
    List<Double> ratios(Case ours, Case theirs) {
        List<Double> a = p50ByRound.getOrDefault(ours, List.of());
        List<Double> b = p50ByRound.getOrDefault(theirs, List.of());
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < Math.min(a.size(), b.size()); round++) {
            if (!a.get(round).isNaN() && !b.get(round).isNaN() && b.get(round) > 0) {
                ratios.add(a.get(round) / b.get(round));
            }
        }
        return ratios;
    }

    /** Collects a run's p50s round by round. Not thread-safe. */
    static final class Builder {
        private final int rounds;
        private final Map<Case, List<Double>> p50s = new LinkedHashMap<>();

        private Builder(int rounds) {
            this.rounds = rounds;
        }

        /** {@code c}'s p50 (µs) in round {@code round} (from 0). */
        Builder record(Case c, int round, double p50Us) {
            p50s.computeIfAbsent(c, k -> new ArrayList<>(java.util.Collections.nCopies(rounds, Double.NaN)))
                    .set(round, p50Us);
            return this;
        }

        TcpPingFigures build() {
            Map<Case, List<Double>> copy = new LinkedHashMap<>();
            p50s.forEach((c, values) -> copy.put(c, List.copyOf(values)));
            return new TcpPingFigures(rounds, copy);
        }
    }
}

package mechsym.lab.experiments.lazyset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Summary;
import mechsym.lab.experiments.lazyset.Counters.SetMethod;
import mechsym.lab.experiments.lazyset.Counters.Storage;

/**
 * The figures of a lazyset run: every measured run of each experiment, storage and set method, and the
 * median of each round's JVM, from which the ratios round by round are taken. Filled by the experiment
 * JVM by JVM, then read by the report, claims and goals. Not thread-safe.
 */
final class LazySetFigures {
    /** One experiment ("ping-pong" or "catch-up") for one storage and set method. */
    record Key(String experiment, Storage storage, SetMethod set) {}

    private final Map<Key, List<LazySetRun.Run>> runs = new LinkedHashMap<>();
    private final Map<Key, Map<Integer, Double>> roundMedians = new LinkedHashMap<>();

    /** The measured runs (the warm-up left out) of one JVM of {@code storage} and {@code set} in {@code round}. */
    void add(int round, Storage storage, SetMethod set, List<LazySetRun.Run> jvm) {
        Map<Key, List<Double>> thisJvm = new LinkedHashMap<>();
        for (LazySetRun.Run r : jvm) {
            if (r.run() > 0) {
                Key key = new Key(r.experiment(), storage, set);
                runs.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
                if (r.checksumOk()) {
                    thisJvm.computeIfAbsent(key, k -> new ArrayList<>()).add(figure(r));
                }
            }
        }
        thisJvm.forEach((key, figures) -> roundMedians
                .computeIfAbsent(key, k -> new LinkedHashMap<>())
                .put(round, Summary.of(figures).median()));
    }

    /** The runs of {@code key} over all rounds; null when none. */
    List<LazySetRun.Run> runs(Key key) {
        return runs.get(key);
    }

    /** The figure of {@code key} over all rounds' runs; null when not measured or a run failed its guard. */
    Summary pooled(Key key) {
        List<LazySetRun.Run> rs = runs.get(key);
        if (rs == null || rs.stream().anyMatch(r -> !r.checksumOk())) {
            return null;
        }
        return Summary.of(rs.stream().mapToDouble(LazySetFigures::figure).toArray());
    }

    /**
     * The ratio {@code a / b} within each round (the JVMs of a round ran a few seconds apart), one per
     * round that has both.
     */
    List<Double> perRound(Key a, Key b) {
        Map<Integer, Double> ra = roundMedians.getOrDefault(a, Map.of());
        Map<Integer, Double> rb = roundMedians.getOrDefault(b, Map.of());
        List<Double> ratios = new ArrayList<>();
        ra.forEach((round, va) -> {
            Double vb = rb.get(round);
            if (vb != null && vb > 0) {
                ratios.add(va / vb);
            }
        });
        return ratios;
    }

    /** The catch-up writer's cost, volatile / lazy, round by round. */
    List<Double> cost(Storage storage) {
        return perRound(new Key("catch-up", storage, SetMethod.VOLATILE), new Key("catch-up", storage, SetMethod.LAZY));
    }

    /** The ping-pong round trip, lazy / volatile, round by round. */
    List<Double> latency(Storage storage) {
        return perRound(
                new Key("ping-pong", storage, SetMethod.LAZY), new Key("ping-pong", storage, SetMethod.VOLATILE));
    }

    /** A run's figure: ping-pong's ns per round trip; catch-up's writer ns per value (the claim's side). */
    static double figure(LazySetRun.Run run) {
        return run.experiment().equals("ping-pong") ? run.nsPerOp() : run.producerNsPerOp();
    }
}

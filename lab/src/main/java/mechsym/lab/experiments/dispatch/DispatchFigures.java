package mechsym.lab.experiments.dispatch;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.Summary;

/**
 * The post's program as this run measured it: per forked JVM (one repetition each), per phase, the
 * ops/sec of its ten timed runs.
 *
 * @param forks one map per fork: phase (0 = StepInc monomorphic, 1 = StepDec bimorphic, 2.. megamorphic)
 *     to the runs' ops/sec
 */
record DispatchFigures(List<Map<Integer, List<Double>>> forks) {
    /** The post's four operations, one phase each per loop. */
    static final int OPERATIONS = 4;

    DispatchFigures {
        forks = forks.stream().map(f -> Map.copyOf(new TreeMap<>(f))).toList();
    }

    /** A fork's median ops/sec in {@code phase}, or NaN when it did not report that phase. */
    static double median(Map<Integer, List<Double>> fork, int phase) {
        List<Double> runs = fork.get(phase);
        return runs == null || runs.isEmpty() ? Double.NaN : Summary.of(runs).median();
    }

    /**
     * A fork's best megamorphic phase of the first loop (the third and fourth operations): its highest
     * median ops/sec, or NaN. Later loops are left to the claim that the site stays megamorphic.
     */
    static double bestMegamorphic(Map<Integer, List<Double>> fork) {
        return fork.keySet().stream()
                .filter(phase -> phase >= 2 && phase < OPERATIONS)
                .mapToDouble(phase -> median(fork, phase))
                .max()
                .orElse(Double.NaN);
    }

    /** A fork's last StepInc phase after the first loop (the monomorphic operation again), or -1. */
    static int lastMonomorphicAgain(Map<Integer, List<Double>> fork) {
        return fork.keySet().stream()
                .filter(phase -> phase >= OPERATIONS && phase % OPERATIONS == 0)
                .mapToInt(Integer::intValue)
                .max()
                .orElse(-1);
    }
}

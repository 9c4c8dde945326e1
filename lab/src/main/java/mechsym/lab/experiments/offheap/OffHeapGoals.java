package mechsym.lab.experiments.offheap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Measure;

/**
 * mechsym's own targets for its {@code core.memory} flyweight, judged from a run's figures and
 * reported beside the verdict: the core flyweight within 5% of the post's Unsafe code over the same
 * pages (whole runs and the scan alone), the columnar flyweight within 5% of the same scan written by
 * hand over its three columns, the flyweight at least twice as fast as objects, no GC pause in an
 * off-heap run, and the post's 42-byte record. Every timing goal decides by the per-repetition ratios
 * (forked runs run by run, JMH fork by fork). Pure: figures in, goals out.
 */
final class OffHeapGoals {
    static final double WITHIN = 1.05;
    static final double OBJECTS_OVER_FLYWEIGHT = 2.0;
    static final double RECORD_BYTES = 42;

    /**
     * A ratio goal: {@code numerator / denominator}, at most or at least {@code bar}; the keys are
     * storages of the G1 forks ("core-aos") or JMH benchmarks ("scanFlyweight").
     */
    record RatioGoal(String goal, boolean jmh, String numerator, String denominator, double bar, boolean atLeast) {}

    static final List<RatioGoal> RATIO_GOALS = List.of(
            new RatioGoal(
                    "core flyweight / Unsafe, malloc-like 4 KiB pages", false, "core-aos", "unsafe", WITHIN, false),
            new RatioGoal(
                    "core flyweight / Unsafe, same huge pages", false, "core-aos-huge", "unsafe-huge", WITHIN, false),
            new RatioGoal(
                    "G1 objects / core flyweight + huge pages",
                    false,
                    "objects",
                    "core-aos-huge",
                    OBJECTS_OVER_FLYWEIGHT,
                    true),
            new RatioGoal(
                    "G1 objects / core flyweight, reused memory",
                    false,
                    "objects",
                    "core-aos-reused",
                    OBJECTS_OVER_FLYWEIGHT,
                    true),
            new RatioGoal(
                    "core flyweight scan / Unsafe scan, same memory (JMH)",
                    true,
                    "scanFlyweight",
                    "scanUnsafe",
                    WITHIN,
                    false),
            new RatioGoal(
                    "core columnar scan / the same scan by hand over its columns (JMH)",
                    true,
                    "scanColumnar",
                    "scanColumnsByHand",
                    WITHIN,
                    false));

    /**
     * A run's figures for the goals.
     *
     * @param runMs per G1 storage (System.gc() before each run), the duration of each steady run
     * @param jmhForkMs per JMH benchmark, the mean ms per scan of each fork
     * @param offHeapPauseMs the longest GC pause of each run of every off-heap fork
     * @param coreRecordBytes the off-heap bytes per record core's array of structures took, run by run
     */
    record Figures(
            Map<String, List<Double>> runMs,
            Map<String, List<Double>> jmhForkMs,
            List<Double> offHeapPauseMs,
            List<Double> coreRecordBytes) {}

    private OffHeapGoals() {}

    static List<Goal> judge(Figures f) {
        List<Goal> goals = new ArrayList<>();
        for (RatioGoal g : RATIO_GOALS) {
            Map<String, List<Double>> source = g.jmh() ? f.jmhForkMs() : f.runMs();
            List<Double> numerator = source.getOrDefault(g.numerator(), List.of());
            List<Double> denominator = source.getOrDefault(g.denominator(), List.of());
            String bar = String.format(Locale.ROOT, "%s %s %.2fx", g.goal(), g.atLeast() ? ">=" : "<=", g.bar());
            if (numerator.isEmpty() || denominator.isEmpty()) {
                goals.add(Goal.notMeasurable(bar, "a figure it needs was not measured in this run"));
                continue;
            }
            Measure ratio = Measure.ratio(numerator, denominator);
            String figures = g.numerator() + " / " + g.denominator() + (g.jmh() ? ", fork by fork" : ", run by run");
            goals.add(
                    g.atLeast()
                            ? Goal.atLeast(bar, ratio, g.bar(), figures)
                            : Goal.atMost(bar, ratio, g.bar(), figures));
        }
        goals.add(atMost(
                "no GC pause in an off-heap run, ms <= 0",
                f.offHeapPauseMs(),
                "ms",
                0,
                "longest GC pause inside each off-heap run",
                "no off-heap run measured"));
        goals.add(atMost(
                "packed trade record, bytes <= 42",
                f.coreRecordBytes(),
                "bytes",
                RECORD_BYTES,
                "off-heap bytes per record of core's array of structures, run by run",
                "no run of core's array of structures measured"));
        return goals;
    }

    /** A goal on figures that must stay at or below {@code bar}; not measurable when there are none. */
    private static Goal atMost(
            String goal, List<Double> figures, String unit, double bar, String what, String whenNone) {
        return figures.isEmpty()
                ? Goal.notMeasurable(goal, whenNone)
                : Goal.atMost(goal, Measure.of(figures, unit), bar, what);
    }
}

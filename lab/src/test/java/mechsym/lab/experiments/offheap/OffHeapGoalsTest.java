package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Goal.Status;
import org.junit.jupiter.api.Test;

/** mechsym's goals for its flyweight, each decided by the interval of its per-repetition ratios. */
class OffHeapGoalsTest {
    private static final List<Double> HUNDREDS = List.of(100.0, 100.0, 100.0);

    private static List<Double> times(double... ratios) {
        return java.util.Arrays.stream(ratios).map(r -> 100 * r).boxed().toList();
    }

    /** Every figure on the goals' side, then {@code key} replaced by {@code runs}. */
    private static OffHeapGoals.Figures figures(String key, List<Double> runs, List<Double> pauses) {
        Map<String, List<Double>> runMs = new LinkedHashMap<>();
        runMs.put("unsafe", HUNDREDS);
        runMs.put("core-aos", times(1.0, 1.02, 0.98));
        runMs.put("unsafe-huge", HUNDREDS);
        runMs.put("core-aos-huge", times(1.01, 1.0, 1.03));
        runMs.put("core-aos-reused", times(0.5, 0.6, 0.55));
        runMs.put("objects", times(3, 4, 5));
        Map<String, List<Double>> jmh = new LinkedHashMap<>();
        jmh.put("scanUnsafe", HUNDREDS);
        jmh.put("scanFlyweight", times(1.0, 1.04, 0.97));
        jmh.put("scanColumnsByHand", HUNDREDS);
        jmh.put("scanColumnar", times(1.0, 1.0, 1.01));
        (key.startsWith("scan") ? jmh : runMs).put(key, runs);
        return new OffHeapGoals.Figures(runMs, jmh, pauses, List.of(42.0, 42.0, 42.0));
    }

    private static Goal goal(List<Goal> goals, String startsWith) {
        return goals.stream()
                .filter(g -> g.goal().startsWith(startsWith))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void everyGoalMetWhenEveryIntervalIsOnItsSide() {
        List<Goal> goals = OffHeapGoals.judge(figures("unsafe", HUNDREDS, List.of(0.0, 0.0)));
        assertThat(goals).hasSize(8).allMatch(g -> g.status() == Status.MET, "met");
    }

    @Test
    void theFlyweightAgainstUnsafeOnBothSidesOfFivePercentAndAcrossIt() {
        String aos = "core flyweight / Unsafe, malloc-like";
        assertThat(goal(OffHeapGoals.judge(figures("core-aos", times(1.06, 1.2, 1.1), List.of(0.0))), aos)
                        .status())
                .isEqualTo(Status.MISSED);
        assertThat(goal(OffHeapGoals.judge(figures("core-aos", times(1.0, 1.05, 0.9), List.of(0.0))), aos)
                        .status())
                .isEqualTo(Status.MET);
        Goal across = goal(OffHeapGoals.judge(figures("core-aos", times(1.0, 1.1, 1.03), List.of(0.0))), aos);
        assertThat(across.status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(across.figures()).contains("straddles");
    }

    @Test
    void theJmhScansAreJudgedForkByFork() {
        String columnar = "core columnar scan / the same scan by hand";
        Goal missed = goal(OffHeapGoals.judge(figures("scanColumnar", times(1.5, 1.6, 1.4), List.of(0.0))), columnar);
        assertThat(missed.status()).isEqualTo(Status.MISSED);
        assertThat(missed.figures()).contains("fork by fork").contains("n=3");
        assertThat(goal(
                                OffHeapGoals.judge(figures("scanFlyweight", times(1.2, 1.1, 1.3), List.of(0.0))),
                                "core flyweight scan")
                        .status())
                .isEqualTo(Status.MISSED);
    }

    private static Status packedRecord(List<Double> bytesPerRun) {
        Map<String, List<Double>> none = Map.of();
        return goal(OffHeapGoals.judge(new OffHeapGoals.Figures(none, none, List.of(), bytesPerRun)), "packed trade")
                .status();
    }

    @Test
    void thePackedRecordIsJudgedByTheBytesEachRunTook() {
        assertThat(packedRecord(List.of(42.0, 42.0))).isEqualTo(Status.MET);
        assertThat(packedRecord(List.of(48.0, 48.0))).isEqualTo(Status.MISSED);
        assertThat(packedRecord(List.of(40.0, 48.0))).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(packedRecord(List.of())).isEqualTo(Status.NOT_MEASURABLE);
    }

    @Test
    void objectsAtLeastTwiceTheFlyweight() {
        String reused = "G1 objects / core flyweight, reused";
        assertThat(goal(OffHeapGoals.judge(figures("objects", times(0.9, 1.0, 1.0), List.of(0.0))), reused)
                        .status())
                .isEqualTo(Status.MISSED);
        assertThat(goal(OffHeapGoals.judge(figures("objects", times(0.9, 1.5, 1.2), List.of(0.0))), reused)
                        .status())
                .isEqualTo(Status.NOT_MEASURABLE);
    }

    @Test
    void aPauseInAnOffHeapRunMissesAndAMissingFigureIsNotMeasurable() {
        assertThat(goal(OffHeapGoals.judge(figures("unsafe", HUNDREDS, List.of(3.0, 5.0))), "no GC pause")
                        .status())
                .isEqualTo(Status.MISSED);
        assertThat(goal(OffHeapGoals.judge(figures("unsafe", List.of(), List.of())), "core flyweight / Unsafe, malloc")
                        .status())
                .isEqualTo(Status.NOT_MEASURABLE);
        assertThat(goal(OffHeapGoals.judge(figures("unsafe", HUNDREDS, List.of())), "no GC pause")
                        .status())
                .isEqualTo(Status.NOT_MEASURABLE);
    }
}

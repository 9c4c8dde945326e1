package mechsym.lab.experiments.utf8;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Verdict;
import org.junit.jupiter.api.Test;

/** The goal is judged per round (the faster JDK way of that round against mechsym), on the median of the rounds. */
class Utf8ExperimentTest {

    private static JmhBenchmarks.Score score(String way, String buffer, double median, double allocated) {
        return new JmhBenchmarks.Score(
                "Utf8Benchmark." + way,
                Map.of("text", "mixed-short", "buffer", buffer),
                median,
                Double.NaN,
                "ns/op",
                3,
                Map.of("gc.alloc.rate.norm", allocated),
                List.of(median - 1, median, median + 50)); // one disturbed iteration: the median ignores it
    }

    /** Per round: getBytes, charsetEncoder, mechsym ns. */
    private static Map<String, List<JmhBenchmarks.Score>> rounds(
            String buffer, double mechsymBytes, double[]... rounds) {
        Map<String, List<JmhBenchmarks.Score>> ways = new LinkedHashMap<>();
        for (double[] r : rounds) {
            ways.computeIfAbsent("stringGetBytes", k -> new ArrayList<>())
                    .add(score("stringGetBytes", buffer, r[0], 48));
            ways.computeIfAbsent("charsetEncoder", k -> new ArrayList<>())
                    .add(score("charsetEncoder", buffer, r[1], 0));
            ways.computeIfAbsent("mechsym", k -> new ArrayList<>()).add(score("mechsym", buffer, r[2], mechsymBytes));
        }
        return ways;
    }

    private static ExperimentResult resultOf(List<Utf8Experiment.GoalCheck> checks) {
        ExperimentResult.Builder builder = new ExperimentResult.Builder(new Utf8Experiment());
        Utf8Experiment.verdict(builder, checks);
        return builder.ok(1);
    }

    private static Verdict verdictOf(List<Utf8Experiment.GoalCheck> checks) {
        return resultOf(checks).verdict();
    }

    private static List<Goal.Status> goalsOf(List<Utf8Experiment.GoalCheck> checks) {
        return resultOf(checks).goals().stream().map(Goal::status).toList();
    }

    @Test
    void eachRoundComparesMechsymWithThatRoundsFasterJdkWayAndTheMedianRoundDecides() {
        Utf8Experiment.GoalCheck check = Utf8Experiment.goalCheck(
                "mixed-short / direct",
                rounds("direct", 0, new double[] {32, 60, 24}, new double[] {26, 61, 26}, new double[] {33, 62, 22}));

        assertThat(check.bestWay()).isEqualTo("stringGetBytes");
        assertThat(check.speedUps().n()).isEqualTo(3);
        assertThat(check.speedUps().min()).isEqualTo(1.0); // round 2: 26 / 26, not 32 / 26 nor 26 / 24
        assertThat(check.speedUps().median()).isEqualTo(32.0 / 24);
        assertThat(check.speedUps().max()).isEqualTo(1.5);
        assertThat(check.goal()).isEqualTo(1.3);
        assertThat(check.met()).isTrue();
    }

    @Test
    void heapCasesNeedOnlyParityAndAnyAllocationFailsTheGoal() {
        Utf8Experiment.GoalCheck heap = Utf8Experiment.goalCheck(
                "mixed-short / heap", rounds("heap", 0, new double[] {30, 29, 29}, new double[] {30, 28, 29}));
        assertThat(heap.bestWay()).isEqualTo("charsetEncoder");
        assertThat(heap.goal()).isEqualTo(1.0);
        assertThat(heap.met()).isFalse(); // 28.5 / 29 median

        Utf8Experiment.GoalCheck allocating =
                Utf8Experiment.goalCheck("mixed-short / heap", rounds("heap", 24, new double[] {30, 40, 20}));
        assertThat(allocating.fastEnough()).isTrue();
        assertThat(allocating.met()).isFalse();
    }

    @Test
    void noMechsymScoreGivesNoCheck() {
        Map<String, List<JmhBenchmarks.Score>> ways = rounds("heap", 0, new double[] {30, 29, 29});
        ways.remove("mechsym");
        assertThat(Utf8Experiment.goalCheck("mixed-short / heap", ways)).isNull();
    }

    @Test
    void theVerdictNamesEveryMissedCase() {
        List<Utf8Experiment.GoalCheck> checks = List.of(
                Utf8Experiment.goalCheck(
                        "mixed-short / direct",
                        rounds("direct", 0, new double[] {32, 60, 24}, new double[] {33, 62, 23})),
                Utf8Experiment.goalCheck(
                        "mixed-short / heap", rounds("heap", 0, new double[] {30, 29, 31}, new double[] {30, 29, 30})));
        Verdict verdict = verdictOf(checks);

        assertThat(verdict.outcome()).isEqualTo(Verdict.partly("x").outcome());
        assertThat(verdict.reason())
                .contains("into heap buffers, no allocation: NOT REPRODUCED (0 of 1 cases; lowest speed-up 0.95x"
                        + " (median of the rounds); missed: mixed-short / heap 0.951x)")
                .doesNotContain("goal");
        assertThat(resultOf(checks).goals())
                .extracting(Goal::status, Goal::figures)
                .contains(org.assertj.core.groups.Tuple.tuple(
                        Goal.Status.MISSED,
                        "0 of 1 cases; lowest speed-up 0.95x (median of the rounds); missed: mixed-short / heap 0.951x"
                                + " < 1.0x"));
    }

    /** The same rounds with an opened-java.lang way beside mechsym's, {@code opened} ns per round. */
    private static Map<String, List<JmhBenchmarks.Score>> withOpened(
            Map<String, List<JmhBenchmarks.Score>> ways, String buffer, double... opened) {
        for (double ns : opened) {
            ways.computeIfAbsent(Utf8Experiment.OPENED, k -> new ArrayList<>())
                    .add(score(Utf8Experiment.OPENED, buffer, ns, 0));
        }
        return ways;
    }

    @Test
    void theOpenedWayIsCheckedAgainstTheSameRoundsButLeavesTheVerdictToThePublicOne() {
        Map<String, List<JmhBenchmarks.Score>> direct =
                withOpened(rounds("direct", 0, new double[] {32, 60, 24}, new double[] {33, 62, 23}), "direct", 20, 21);
        Map<String, List<JmhBenchmarks.Score>> heap =
                withOpened(rounds("heap", 0, new double[] {70, 60, 66}, new double[] {72, 62, 68}), "heap", 40, 41);
        Utf8Experiment.GoalCheck openedHeap =
                Utf8Experiment.goalCheck("ascii-long / heap", heap, Utf8Experiment.OPENED);
        assertThat(openedHeap.opened()).isTrue();
        assertThat(openedHeap.reads()).isEqualTo("java.lang opened");
        assertThat(openedHeap.bestWay()).isEqualTo("charsetEncoder");
        assertThat(openedHeap.speedUp()).isEqualTo((60.0 / 40 + 62.0 / 41) / 2);
        assertThat(Utf8Experiment.goalCheck("ascii-long / heap", heap).opened()).isFalse();

        List<Utf8Experiment.GoalCheck> checks = List.of(
                Utf8Experiment.goalCheck("ascii-long / direct", direct),
                Utf8Experiment.goalCheck("ascii-long / heap", heap),
                Utf8Experiment.goalCheck("ascii-long / direct", direct, Utf8Experiment.OPENED),
                openedHeap);
        Verdict verdict = verdictOf(checks);

        assertThat(verdict.outcome()).isEqualTo(Verdict.partly("x").outcome());
        assertThat(verdict.reason()).doesNotContain("opened");
        // public API: direct met, heap missed; java.lang opened: both met
        assertThat(goalsOf(checks))
                .containsExactly(Goal.Status.MET, Goal.Status.MISSED, Goal.Status.MET, Goal.Status.MET);
        assertThat(resultOf(checks).goals().get(1).figures()).contains("missed: ascii-long / heap 0.910x < 1.0x");
        assertThat(resultOf(checks).goals().get(2).goal()).contains("(java.lang opened)");
    }

    @Test
    void aHeapCaseThatMeetsTheGoalButNotThePostsClaimIsNamedAndLowersTheVerdict() {
        List<Utf8Experiment.GoalCheck> checks = List.of(
                Utf8Experiment.goalCheck(
                        "mixed-short / direct",
                        rounds("direct", 0, new double[] {32, 60, 24}, new double[] {33, 62, 23})),
                Utf8Experiment.goalCheck(
                        "ascii-short / heap", rounds("heap", 0, new double[] {11, 29, 10}, new double[] {11, 29, 10})));
        Verdict verdict = verdictOf(checks);

        assertThat(verdict.outcome()).isEqualTo(Verdict.partly("x").outcome());
        assertThat(verdict.reason()).contains("missed: ascii-short / heap 1.100x");
        assertThat(goalsOf(checks)).containsExactly(Goal.Status.MET, Goal.Status.MET);
    }

    @Test
    void everyCaseAboveThePostsThirtyPercentReproducesAndNoneAboveItDoesNot() {
        List<Utf8Experiment.GoalCheck> fast = List.of(
                Utf8Experiment.goalCheck("ascii-long / direct", rounds("direct", 0, new double[] {40, 60, 20})),
                Utf8Experiment.goalCheck("ascii-long / heap", rounds("heap", 0, new double[] {40, 60, 20})));
        assertThat(Utf8Experiment.judge(fast).outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);

        List<Utf8Experiment.GoalCheck> slow = List.of(
                Utf8Experiment.goalCheck("ascii-long / direct", rounds("direct", 0, new double[] {40, 60, 35})),
                Utf8Experiment.goalCheck("ascii-long / heap", rounds("heap", 0, new double[] {40, 60, 35})));
        Verdict verdict = Utf8Experiment.judge(slow);
        assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.NOT_REPRODUCED);
        assertThat(verdict.reason()).contains("0 of 2 sub-claims reproduced");
    }

    @Test
    void aBufferKindNotMeasuredIsUndecidedAndItsGoalNotMeasurable() {
        List<Utf8Experiment.GoalCheck> directOnly = List.of(
                Utf8Experiment.goalCheck("ascii-long / direct", rounds("direct", 0, new double[] {40, 60, 20})));
        Verdict verdict = Utf8Experiment.judge(directOnly);
        assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(verdict.claims().getFirst().outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(goalsOf(directOnly)).containsExactly(Goal.Status.MET, Goal.Status.NOT_MEASURABLE);
        assertThat(Utf8Experiment.judge(List.of()).outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    }
}

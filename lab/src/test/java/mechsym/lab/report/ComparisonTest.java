package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperiment;
import mechsym.lab.Table;
import mechsym.lab.results.LabRun;
import mechsym.tools.platform.TerminalText;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    private static LabRun run(double a, double b) {
        FakeExperiment fake = new FakeExperiment("one", false);
        ExperimentResult result = new ExperimentResult.Builder(fake)
                .table(Table.measured("measured", "t")
                        .column("case")
                        .column("median", "ns/op")
                        .row("a", a)
                        .row("b", b)
                        .build())
                .ok(1);
        return new LabRun(LabRun.SCHEMA, "test", "now", 1, "tiny", "cmd", Environment.probe(), List.of(result));
    }

    @Test
    void matchesRowsByTheirTextAndGivesBOverA() {
        List<Comparison.Line> lines = Comparison.compare(run(2.0, 10.0), run(3.0, 5.0));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).row()).isEqualTo("a");
        assertThat(lines.get(0).ratio()).isEqualTo(1.5);
        assertThat(lines.get(1).ratio()).isEqualTo(0.5);
    }

    private static LabRun run(Table table) {
        ExperimentResult result = new ExperimentResult.Builder(new FakeExperiment("one", false))
                .table(table)
                .ok(1);
        return new LabRun(LabRun.SCHEMA, "test", "now", 1, "tiny", "cmd", Environment.probe(), List.of(result));
    }

    private static Table byCapacity(int firstCapacity, double first, int secondCapacity, double second) {
        return Table.measured("capacity", "t")
                .column("capacity", "elements")
                .column("n")
                .column("median", "elements/µs")
                .row(firstCapacity, 5, first)
                .row(secondCapacity, 5, second)
                .build();
    }

    @Test
    void rowsKeyedByAWholeNumberMatchByIt() {
        List<Comparison.Line> lines = Comparison.compare(
                run(byCapacity(1024, 100.0, 16384, 300.0)), run(byCapacity(16384, 600.0, 1024, 50.0)));
        assertThat(lines)
                .extracting(Comparison.Line::row, Comparison.Line::column, Comparison.Line::ratio)
                .containsExactly(tuple("1024", "median", 0.5), tuple("16384", "median", 2.0));
    }

    /** Two G1 runs, keyed by the same text: only their order tells them apart. */
    private static Table twoG1Runs(double first, double second) {
        return Table.measured("runs", "t")
                .column("configuration")
                .column("duration", "ms")
                .row("G1", first)
                .row("G1", second)
                .build();
    }

    @Test
    void rowsWhoseKeysRepeatMatchInOrder() {
        assertThat(Comparison.compare(run(twoG1Runs(10.0, 20.0)), run(twoG1Runs(30.0, 10.0))))
                .extracting(Comparison.Line::row, Comparison.Line::ratio)
                .containsExactly(tuple("G1", 3.0), tuple("G1 (2)", 0.5));
    }

    /** One cache level's latency in cycles and in ns: two columns named alike. */
    private static Table latencies(int cycles, double ns) {
        return Table.measured("levels", "t")
                .column("level")
                .column("latency", "cycles")
                .column("latency", "ns")
                .row("L1", cycles, ns)
                .build();
    }

    @Test
    void columnsOfTheSameNameMatchInOrder() {
        assertThat(Comparison.compare(run(latencies(4, 1.0)), run(latencies(8, 3.0))))
                .extracting(Comparison.Line::unit, Comparison.Line::ratio)
                .containsExactly(tuple("cycles", 2.0), tuple("ns", 3.0));
    }

    @Test
    void seedTablesAreNotCompared() {
        assertThat(Comparison.compare(run(1, 1), run(1, 1)))
                .noneMatch(l -> l.table().startsWith("seed"));
    }

    private static Table summary(String unit, double min, double median, double max) {
        return Table.measured("measured", "t")
                .column("case")
                .column("n")
                .column("min", unit)
                .column("median", unit)
                .column("max", unit)
                .row("a", 5, min, median, max)
                .build();
    }

    private static Comparison.Change medianChange(Table a, Table b) {
        return Comparison.compare(run(a), run(b)).stream()
                .filter(l -> l.column().equals("median"))
                .findFirst()
                .orElseThrow()
                .change();
    }

    @Test
    void aMedianIsJudgedAgainstBothRunsMinToMax() {
        assertThat(medianChange(summary("ns/op", 9, 10, 11), summary("ns/op", 10.5, 11.5, 13)))
                .isEqualTo(Comparison.Change.NOISE);
        assertThat(medianChange(summary("ns/op", 9, 10, 11), summary("ns/op", 12.5, 13, 14)))
                .isEqualTo(Comparison.Change.WORSE);
        assertThat(medianChange(summary("ns/op", 12.5, 13, 14), summary("ns/op", 9, 10, 11)))
                .isEqualTo(Comparison.Change.BETTER);
        // a rate: higher is better
        assertThat(medianChange(summary("elements/µs", 9, 10, 11), summary("elements/µs", 12.5, 13, 14)))
                .isEqualTo(Comparison.Change.BETTER);
        assertThat(medianChange(summary("ops/s", 12.5, 13, 14), summary("ops/s", 9, 10, 11)))
                .isEqualTo(Comparison.Change.WORSE);
        // a ratio does not say which way is better
        assertThat(medianChange(summary("x", 1, 1.1, 1.2), summary("x", 2, 2.1, 2.2)))
                .isEqualTo(Comparison.Change.CHANGED);
    }

    private static Table jmh(double score, double error) {
        return Table.measured("jmh", "t")
                .column("benchmark")
                .column("score", "ns")
                .column("error (99.9%)", "ns")
                .row("scan", score, error)
                .build();
    }

    @Test
    void aJmhScoreIsJudgedAgainstItsError() {
        List<Comparison.Line> within = Comparison.compare(run(jmh(10, 1)), run(jmh(11.5, 1)));
        assertThat(within.getFirst().change()).isEqualTo(Comparison.Change.NOISE);
        assertThat(within.getFirst().rangeA()).isEqualTo(new Comparison.Range(9, 11));
        List<Comparison.Line> worse = Comparison.compare(run(jmh(10, 1)), run(jmh(14, 1)));
        assertThat(worse.getFirst().change()).isEqualTo(Comparison.Change.WORSE);
        assertThat(Comparison.worse(worse)).hasSize(1);
    }

    @Test
    void oneRunHasNoSpreadToJudgeBy() {
        assertThat(medianChange(summary("ns/op", 10, 10, 10), summary("ns/op", 20, 20, 20)))
                .isEqualTo(Comparison.Change.UNKNOWN);
    }

    @Test
    void aFigureWithoutItsNoiseIsNotJudged() {
        List<Comparison.Line> lines = Comparison.compare(run(2.0, 10.0), run(3.0, 5.0));
        assertThat(lines).allMatch(l -> l.change() == Comparison.Change.UNKNOWN);
        assertThat(Comparison.worse(lines)).isEmpty();
    }

    @Test
    void unitsSayWhichWayIsBetter() {
        assertThat(Comparison.betterDirection("ns/op")).isEqualTo(-1);
        assertThat(Comparison.betterDirection("ms")).isEqualTo(-1);
        assertThat(Comparison.betterDirection("B/op")).isEqualTo(-1);
        assertThat(Comparison.betterDirection("GB/s")).isEqualTo(1);
        assertThat(Comparison.betterDirection("elements/µs")).isEqualTo(1);
        assertThat(Comparison.betterDirection("ratio")).isZero();
        assertThat(Comparison.betterDirection("count")).isZero();
        assertThat(Comparison.betterDirection(null)).isZero();
    }

    /** A run of one experiment with figures around {@code scale}: n rows, each a median with its min and max. */
    private static LabRun noisyRun(java.util.SplittableRandom random, double scale, String verdictClaim) {
        Table.Builder table = Table.measured("measured", "t")
                .column("case")
                .column("n")
                .column("min", "ns/op")
                .column("median", "ns/op")
                .column("max", "ns/op");
        for (int row = 0; row < 50; row++) {
            double base = (10 + row) * scale * (1 + 0.04 * (random.nextDouble() - 0.5)); // +-2% between runs
            table.row("case " + row, 5, base * 0.97, base, base * 1.03);
        }
        ExperimentResult.Builder builder =
                new ExperimentResult.Builder(new FakeExperiment("one", false)).table(table.build());
        if (verdictClaim != null) {
            builder.verdict(mechsym.lab.Verdict.fromClaims(List.of(mechsym.lab.Verdict.Claim.judge(
                    "the post's claim",
                    verdictClaim.equals("REPRODUCED"),
                    mechsym.lab.Measure.exact(1, "facts", 2),
                    "f"))));
        }
        return new LabRun(LabRun.SCHEMA, "test", "now", 1, "tiny", "cmd", Environment.probe(), List.of(builder.ok(1)));
    }

    @Test
    void identicalRunsAreQuietAndAScaledOneIsFlaggedEverywhere() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        List<Comparison.Line> same = Comparison.compare(noisyRun(random, 1, null), noisyRun(random, 1, null));
        assertThat(same).hasSize(150);
        assertThat(Comparison.failing(same)).isEmpty();
        assertThat(Comparison.changedBeyondNoise(same, List.of())).isFalse();

        List<Comparison.Line> scaled = Comparison.compare(noisyRun(random, 1, null), noisyRun(random, 1.3, null));
        assertThat(scaled.stream().filter(l -> l.column().equals("median")))
                .hasSize(50)
                .allMatch(l -> l.change() == Comparison.Change.WORSE);
        assertThat(Comparison.changedBeyondNoise(scaled, List.of())).isTrue();
    }

    @Test
    void aChangeWithinTheMinimumEffectIsNoise() {
        // ranges apart (9.5-10.5 against 10.8-11.2), 1.10x at the medians but 1.03x at the near ends:
        // within a 10% minimum effect, beyond a 2% one
        Table a = summary("ns/op", 9.5, 10, 10.5);
        Table b = summary("ns/op", 10.8, 11.0, 11.2);
        assertThat(medianChange(a, b)).isEqualTo(Comparison.Change.NOISE);
        Comparison.Line strict =
                Comparison.compare(List.of(run(a)), List.of(run(b)), Comparison.MinEffect.constant(0.02)).stream()
                        .filter(l -> l.column().equals("median"))
                        .findFirst()
                        .orElseThrow();
        assertThat(strict.minEffect()).isEqualTo(0.02);
        assertThat(strict.nearestRatio()).isCloseTo(10.8 / 10.5, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(strict.change()).isEqualTo(Comparison.Change.WORSE);
    }

    @Test
    void theWholeIntervalOfTheChangeMustPassTheMinimumEffect() {
        // medians 1.2x apart and the ranges apart, but only 1.045x at the near ends: the change's
        // interval straddles the 10% line, so it does not decide; where an interval reaches zero the
        // medians' ratio decides
        Comparison.Line straddles =
                Comparison.compare(run(summary("ns/op", 9, 10, 11)), run(summary("ns/op", 11.5, 12, 12.5))).stream()
                        .filter(l -> l.column().equals("median"))
                        .findFirst()
                        .orElseThrow();
        assertThat(straddles.nearestRatio()).isCloseTo(11.5 / 11, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(straddles.change()).isEqualTo(Comparison.Change.NOISE);
        assertThat(medianChange(summary("ns/op", 0, 1, 2), summary("ns/op", 3, 4, 5)))
                .isEqualTo(Comparison.Change.WORSE);
    }

    @Test
    void severalRunsPerSideJudgeByTheIntervalOverTheRuns() {
        // each run alone has no spread; over three runs each side does, and the sides are 2x apart
        List<LabRun> as = List.of(run(10.0, 1), run(10.5, 1), run(9.5, 1));
        List<LabRun> bs = List.of(run(20.0, 1), run(21.0, 1), run(19.0, 1));
        Comparison.Line line =
                Comparison.compare(as, bs, Comparison.MinEffect.constant(0.1)).getFirst();
        assertThat(line.runsA()).isEqualTo(3);
        assertThat(line.a()).isEqualTo(10.0);
        assertThat(line.rangeA()).isEqualTo(new Comparison.Range(9.5, 10.5));
        assertThat(line.change()).isEqualTo(Comparison.Change.WORSE);
        List<LabRun> overlapping = List.of(run(9.0, 1), run(10.0, 1), run(12.0, 1));
        assertThat(Comparison.compare(as, overlapping, Comparison.MinEffect.constant(0.1))
                        .getFirst()
                        .change())
                .isEqualTo(Comparison.Change.NOISE);
    }

    @Test
    void outcomeChangesComeFirstAndOnlyDecidedFlipsCount() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        List<Comparison.OutcomeChange> flips = Comparison.outcomeChanges(
                List.of(noisyRun(random, 1, "REPRODUCED")), List.of(noisyRun(random, 1, "NOT_REPRODUCED")));
        assertThat(flips)
                .extracting(Comparison.OutcomeChange::subject, Comparison.OutcomeChange::decided)
                .containsExactly(tuple(Comparison.Subject.VERDICT, true), tuple(Comparison.Subject.CLAIM, true));
        assertThat(Comparison.changedBeyondNoise(List.of(), flips)).isTrue();
        assertThat(Comparison.outcomeChanges(
                        List.of(noisyRun(random, 1, "REPRODUCED")), List.of(noisyRun(random, 1, "REPRODUCED"))))
                .isEmpty();
        // a goal's flip is listed, not a gate
        Comparison.OutcomeChange goal =
                new Comparison.OutcomeChange("one", Comparison.Subject.GOAL, "a goal", "MET", "MISSED", true);
        assertThat(goal.gates()).isFalse();
        assertThat(Comparison.changedBeyondNoise(List.of(), List.of(goal))).isFalse();
        assertThat(flips).allMatch(Comparison.OutcomeChange::gates);
    }

    @Test
    void textFromAFileIsPrintedWithoutItsControlCharacters() {
        assertThat(TerminalText.escape("row \u001b]0;owned\u0007 \u001b[2J"))
                .isEqualTo("row \\u001B]0;owned\\u0007 \\u001B[2J");
        assertThat(TerminalText.escape("plain µs")).isEqualTo("plain µs");
    }
}

package mechsym.lab.experiments.packetanalyser;

import static mechsym.lab.experiments.packetanalyser.Figures.batch;
import static mechsym.lab.experiments.packetanalyser.Figures.cell;
import static mechsym.lab.experiments.packetanalyser.Figures.heap;
import static mechsym.lab.experiments.packetanalyser.Figures.of;
import static mechsym.lab.experiments.packetanalyser.Figures.reference;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.Buffers;
import mechsym.tools.analyser.Strategy;
import org.junit.jupiter.api.Test;

class PacketAnalyserClaimsTest {
    private static final Solution NATIVE_G1 = Solution.java(Collector.G1, Buffers.NATIVE, Analyser.Parse.OBJECTS);
    private static final Solution G1_HEAP = Solution.java(Collector.G1, Buffers.HEAP, Analyser.Parse.OBJECTS);
    private static final Solution PARALLEL_HEAP =
            Solution.java(Collector.PARALLEL, Buffers.HEAP, Analyser.Parse.OBJECTS);

    private static Claim claim(PacketAnalyserFigures figures, String startsWith) {
        return VerdictClaims.of(PacketAnalyserClaims.judge(figures), startsWith);
    }

    @Test
    void poolingAgainstAllocationDecidesOnThePerRoundRatioAgainstOne() {
        String g1 = "pooling faster than allocation in batch, G1";
        // pooling below allocation in every round: reproduced, with the ratio's interval
        Claim holds = claim(
                batch(
                        heap(Collector.G1, Strategy.POOL, "B", 400, 420, 410),
                        heap(Collector.G1, Strategy.ALLOC, "B", 900, 800, 850)),
                g1);
        assertThat(holds.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(holds.measure().n()).isEqualTo(3);
        assertThat(holds.measure().high()).isLessThan(1.0);
        assertThat(holds.reason()).contains("heap B: pooling 410 vs allocation 850 ns/packet");
        // above in every round: contradicted
        Claim fails = claim(
                batch(
                        heap(Collector.G1, Strategy.POOL, "B", 926, 900),
                        heap(Collector.G1, Strategy.ALLOC, "B", 358, 400)),
                g1);
        assertThat(fails.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        // one round each side of the line: undecided
        Claim straddles = claim(
                batch(
                        heap(Collector.G1, Strategy.POOL, "B", 400, 500),
                        heap(Collector.G1, Strategy.ALLOC, "B", 450, 450)),
                g1);
        assertThat(straddles.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(straddles.reason()).contains("straddles");
        // one round: no interval
        assertThat(claim(
                                batch(
                                        heap(Collector.G1, Strategy.POOL, "B", 400),
                                        heap(Collector.G1, Strategy.ALLOC, "B", 900)),
                                g1)
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        // not measured under Parallel
        assertThat(claim(
                                batch(
                                        heap(Collector.G1, Strategy.POOL, "B", 400, 420),
                                        heap(Collector.G1, Strategy.ALLOC, "B", 900, 800)),
                                "pooling faster than allocation in batch, Parallel")
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void aFailedRoundIsLeftOutOfTheRatios() {
        Claim c = claim(
                batch(
                        heap(Collector.ZGC, Strategy.POOL, "B", 400, Double.NaN, 410),
                        heap(Collector.ZGC, Strategy.ALLOC, "B", 800, 820, 790)),
                "pooling faster than allocation in batch, ZGC");
        assertThat(c.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(c.measure().n()).isEqualTo(2);
    }

    @Test
    void poolingMustWinForEveryBufferKindAndCaseOfACollector() {
        PacketAnalyserFigures f = batch(
                heap(Collector.G1, Strategy.ALLOC, "B", 500, 510),
                heap(Collector.G1, Strategy.POOL, "B", 400, 390),
                of(NATIVE_G1, Strategy.ALLOC, "B", 300, 290),
                of(NATIVE_G1, Strategy.POOL, "B", 320, 310));
        Claim g1 = claim(f, "pooling faster than allocation in batch, G1");
        assertThat(g1.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(g1.reason()).contains("heap B").contains("native B");
        assertThat(g1.measure().low()).isGreaterThan(1.0); // the part that decided
    }

    @Test
    void mechsymsFlatParseIsNotThePostsSolution() {
        Solution flatParse = Solution.java(Collector.G1, Buffers.NATIVE, Analyser.Parse.FLAT);
        PacketAnalyserFigures f = batch(
                of(flatParse, Strategy.ALLOC, "B", 100, 100),
                of(flatParse, Strategy.POOL, "B", 900, 900),
                of(Solution.CPP_FLAT, Strategy.POOL, "B", 150, 150),
                heap(Collector.G1, Strategy.POOL, "B", 400, 400));
        assertThat(claim(f, "pooling faster than allocation in batch, G1").outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(f, "flat C++ fastest in batch").outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void cppPoolingAgainstAllocation() {
        Claim holds = claim(
                batch(
                        of(Solution.CPP, Strategy.ALLOC, "B", 560, 570),
                        of(Solution.CPP, Strategy.POOL, "B", 233, 240),
                        of(Solution.CPP_FLAT, Strategy.ALLOC, "B", 409, 400),
                        of(Solution.CPP_FLAT, Strategy.POOL, "B", 148, 150)),
                "pooling faster than allocation in batch, C++");
        assertThat(holds.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(holds.reason()).contains("C++ B").contains("C++ flat B");
        Claim fails = claim(
                batch(of(Solution.CPP, Strategy.ALLOC, "B", 200, 210), of(Solution.CPP, Strategy.POOL, "B", 233, 240)),
                "pooling faster than allocation in batch, C++");
        assertThat(fails.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void mixAtLowUtilisationWithinTenPercentOfPoolingOnOurLine() {
        String mix = "mix as fast as pooling at low utilisation";
        Claim within = claim(
                batch(
                        heap(Collector.G1, Strategy.MIX, "A", 134, 140, 136),
                        heap(Collector.G1, Strategy.POOL, "A", 140, 135, 138)),
                mix);
        assertThat(within.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(within.lineIsOurs()).isTrue();
        assertThat(within.measure().line()).isEqualTo(PacketAnalyserClaims.MIX_TOLERANCE);
        Claim slower = claim(
                batch(
                        heap(Collector.G1, Strategy.MIX, "A1000", 200, 210),
                        heap(Collector.G1, Strategy.POOL, "A1000", 140, 150)),
                mix);
        assertThat(slower.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(slower.reason()).contains("G1 A1000: mix");
        // 1.05x in one round, 1.15x in the other: straddles 1.1
        Claim straddles = claim(
                batch(
                        heap(Collector.G1, Strategy.MIX, "A", 105, 115),
                        heap(Collector.G1, Strategy.POOL, "A", 100, 100)),
                mix);
        assertThat(straddles.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        Claim notRun = claim(
                batch(
                        heap(Collector.G1, Strategy.MIX, "B", 100, 100),
                        heap(Collector.G1, Strategy.POOL, "B", 100, 100)),
                mix);
        assertThat(notRun.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(notRun.reason()).contains("case A not run");
    }

    @Test
    void poolingBeatsMixInCaseCForMostSolutions() {
        String c = "pooling faster than mix at high utilisation";
        Claim notMost = claim(
                batch(
                        heap(Collector.G1, Strategy.POOL, "C", 740, 750),
                        heap(Collector.G1, Strategy.MIX, "C", 625, 630),
                        heap(Collector.ZGC, Strategy.POOL, "C", 453, 460),
                        heap(Collector.ZGC, Strategy.MIX, "C", 436, 440)),
                c);
        assertThat(notMost.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Claim most = claim(
                batch(
                        heap(Collector.G1, Strategy.POOL, "C", 740, 750),
                        heap(Collector.G1, Strategy.MIX, "C", 625, 630),
                        heap(Collector.PARALLEL, Strategy.POOL, "C", 415, 420),
                        heap(Collector.PARALLEL, Strategy.MIX, "C", 466, 470),
                        of(Solution.CPP, Strategy.POOL, "C", 274, 280),
                        of(Solution.CPP, Strategy.MIX, "C", 307, 300)),
                c);
        assertThat(most.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(most.reason()).contains("pooling faster in 2 of 3");
        Claim notRun = claim(batch(), c);
        assertThat(notRun.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(notRun.reason()).contains("decided at the post's size only: `--profile full`", "495,000");
    }

    @Test
    void flatCppFastestInBatchComparesTheBestOfEachSidePerRound() {
        String flat = "flat C++ fastest in batch";
        Claim wins = claim(
                batch(
                        of(Solution.CPP_FLAT, Strategy.POOL, "B", 148, 150),
                        of(Solution.CPP_FLAT, Strategy.ALLOC, "B", 409, 400),
                        of(NATIVE_G1, Strategy.POOL, "B", 249, 250),
                        of(Solution.CPP, Strategy.POOL, "B", 233, 230)),
                flat);
        assertThat(wins.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(wins.reason()).contains("case B: flat C++ Pooling 149 vs next C++ Pooling 232");
        Claim loses = claim(
                batch(
                        of(Solution.CPP_FLAT, Strategy.POOL, "B", 300, 310),
                        of(PARALLEL_HEAP, Strategy.POOL, "B", 250, 260)),
                flat);
        assertThat(loses.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Claim straddles = claim(
                batch(
                        of(Solution.CPP_FLAT, Strategy.POOL, "B", 240, 260),
                        of(PARALLEL_HEAP, Strategy.POOL, "B", 250, 250)),
                flat);
        assertThat(straddles.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void realTimeSubClaimsWithoutCellsNameTheProfilesThatRunThem() {
        Verdict v = PacketAnalyserClaims.judge(batch(heap(Collector.G1, Strategy.POOL, "B", 400, 420)));
        for (String c : List.of(
                "pooling loses less than allocation in real time",
                "G1 loses less than Parallel",
                "ZGC loses less than Parallel")) {
            Claim claim = VerdictClaims.of(v, c);
            assertThat(claim.outcome()).as(c).isEqualTo(Outcome.INCONCLUSIVE);
            assertThat(claim.reason()).as(c).contains("not run in this profile: `--profile full`", "1,000 ns");
        }
        Claim flat = VerdictClaims.of(v, "flat C++ fastest in real time");
        assertThat(flat.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(flat.reason()).contains("decided at the post's size only: `--profile full`");
    }

    @Test
    void trialsAtTheReferenceDecideCleanAgainstLossyAndTieWhenBothAreClean() {
        String g1 = "G1 loses less than Parallel";
        Strategy pool = Strategy.POOL;
        Claim holds = claim(twoRoundsAtReference(G1_HEAP, pool, 0, 0, PARALLEL_HEAP, pool, 6.2, 5.8), g1);
        assertThat(holds.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(holds.reason()).contains("no loss at 1000 ns vs lost 6.20% at 1000 ns");
        assertThat(claim(twoRoundsAtReference(G1_HEAP, pool, 2, 3, PARALLEL_HEAP, pool, 0, 0), g1)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        Claim tied = claim(twoRoundsAtReference(G1_HEAP, pool, 0, 0, PARALLEL_HEAP, pool, 0, 0), g1);
        assertThat(tied.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(tied.reason()).contains("tied");
        String pooling = "pooling loses less than allocation in real time";
        Strategy alloc = Strategy.ALLOC;
        assertThat(claim(twoRoundsAtReference(PARALLEL_HEAP, pool, 6.2, 5.8, PARALLEL_HEAP, alloc, 0, 0), pooling)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(twoRoundsAtReference(PARALLEL_HEAP, pool, 0.5, 0.4, PARALLEL_HEAP, alloc, 9, 12), pooling)
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    /** Case A trials at the post's 1,000 ns in rounds 0 and 1: the share each lost (0: clean). */
    private static PacketAnalyserFigures twoRoundsAtReference(
            Solution first,
            Strategy firstStrategy,
            double firstLost0,
            double firstLost1,
            Solution second,
            Strategy secondStrategy,
            double secondLost0,
            double secondLost1) {
        return realTime(
                reference(first, firstStrategy, "A", 0, firstLost0),
                reference(first, firstStrategy, "A", 1, firstLost1),
                reference(second, secondStrategy, "A", 0, secondLost0),
                reference(second, secondStrategy, "A", 1, secondLost1));
    }

    @Test
    void g1AgainstParallelInRealTimeMustWinEveryRound() {
        String g1 = "G1 loses less than Parallel";
        PacketAnalyserFigures better = realTime(
                cell(G1_HEAP, Strategy.POOL, "B", 0, 500L, 0),
                cell(G1_HEAP, Strategy.POOL, "B", 1, 600L, 0),
                cell(PARALLEL_HEAP, Strategy.POOL, "B", 0, null, 17),
                cell(PARALLEL_HEAP, Strategy.POOL, "B", 1, null, 12));
        Claim holds = claim(better, g1);
        assertThat(holds.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(holds.reason()).contains("500 ns vs lost 17.0%");
        PacketAnalyserFigures worse = realTime(
                cell(G1_HEAP, Strategy.POOL, "B", 0, 700L, 0),
                cell(G1_HEAP, Strategy.POOL, "B", 1, 800L, 0),
                cell(PARALLEL_HEAP, Strategy.POOL, "B", 0, 350L, 0),
                cell(PARALLEL_HEAP, Strategy.POOL, "B", 1, 400L, 0));
        assertThat(claim(worse, g1).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        PacketAnalyserFigures split = realTime(
                cell(G1_HEAP, Strategy.POOL, "B", 0, 300L, 0),
                cell(G1_HEAP, Strategy.POOL, "B", 1, 800L, 0),
                cell(PARALLEL_HEAP, Strategy.POOL, "B", 0, 350L, 0),
                cell(PARALLEL_HEAP, Strategy.POOL, "B", 1, 400L, 0));
        assertThat(claim(split, g1).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        PacketAnalyserFigures tied = realTime(
                cell(G1_HEAP, Strategy.POOL, "B", 0, 20L, 0),
                cell(G1_HEAP, Strategy.POOL, "B", 1, 20L, 0),
                cell(PARALLEL_HEAP, Strategy.POOL, "B", 0, 20L, 0),
                cell(PARALLEL_HEAP, Strategy.POOL, "B", 1, 20L, 0));
        assertThat(claim(tied, g1).reason()).contains("tied");
        assertThat(claim(tied, g1).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void poolingAgainstAllocationAndFlatCppInRealTime() {
        PacketAnalyserFigures f = realTime(
                cell(Solution.CPP_FLAT, Strategy.POOL, "B", 0, 190L, 0),
                cell(Solution.CPP_FLAT, Strategy.POOL, "B", 1, 200L, 0),
                cell(Solution.CPP_FLAT, Strategy.ALLOC, "B", 0, 650L, 0),
                cell(Solution.CPP_FLAT, Strategy.ALLOC, "B", 1, 600L, 0),
                cell(G1_HEAP, Strategy.POOL, "B", 0, 600L, 0),
                cell(G1_HEAP, Strategy.POOL, "B", 1, 600L, 0));
        assertThat(claim(f, "pooling loses less than allocation in real time").outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(f, "flat C++ fastest in real time").outcome()).isEqualTo(Outcome.REPRODUCED);
        PacketAnalyserFigures slower = realTime(
                cell(Solution.CPP_FLAT, Strategy.POOL, "B", 0, 900L, 0),
                cell(Solution.CPP_FLAT, Strategy.POOL, "B", 1, 900L, 0),
                cell(G1_HEAP, Strategy.POOL, "B", 0, 600L, 0),
                cell(G1_HEAP, Strategy.POOL, "B", 1, 600L, 0));
        assertThat(claim(slower, "flat C++ fastest in real time").outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void nothingMeasuredIsInconclusive() {
        assertThat(PacketAnalyserClaims.judge(batch()).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    private static PacketAnalyserFigures realTime(RealTimeCell... cells) {
        return new PacketAnalyserFigures(List.of(), List.of(cells), List.of());
    }
}

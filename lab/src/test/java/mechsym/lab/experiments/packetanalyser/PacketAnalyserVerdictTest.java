package mechsym.lab.experiments.packetanalyser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Summary;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.lab.experiments.packetanalyser.PacketAnalyserExperiment.BatchFigure;
import mechsym.lab.experiments.packetanalyser.PacketAnalyserVerdict.RealTimeCell;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.Buffers;
import org.junit.jupiter.api.Test;

class PacketAnalyserVerdictTest {
    private static final String PARALLEL = Collector.PARALLEL.label();

    static BatchFigure java(Collector collector, String strategy, String caseLabel, double ns) {
        return java(collector, Buffers.HEAP, Analyser.Parse.OBJECTS, strategy, caseLabel, ns);
    }

    static BatchFigure java(
            Collector collector, Buffers buffers, Analyser.Parse parse, String strategy, String caseLabel, double ns) {
        return BatchFigure.java(
                new JavaConfig(collector, buffers, parse, List.of()), strategy, caseLabel, Summary.of(ns));
    }

    static BatchFigure cpp(String solution, String strategy, String caseLabel, double ns) {
        return BatchFigure.cpp(solution, strategy, caseLabel, Summary.of(ns));
    }

    private static RealTimeCell heapCell(
            Collector collector, String strategy, String caseLabel, Long minClean, double lost) {
        return new RealTimeCell(
                collector.label(), collector.label(), "heap", true, strategy, caseLabel, minClean, lost);
    }

    private static RealTimeCell cppCell(
            String solution, String strategy, String caseLabel, Long minClean, double lost) {
        return new RealTimeCell(solution, null, null, true, strategy, caseLabel, minClean, lost);
    }

    private static Claim claim(Verdict v, String startsWith) {
        return VerdictClaims.of(v, startsWith);
    }

    @Test
    void allocationFasterThanPoolingUnderACollectorContradictsThePostsHeadline() {
        // the quick run's G1 heap figures: allocation 358 ns, pooling 926 ns
        Verdict v = PacketAnalyserVerdict.judge(
                List.of(
                        java(Collector.G1, "alloc", "B", 358),
                        java(Collector.G1, "pool", "B", 926),
                        java(Collector.ZGC, "alloc", "B", 800),
                        java(Collector.ZGC, "pool", "B", 400)),
                List.of());
        Claim g1 = claim(v, "pooling faster than allocation in batch, G1");
        assertThat(g1.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(g1.reason()).contains("pooling 926 vs allocation 358").contains("Contradicted");
        assertThat(claim(v, "pooling faster than allocation in batch, ZGC").outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, "pooling faster than allocation in batch, Parallel").outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).doesNotContain("goal");
    }

    @Test
    void poolingMustWinForEveryBufferKindAndCaseOfACollector() {
        List<BatchFigure> batch = List.of(
                java(Collector.G1, "alloc", "B", 500),
                java(Collector.G1, "pool", "B", 400),
                java(Collector.G1, Buffers.NATIVE, Analyser.Parse.OBJECTS, "alloc", "B", 300),
                java(Collector.G1, Buffers.NATIVE, Analyser.Parse.OBJECTS, "pool", "B", 300));
        Claim g1 = claim(PacketAnalyserVerdict.judge(batch, List.of()), "pooling faster than allocation in batch, G1");
        assertThat(g1.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(g1.reason()).contains("heap B").contains("native B");
        List<BatchFigure> faster = new ArrayList<>(batch.subList(0, 3));
        faster.add(java(Collector.G1, Buffers.NATIVE, Analyser.Parse.OBJECTS, "pool", "B", 299));
        assertThat(claim(PacketAnalyserVerdict.judge(faster, List.of()), "pooling faster than allocation in batch, G1")
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void mechsymsFlatParseIsNotThePostsSolution() {
        // allocation faster only in flat-parse Java: the post's claim is untouched
        Verdict v = PacketAnalyserVerdict.judge(
                List.of(
                        java(Collector.G1, "alloc", "B", 500),
                        java(Collector.G1, "pool", "B", 400),
                        java(Collector.G1, Buffers.NATIVE, Analyser.Parse.FLAT, "alloc", "B", 100),
                        java(Collector.G1, Buffers.NATIVE, Analyser.Parse.FLAT, "pool", "B", 200),
                        cpp("C++ flat", "pool", "B", 150)),
                List.of());
        assertThat(claim(v, "pooling faster than allocation in batch, G1").outcome())
                .isEqualTo(Outcome.REPRODUCED);
        // flat C++ 150 against the post's solutions only (G1 pooling 400), not flat-parse Java's 100
        assertThat(claim(v, "flat C++ fastest in batch").outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void cppPoolingAgainstAllocation() {
        Claim holds = claim(
                PacketAnalyserVerdict.judge(
                        List.of(
                                cpp("C++", "alloc", "B", 560),
                                cpp("C++", "pool", "B", 233),
                                cpp("C++ flat", "alloc", "B", 409),
                                cpp("C++ flat", "pool", "B", 148)),
                        List.of()),
                "pooling faster than allocation in batch, C++");
        assertThat(holds.outcome()).isEqualTo(Outcome.REPRODUCED);
        Claim fails = claim(
                PacketAnalyserVerdict.judge(
                        List.of(cpp("C++", "alloc", "B", 200), cpp("C++", "pool", "B", 233)), List.of()),
                "pooling faster than allocation in batch, C++");
        assertThat(fails.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void mixAtLowUtilisationWithinTenPercentOfPooling() {
        Claim within = claim(
                PacketAnalyserVerdict.judge(
                        List.of(java(Collector.G1, "mix", "A", 110), java(Collector.G1, "pool", "A", 100)), List.of()),
                "mix as fast as pooling");
        assertThat(within.outcome()).isEqualTo(Outcome.REPRODUCED);
        Claim slower = claim(
                PacketAnalyserVerdict.judge(
                        List.of(java(Collector.G1, "mix", "A1000", 111), java(Collector.G1, "pool", "A1000", 100)),
                        List.of()),
                "mix as fast as pooling");
        assertThat(slower.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(slower.reason()).contains("Mix slower in G1 A1000");
        Claim notRun = claim(
                PacketAnalyserVerdict.judge(
                        List.of(java(Collector.G1, "mix", "B", 100), java(Collector.G1, "pool", "B", 100)), List.of()),
                "mix as fast as pooling");
        assertThat(notRun.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(notRun.reason()).contains("case A not run");
    }

    @Test
    void poolingBeatsMixInCaseCForMostSolutions() {
        List<BatchFigure> two = List.of(
                java(Collector.G1, "pool", "C", 740),
                java(Collector.G1, "mix", "C", 625),
                cpp("C++", "pool", "C", 274),
                cpp("C++", "mix", "C", 307));
        // one of two is not most
        assertThat(claim(PacketAnalyserVerdict.judge(two, List.of()), "pooling faster than mix")
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        List<BatchFigure> three = new ArrayList<>(two);
        three.add(cpp("C++ flat", "pool", "C", 171));
        three.add(cpp("C++ flat", "mix", "C", 184));
        Claim most = claim(PacketAnalyserVerdict.judge(three, List.of()), "pooling faster than mix");
        assertThat(most.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(most.reason()).contains("pooling faster in 2 of 3");
    }

    @Test
    void g1AndZgcAgainstParallelInRealTime() {
        List<RealTimeCell> cells = List.of(
                heapCell(Collector.PARALLEL, "pool", "B", null, 17),
                heapCell(Collector.G1, "pool", "B", 500L, 0),
                heapCell(Collector.ZGC, "pool", "B", null, 20));
        Verdict v = PacketAnalyserVerdict.judge(List.of(), cells);
        Claim g1 = claim(v, "G1 loses less than Parallel");
        assertThat(g1.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(g1.reason()).contains("G1 500 ns vs Parallel lost 17");
        assertThat(claim(v, "ZGC loses less than Parallel").outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        // both clean at the same smallest interval: the ladder does not separate them
        Verdict tied = PacketAnalyserVerdict.judge(
                List.of(),
                List.of(
                        heapCell(Collector.PARALLEL, "pool", "B", 250L, 0),
                        heapCell(Collector.G1, "pool", "B", 250L, 0)));
        assertThat(claim(tied, "G1 loses less than Parallel").outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        // two clean: the smaller interval is better
        Verdict smaller = PacketAnalyserVerdict.judge(
                List.of(),
                List.of(
                        heapCell(Collector.PARALLEL, "pool", "B", 250L, 0),
                        heapCell(Collector.G1, "pool", "B", 500L, 0)));
        assertThat(claim(smaller, "G1 loses less than Parallel").outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(PacketAnalyserVerdict.judge(List.of(), List.of()), "G1 loses less than Parallel")
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void poolingAgainstAllocationInRealTime() {
        Claim holds = claim(
                PacketAnalyserVerdict.judge(
                        List.of(),
                        List.of(
                                heapCell(Collector.G1, "alloc", "B", 2000L, 0),
                                heapCell(Collector.G1, "pool", "B", 600L, 0))),
                "pooling loses less than allocation in real time");
        assertThat(holds.outcome()).isEqualTo(Outcome.REPRODUCED);
        Claim fails = claim(
                PacketAnalyserVerdict.judge(
                        List.of(),
                        List.of(
                                heapCell(Collector.G1, "alloc", "B", null, 0.8),
                                heapCell(Collector.G1, "pool", "B", null, 17))),
                "pooling loses less than allocation in real time");
        assertThat(fails.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void flatCppFastestInBatchAndRealTime() {
        Verdict wins = PacketAnalyserVerdict.judge(
                List.of(java(Collector.PARALLEL, "pool", "B", 213), cpp("C++ flat", "pool", "B", 148)),
                List.of(cppCell("C++ flat", "pool", "B", 190L, 0), heapCell(Collector.ZGC, "pool", "B", 420L, 0)));
        assertThat(claim(wins, "flat C++ fastest in batch").outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(wins, "flat C++ fastest in real time").outcome()).isEqualTo(Outcome.REPRODUCED);
        Verdict loses = PacketAnalyserVerdict.judge(
                List.of(java(Collector.PARALLEL, "pool", "B", 140), cpp("C++ flat", "pool", "B", 148)),
                List.of(cppCell("C++ flat", "pool", "B", null, 0.1), heapCell(Collector.ZGC, "pool", "B", 420L, 0)));
        Claim batch = claim(loses, "flat C++ fastest in batch");
        assertThat(batch.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(batch.reason()).contains("Beaten in case B");
        assertThat(claim(loses, "flat C++ fastest in real time").outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(PacketAnalyserVerdict.judge(List.of(), List.of()), "flat C++ fastest in batch")
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void nothingMeasuredIsInconclusive() {
        assertThat(PacketAnalyserVerdict.judge(List.of(), List.of()).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}

package mechsym.lab.experiments.lazyset;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.lab.experiments.lazyset.LazySetClaims.Storage;
import mechsym.lab.rigs.pingpong.MadeUpMachine;
import mechsym.tools.platform.CpuTopology;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The post's 5-6x in catch-up and no slower in ping-pong, judged in each of its storages from per-round
 * ratios fed on both sides of each line and across it; the same-core runs need SMT siblings.
 */
class LazySetClaimsTest {
    @TempDir
    Path sys;

    private CpuTopology smt;

    @BeforeEach
    void machine() throws IOException {
        smt = MadeUpMachine.of(sys, 1, 2, 2);
    }

    private static Storage atomic(List<Double> cost, List<Double> latency) {
        return new Storage("AtomicLong", cost, latency);
    }

    private Verdict judge(Storage... storages) {
        return LazySetClaims.judge(List.of(storages), smt);
    }

    @Test
    void fiveTimesCheaperAndNoSlowerInEveryRoundReproduces() {
        var v = judge(
                atomic(List.of(5.5, 6.0, 5.2), List.of(1.0, 0.9, 1.1)),
                new Storage("field", List.of(6.0, 5.1, 7.0), List.of(1.0, 1.05, 0.95)));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims()).hasSize(6);
        assertThat(VerdictClaims.of(v, "catch-up, field: by the post's").reason())
                .contains("6.00x, min–max 5.10–7.00x (75% CI), n=3");
    }

    @Test
    void twiceCheaperIsNotThePostsSize() {
        var v = judge(atomic(List.of(2.0, 2.5, 3.0), List.of(1.0, 1.0, 1.0)));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(VerdictClaims.of(v, "catch-up, AtomicLong: volatile dearer").outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(VerdictClaims.of(v, "catch-up, AtomicLong: by the post's").outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(VerdictClaims.of(v, "catch-up, AtomicLong: volatile dearer").lineIsOurs())
                .isTrue();
        assertThat(VerdictClaims.of(v, "catch-up, AtomicLong: by the post's").lineIsOurs())
                .isFalse();
    }

    @Test
    void roundsStraddlingALineDecideNothing() {
        assertThat(VerdictClaims.of(
                                judge(atomic(List.of(1.5, 2.5), List.of(1.0, 1.0))), "catch-up, AtomicLong: volatile")
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        var v = judge(atomic(List.of(4.0, 5.5, 6.0), List.of(1.0, 1.2, 1.1)));
        assertThat(VerdictClaims.of(v, "catch-up, AtomicLong: by the post's").outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(VerdictClaims.of(v, "ping-pong, AtomicLong").outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(VerdictClaims.of(judge(atomic(List.of(5.5), List.of(1.0))), "catch-up, AtomicLong: by")
                        .outcome())
                .as("one round never decides")
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void notCheaperAndSlowerIsNotReproduced() {
        var v = judge(atomic(List.of(1.1, 1.3, 1.5), List.of(1.3, 1.5, 1.2)));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(VerdictClaims.of(v, "ping-pong, AtomicLong").lineIsOurs()).isTrue();
    }

    @Test
    void aStorageMissingAnExperimentIsUndecided() {
        var v = judge(atomic(List.of(), List.of(1.0, 1.0)));
        assertThat(VerdictClaims.of(v, "catch-up, AtomicLong: by").outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(VerdictClaims.of(v, "ping-pong, AtomicLong").outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(judge().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void theSameCoreRunsNeedSmtSiblings() throws IOException {
        CpuTopology vm = MadeUpMachine.of(sys.resolve("vm"), 1, 2, 1);
        var v = LazySetClaims.judge(List.of(atomic(List.of(5.5, 6.0), List.of(1.0, 1.0))), vm);
        assertThat(VerdictClaims.of(v, "the post's same-core").outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(VerdictClaims.of(v, "the post's same-core").reason()).contains("Needs: SMT siblings");
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(judge(atomic(List.of(5.5, 6.0), List.of(1.0, 1.0))).claims())
                .noneMatch(c -> c.claim().startsWith("the post's same-core"));
    }
}

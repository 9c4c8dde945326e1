package mechsym.lab.experiments.cas;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.tools.platform.CpuAffinity;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.NativePrograms;
import org.junit.jupiter.api.Test;

class CasExperimentTest {
    @Test
    void tinyRunMeasuresEveryCaseAtEveryThreadCount() throws Exception {
        ExperimentResult result = TinyRun.run(new CasExperiment());
        Table measured = result.table("measured");
        int cores = CpuAffinity.isSupported()
                ? CpuTopology.ofThisProcess().onePerCore().size()
                : Runtime.getRuntime().availableProcessors();
        int threadCounts = CasExperiment.threadCounts(cores).size();
        boolean cpp = NativePrograms.program("atomic_inc").isAvailable();
        assertThat(measured.rows()).hasSize((cpp ? 10 : 6) * threadCounts);
        assertThat(TinyRun.texts(measured, "case"))
                .contains(
                        "Java getAndAdd",
                        "Java compareAndSet loop",
                        "Java compareAndExchange loop",
                        "core Sequence getAndAdd",
                        "core Sequence compareAndSet loop");
        if (cpp) {
            assertThat(TinyRun.texts(measured, "case")).contains("C++ LOCK XADD", "C++ LOCK CMPXCHG VAL");
        }
        TinyRun.positives(measured, "median");
        TinyRun.positives(measured, "throughput (median)");
        assertThat(result.table("seed-1").source()).isEqualTo(Table.Source.SEED);
        // shares and run lengths on both sides where there is contention; the verdict judges each side
        if (cores > 1) {
            assertThat(TinyRun.texts(result.table("fairness"), "case")).contains("Java compareAndSet loop");
            assertThat(TinyRun.texts(result.table("run-lengths"), "case"))
                    .contains("Java getAndAdd", "Java compareAndSet loop");
            if (cpp) {
                assertThat(TinyRun.texts(result.table("fairness"), "case")).contains("C++ LOCK CMPXCHG BOOL");
                assertThat(TinyRun.texts(result.table("run-lengths"), "case"))
                        .contains("C++ LOCK XADD", "C++ LOCK CMPXCHG BOOL");
            }
        }
        assertThat(result.verdict().claims())
                .extracting(Verdict.Claim::claim)
                .contains(
                        "Java getAndAdd is several times dearer contended",
                        "Java getAndAdd: a core makes a run of increments before losing the line",
                        CasClaims.FAIRER);
        assertThat(result.goals()).extracting(g -> g.goal()).contains(CasGoals.SEQUENCE_GOAL);
    }

    @Test
    void everyJavaLoopCountsToItsTargetWithContention() throws Exception {
        for (CasRun.Case c : CasRun.Case.values()) {
            // runOnce throws when the counter ends outside [target, target + threads]
            CasRun.Run run = CasRun.runOnce(c, 2, 20_000, 0);
            assertThat(run.counter()).as(c.name()).isBetween(20_000L, 20_002L);
            assertThat(run.durationNs()).isPositive();
        }
    }

    @Test
    void pinnedThreadsStillCountToTheirTarget() throws Exception {
        int[] cpus = CpuAffinity.isSupported()
                ? CpuTopology.ofThisProcess().onePerCore().stream()
                        .mapToInt(Integer::intValue)
                        .toArray()
                : new int[0];
        CasRun.Run run = CasRun.runOnce(CasRun.Case.CAS_LOOP, 2, 20_000, 0, cpus);
        assertThat(run.perThread()).hasSize(2);
        assertThat(run.perThread()[0] + run.perThread()[1]).isEqualTo(run.counter());
    }

    @Test
    void threadCountsGoFromOneToTheCores() {
        assertThat(CasExperiment.threadCounts(1)).containsExactly(1);
        assertThat(CasExperiment.threadCounts(2)).containsExactly(1, 2);
        assertThat(CasExperiment.threadCounts(4)).containsExactly(1, 2, 3, 4);
        assertThat(CasExperiment.threadCounts(6)).containsExactly(1, 2, 4, 6);
        assertThat(CasExperiment.threadCounts(16)).containsExactly(1, 2, 4, 8, 16);
    }
}

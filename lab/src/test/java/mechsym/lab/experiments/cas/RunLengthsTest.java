package mechsym.lab.experiments.cas;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunLengthsTest {
    /** Values 1..10: thread 0 takes 1-3 and 8-10, thread 1 takes 4-7: runs 3, 4, 3. */
    @Test
    void aRunIsConsecutiveValuesOfOneThread() {
        int[][] values = {{1, 2, 3, 8, 9, 10}, {4, 5, 6, 7}};
        RunLengths r = RunLengths.of(values, new long[] {6, 4}, 10);
        assertThat(r.runs()).isEqualTo(3);
        assertThat(r.increments()).isEqualTo(10);
        assertThat(r.p50()).isEqualTo(3);
        assertThat(r.max()).isEqualTo(4);
        assertThat(r.mean()).isEqualTo(10 / 3.0);
        // 3 is in [2, 4), 4 in [4, 8)
        assertThat(r.log2()).containsExactly(0, 2, 1);
        assertThat(r.shareOfRuns(1, 2)).isEqualTo(2 / 3.0);
    }

    /** A thread alone for a time slice makes one long run; the contended figures leave it out. */
    @Test
    void aTimeSliceAloneIsNotContention() {
        RunLengths r = RunLengths.ofLengths(new long[] {5, 4, 6, 5, 100_000});
        assertThat(r.p50()).isEqualTo(5);
        assertThat(r.contendedIncrements()).isEqualTo(20);
        assertThat(r.contendedP50()).isEqualTo(5);
        assertThat(r.overlap()).isEqualTo(20 / 100_020.0);
    }

    @Test
    void strictAlternationIsRunsOfOne() {
        int[][] values = {{1, 3, 5, 7}, {2, 4, 6, 8}};
        RunLengths r = RunLengths.of(values, new long[] {4, 4}, 8);
        assertThat(r.runs()).isEqualTo(8);
        assertThat(r.p50()).isEqualTo(1);
        assertThat(r.p99()).isEqualTo(1);
        assertThat(r.shareOfRuns(0, 1)).isEqualTo(1.0);
    }

    @Test
    void theJavaRecordingRunCoversEveryIncrement() throws Exception {
        for (CasRun.Case c : CasRun.RECORDED) {
            CasRun.Run run = CasRun.recordOnce(c, 2, 50_000, 1, new int[0]);
            assertThat(run.runLengths().increments()).as(c.name()).isEqualTo(run.counter());
            assertThat(run.runLengths().runs()).isBetween(1L, run.counter());
        }
    }
}

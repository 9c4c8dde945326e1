package mechsym.tools.analyser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RealTimeTest {
    @TempDir
    Path dir;

    @Test
    void lossCounterCountsEachGapExactly() {
        LossCounter loss = new LossCounter();
        for (long s : new long[] {0, 1, 2, 5, 6, 10, 11, 111}) {
            loss.onSequence(s);
        }
        assertThat(loss.received()).isEqualTo(8);
        assertThat(loss.lost()).isEqualTo(2 + 3 + 99);
        assertThatThrownBy(() -> loss.onSequence(50)).hasMessageContaining("went backwards");
    }

    @Test
    void knownGapsWrittenIntoTheMappedQueueAreCountedExactly() throws IOException {
        AnalyserSetup setup =
                new AnalyserSetup(AnalyserCase.A.scaledDown(100), Strategy.MIX, Buffers.NATIVE, AnalyserTest.SMALL);
        long injected = 0;
        try (ClockQueue queue = ClockQueue.create(dir.resolve("q"), 50_000, 1_000);
                Analyser analyser = setup.newAnalyser(3)) {
            long position = 0;
            for (long sequence = 0; sequence < 60_000; sequence++) {
                if (sequence % 1_000 == 7) { // a gap of 1..3 numbers after every 1,000th
                    long gap = 1 + sequence / 1_000 % 3;
                    injected += gap;
                    sequence += gap;
                }
                assertThat(queue.offer(position++, sequence)).isTrue();
                if (position % 10_000 == 0) {
                    // the reader has not run yet: free the slots as if it had, to fit 60,000 in 50,000
                    drainInto(queue, analyser, position, new LossCounter());
                }
            }
        }
        // the same, read by the real-time loop end to end
        LossCounter expected = new LossCounter();
        long lost;
        try (ClockQueue queue = ClockQueue.create(dir.resolve("q2"), 70_000, 1_000);
                Analyser analyser = setup.newAnalyser(3)) {
            long position = 0;
            injected = 0;
            for (long sequence = 0; sequence < 60_000; sequence++) {
                if (sequence % 1_000 == 7) {
                    long gap = 1 + sequence / 1_000 % 3;
                    injected += gap;
                    sequence += gap;
                }
                queue.offer(position++, sequence);
                expected.onSequence(sequence);
            }
            queue.setStateRelease(ClockQueue.STATE_STOPPED);
            List<RealTimeRun.Line> lines = new ArrayList<>();
            RealTimeRun.Result result =
                    new RealTimeRun(60_000_000_000L, 0, 1_000_000_000L).run(analyser, queue, lines::add);
            lost = result.lost();
            assertThat(result.received()).isEqualTo(position);
            assertThat(lines).isNotEmpty();
            assertThat(lines.stream().mapToLong(RealTimeRun.Line::lost).sum()).isEqualTo(lost);
        }
        assertThat(injected).isEqualTo(expected.lost()).isPositive();
        assertThat(lost).isEqualTo(injected);
        assertThat(dir.resolve("q2")).doesNotExist();
    }

    private static void drainInto(ClockQueue queue, Analyser analyser, long upTo, LossCounter loss) {
        queue.readPositionRelease(upTo);
        assertThat(analyser).isNotNull();
        assertThat(loss.lost()).isZero();
    }

    @Test
    void theBisectionFindsTheThresholdAndReportsLossWhenThereIsNone() throws Exception {
        MinIntervalSearch search = MinIntervalSearch.POST;
        MinIntervalSearch.Outcome found = search.search(interval -> fake(interval, 337), WINDOW_NS, r -> {});
        assertThat(found.minIntervalNs()).isBetween(337L, 337L + 337 / 20 + 1);
        assertThat(found.cell()).isEqualTo(Long.toString(found.minIntervalNs()));
        MinIntervalSearch.Outcome above = search.search(interval -> fake(interval, 2_500), WINDOW_NS, r -> {});
        assertThat(above.minIntervalNs()).isBetween(2_500L, 2_500L + 2_500 / 20 + 1);
        MinIntervalSearch.Outcome none = search.search(interval -> fake(interval, 1_000_000), WINDOW_NS, r -> {});
        assertThat(none.minIntervalNs()).isNull();
        assertThat(none.cell()).isEqualTo("lost: 25.0%");
        MinIntervalSearch.Outcome all = search.search(interval -> fake(interval, 1), WINDOW_NS, r -> {});
        assertThat(all.minIntervalNs()).isEqualTo(20L);
    }

    /** A trial that loses 25% below the threshold and nothing at or above it. */
    @Test
    void anIntervalTheSourceCouldNotKeepIsNotFoundClean() throws Exception {
        // an analyser that never loses, fed by a source that cannot send faster than one packet per 100 ns:
        // at 20 ns it sends a fifth of the window's packets and its trial shows no interval at all
        long sourceLimitNs = 100;
        MinIntervalSearch.Outcome found = MinIntervalSearch.POST.search(
                interval -> {
                    long seen = WINDOW_NS / Math.max(interval, sourceLimitNs);
                    return new RealTimeRun.Result(interval, seen, 0, 0, seen, 0, List.of());
                },
                WINDOW_NS,
                r -> {});
        // the source keeps half the rate (RealTimeRun.KEPT_RATE_SHARE) down to 50 ns
        assertThat(found.minIntervalNs()).isBetween(50L, 50L + 50 / 20 + 1);
        assertThat(RealTimeRun.keptRate(500, 1_000_000, 1_000)).isTrue();
        assertThat(RealTimeRun.keptRate(499, 1_000_000, 1_000)).isFalse();
    }

    /** Every fake trial's window after start-up: 1,000 packets at 1,000 ns. */
    private static final long WINDOW_NS = 1_000_000;

    private static RealTimeRun.Result fake(long intervalNs, long thresholdNs) {
        long seen = WINDOW_NS / intervalNs;
        long lost = intervalNs < thresholdNs ? seen / 4 : 0;
        return new RealTimeRun.Result(intervalNs, seen - lost, lost, lost, seen, 0, List.of());
    }

    @Test
    void theNativeClockSourceRunsStopsAndLeavesNothingBehind() throws Exception {
        Path binary = NativeClockSource.binary();
        org.junit.jupiter.api.Assumptions.assumeTrue(binary != null, "native/build/clock_source could not be built");
        AnalyserSetup setup = new AnalyserSetup(AnalyserCase.A1000, Strategy.POOL, Buffers.HEAP, AnalyserTest.SMALL);
        Path file;
        long pid;
        try (Analyser analyser = setup.newAnalyser(5);
                ClockQueue queue = ClockQueue.create(dir.resolve("clock.queue"), 100_000, 2_000);
                ClockSource source = ClockSource.start(binary, queue)) {
            file = queue.file();
            pid = source.pid();
            assertThat(queue.sourcePid()).isEqualTo(pid);
            RealTimeRun.Result result =
                    new RealTimeRun(400_000_000L, 100_000_000L, 100_000_000L).run(analyser, queue, l -> {});
            // 0.4 s at one packet per 2 us: up to 200,000 numbers; what was read, and gaps only where dropped
            assertThat(result.received()).isBetween(1_000L, 260_000L);
            assertThat(result.lost()).isLessThanOrEqualTo(queue.droppedAcquire());
            assertThat(result.lines()).isNotEmpty();
        }
        assertThat(file).doesNotExist();
        ProcessHandle.of(pid).ifPresent(p -> {
            p.onExit().orTimeout(2, TimeUnit.SECONDS).join();
        });
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse();
    }

    @Test
    void aMissingOrFailingClockSourceIsAClearError() throws Exception {
        try (ClockQueue queue = ClockQueue.create(dir.resolve("q3"), 10, 1_000)) {
            assertThatThrownBy(() -> ClockSource.start(dir.resolve("nope"), queue))
                    .hasMessageContaining("is missing or not executable");
            Path fails = dir.resolve("fails.sh");
            Files.writeString(fails, "#!/bin/sh\necho 'no queue for me' >&2\nexit 3\n");
            fails.toFile().setExecutable(true);
            assertThatThrownBy(() -> ClockSource.start(fails, queue))
                    .hasMessageContaining("exited with 3 before it started: no queue for me");
        }
    }
}

package mechsym.tools.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class LatencyRecorderTest {
    @Test
    void summarisesTheDistributionFromMinToMax() {
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        for (long i = 1; i <= 10_000; i++) {
            recorder.record(i * 1_000); // 1 us .. 10 ms, uniform
        }
        LatencySummary summary = recorder.total();
        assertThat(summary.count()).isEqualTo(10_000);
        assertThat(summary.minNanos()).isEqualTo(1_000);
        assertThat(summary.maxNanos()).isCloseTo(10_000_000, within(10_000L)); // 3 significant digits
        assertThat(summary.p50Nanos()).isCloseTo(5_000_000, within(5_000L));
        assertThat(summary.p90Nanos()).isCloseTo(9_000_000, within(9_000L));
        assertThat(summary.p99Nanos()).isCloseTo(9_900_000, within(9_900L));
        assertThat(summary.meanNanos()).isCloseTo(5_000_500, within(5_000.0));
        assertThat(summary.mode()).isEqualTo(LoadMode.CLOSED_LOOP);
    }

    @Test
    void aStallUnderFixedRateShowsInEveryRequestItHeldUp() {
        // 1,000 requests due every 1 ms, each answered in 10 us, but the server stalls 100 ms at request 500:
        // timed from the intended start, the 100 requests due during the stall all carry it.
        LatencyRecorder fixedRate = new LatencyRecorder(LoadMode.FIXED_RATE);
        LatencyRecorder closedLoop = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        long clock = 0;
        for (int i = 0; i < 1_000; i++) {
            long intended = i * 1_000_000L;
            long start = Math.max(clock, intended);
            long service = i == 500 ? 100_000_000L : 10_000L;
            clock = start + service;
            fixedRate.recordFromIntendedStart(intended, clock);
            closedLoop.record(service);
        }
        assertThat(closedLoop.total().p99Nanos()).isLessThan(20_000); // the stall is one value in a thousand
        assertThat(fixedRate.total().p99Nanos()).isGreaterThan(50_000_000); // ~100 of 1,000 were delayed
    }

    @Test
    void intervalsAddUpToTheTotal() {
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.FIXED_RATE);
        recorder.record(100);
        recorder.record(200);
        assertThat(recorder.intervalSummary().count()).isEqualTo(2);
        recorder.record(300);
        assertThat(recorder.intervalSummary().count()).isEqualTo(1);
        assertThat(recorder.intervalSummary().count()).isZero();
        LatencySummary total = recorder.total();
        assertThat(total.count()).isEqualTo(3);
        assertThat(total.maxNanos()).isEqualTo(300);
    }

    @Test
    @Timeout(30)
    void manyThreadsRecordWithoutLosingValues() throws InterruptedException {
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 100_000; i++) {
                    recorder.record(1 + i % 1000);
                }
            }));
        }
        long seen = 0;
        while (threads.stream().anyMatch(Thread::isAlive)) {
            seen += recorder.interval().getTotalCount();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        seen += recorder.interval().getTotalCount();
        assertThat(seen).isEqualTo(400_000);
        assertThat(recorder.total().count()).isEqualTo(400_000);
    }

    @Test
    void refusesANegativeLatency() {
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        assertThatThrownBy(() -> recorder.record(-5)).hasMessageContaining("-5 ns");
    }

    @Test
    void writesAnHgrmFileInMicroseconds(@TempDir Path folder) throws Exception {
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        for (int i = 1; i <= 1000; i++) {
            recorder.record(i * 1_000L);
        }
        Path file = folder.resolve("rtt.hgrm");
        recorder.writeHgrm(file);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).contains("Value").contains("Percentile").contains("TotalCount");
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("#[Mean    ="));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("Total count    =         1000"));
        // the last percentile row holds the max: 1,000 us
        String lastRow = lines.stream()
                .filter(line -> line.trim().matches("^[0-9.]+\\s+1\\.0+\\s+1000.*"))
                .findFirst()
                .orElseThrow();
        assertThat(Double.parseDouble(lastRow.trim().split("\\s+")[0])).isCloseTo(1000.0, within(1.0));
    }

    @Test
    void summaryReadsAsOneLineAndAMap() {
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.FIXED_RATE);
        recorder.record(2_000); // below 2,048 HdrHistogram holds values exactly
        LatencySummary summary = recorder.total();
        assertThat(summary.toLine()).startsWith("n=1 min=2.0").endsWith("us (fixed-rate)");
        assertThat(summary.asMap())
                .containsEntry("minNanos", 2_000L)
                .containsEntry("p50Nanos", 2_000L)
                .containsEntry("mode", "fixed-rate");
        assertThat(new LatencyRecorder(LoadMode.CLOSED_LOOP).total().count()).isZero();
    }
}

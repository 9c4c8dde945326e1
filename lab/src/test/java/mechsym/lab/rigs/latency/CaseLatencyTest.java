package mechsym.lab.rigs.latency;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mechsym.lab.Table;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaseLatencyTest {
    @TempDir
    Path dir;

    @Test
    void roundsMergeIntoOneHistogramAndAHgrmFile() throws Exception {
        Histogram a = new Histogram(3);
        Histogram b = new Histogram(3);
        for (int i = 1; i <= 100; i++) {
            a.recordValue(i * 1000L);
            b.recordValue(i * 2000L);
        }
        Map<String, Measured.Merged> merged = Measured.merge(List.of(
                new Measured("java spin cross-core", Measured.encode(a), 1, 500, 1000),
                new Measured("java spin cross-core", Measured.encode(b), 2, 500, 1000)));
        Measured.Merged m = merged.get("java spin cross-core");
        assertThat(m.histogram.getTotalCount()).isEqualTo(200);
        assertThat(m.lost).isEqualTo(3);
        assertThat(m.cpuPercent()).isEqualTo(50.0);

        CaseLatency c = CaseLatency.recorded("java spin cross-core", m.histogram, m.lost, m.cpuPercent(), dir);
        assertThat(c.p50Us()).isBetween(66.9, 67.1); // the 100th of 1..100 and 2..200 (µs): 67
        assertThat(c.maxUs()).isBetween(199.0, 201.0);
        assertThat(c.curve()).hasSize(CaseLatency.CURVE.length);
        assertThat(Files.readString(dir.resolve("java-spin-cross-core.hgrm"))).contains("Percentile");

        Table t = CaseLatency.percentileTable("p", "t", List.of(c));
        assertThat(t.rows()).hasSize(CaseLatency.CURVE.length);
    }
}

package mechsym.lab.rigs.latency;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One case's raw result as a forked JVM emits it: the whole HdrHistogram (nanoseconds, compressed,
 * base64), the losses, and the CPU the server's threads burned and over how long. The lab merges a
 * case's rounds into one histogram ({@link #merge}).
 *
 * @param name the case
 * @param histogram {@link #encode}d histogram
 * @param lost messages never answered
 * @param cpuNanos CPU time of the server's threads during the measured part; -1 unknown
 * @param wallNanos wall time of the measured part
 */
public record Measured(String name, String histogram, long lost, long cpuNanos, long wallNanos) {

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    public Histogram decode() {
        try {
            return Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(histogram)), 0);
        } catch (DataFormatException e) {
            throw new IllegalStateException("case '" + name + "': a histogram that does not decode", e);
        }
    }

    /** Merged results by case name, in first-seen order. */
    public static Map<String, Merged> merge(List<Measured> all) {
        Map<String, Merged> merged = new LinkedHashMap<>();
        for (Measured m : all) {
            Merged into = merged.computeIfAbsent(m.name(), n -> new Merged(new Histogram(3)));
            into.histogram.add(m.decode());
            into.lost += m.lost();
            if (m.cpuNanos() >= 0) {
                into.cpuNanos += m.cpuNanos();
                into.wallNanos += m.wallNanos();
            }
        }
        return merged;
    }

    /** A case's rounds together. */
    public static final class Merged {
        public final Histogram histogram;
        public long lost;
        public long cpuNanos;
        public long wallNanos;

        Merged(Histogram histogram) {
            this.histogram = histogram;
        }

        /** Server CPU over wall time in percent of one CPU, or -1 when not measured. */
        public double cpuPercent() {
            return wallNanos > 0 ? 100.0 * cpuNanos / wallNanos : -1;
        }
    }
}

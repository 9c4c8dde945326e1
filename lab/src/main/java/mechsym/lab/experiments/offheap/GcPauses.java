package mechsym.lab.experiments.offheap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * GC pauses read from a JFR recording ({@code jdk.GarbageCollection} events: sum of pauses and
 * longest pause per collection), attributed to time windows such as one run of a workload.
 */
final class GcPauses {
    /** One collection: when it started (µs since the epoch), its summed and longest pause (ms). */
    record Collection(long startMicros, String name, String cause, double pausesMs, double longestMs) {}

    /** The pauses of the collections that started inside a window. */
    record Window(int count, double totalMs, double longestMs, String causes) {
        static final Window NONE = new Window(0, 0, 0, "");
    }

    private GcPauses() {}

    /** The JVM flag that records what {@link #read} needs into {@code file}. */
    static String recordingFlag(Path file) {
        return "-XX:StartFlightRecording=filename=" + file + ",dumponexit=true,settings=default";
    }

    static List<Collection> read(Path file) throws IOException {
        List<Collection> collections = new ArrayList<>();
        if (!Files.exists(file)) {
            throw new IOException("no JFR recording at " + file);
        }
        for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
            if (event.getEventType().getName().equals("jdk.GarbageCollection")) {
                Instant start = event.getStartTime();
                collections.add(new Collection(
                        start.getEpochSecond() * 1_000_000L + start.getNano() / 1_000,
                        event.getString("name"),
                        event.getString("cause"),
                        millis(event.getDuration("sumOfPauses")),
                        millis(event.getDuration("longestPause"))));
            }
        }
        return collections;
    }

    static Window within(List<Collection> collections, long fromMicros, long toMicros) {
        int count = 0;
        double total = 0;
        double longest = 0;
        java.util.Map<String, Integer> causes = new java.util.TreeMap<>();
        for (Collection c : collections) {
            if (c.startMicros() >= fromMicros && c.startMicros() <= toMicros) {
                count++;
                total += c.pausesMs();
                longest = Math.max(longest, c.longestMs());
                causes.merge(c.name() + ": " + c.cause(), 1, Integer::sum);
            }
        }
        StringBuilder text = new StringBuilder();
        causes.forEach((cause, n) -> text.append(text.isEmpty() ? "" : "; ")
                .append(cause)
                .append(" x")
                .append(n));
        return count == 0 ? Window.NONE : new Window(count, total, longest, text.toString());
    }

    private static double millis(Duration duration) {
        return duration == null ? 0 : duration.toNanos() / 1e6;
    }
}

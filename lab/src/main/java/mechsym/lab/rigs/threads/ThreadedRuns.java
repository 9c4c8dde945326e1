package mechsym.lab.rigs.threads;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.ExperimentResult;

/**
 * What the lab's multi-threaded experiments (inter-thread-latency, lazyset, cas, cache-fallacy)
 * share: reading the native programs' JSON lines, and the caveat every two-thread figure carries
 * on a small shared machine.
 */
public final class ThreadedRuns {
    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private ThreadedRuns() {}

    /** Parses each line (one JSON object) of a native program's output as {@code type}. */
    public static <T> List<T> parseLines(List<String> lines, Class<T> type) throws IOException {
        List<T> out = new ArrayList<>(lines.size());
        for (String line : lines) {
            out.add(JSON.readValue(line, type));
        }
        return out;
    }

    /** The 1-minute load average from /proc/loadavg, or NaN where there is none. */
    public static double loadAverage() {
        try {
            String text = Files.readString(Path.of("/proc/loadavg"));
            return Double.parseDouble(text.substring(0, text.indexOf(' ')));
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /**
     * Records the caveat of busy-spinning threads on this machine: how many cores, the load
     * average before and after, and that the threads are not pinned.
     */
    public static void noteMachine(ExperimentResult.Builder result, int threadsNeeded, double loadBefore) {
        int cores = Runtime.getRuntime().availableProcessors();
        StringBuilder note = new StringBuilder(String.format(
                Locale.ROOT,
                "%d busy-spinning threads on %d cores, not pinned (no taskset/isolcpus); load average %.2f before"
                        + " and %.2f after. ",
                threadsNeeded,
                cores,
                loadBefore,
                loadAverage()));
        if (cores <= threadsNeeded || loadBefore >= cores) {
            note.append("With no spare core (or a load at or above the core count) the scheduler can take a"
                    + " spinning thread off its core for a whole time slice while its partner spins, so single"
                    + " runs swing by orders of magnitude: read medians, compare only variants of the same run"
                    + " (they are interleaved), and rerun on a quiet machine with more cores before quoting.");
        } else {
            note.append("Variants are interleaved in one run and compared by medians.");
        }
        result.note(note.toString());
    }
}

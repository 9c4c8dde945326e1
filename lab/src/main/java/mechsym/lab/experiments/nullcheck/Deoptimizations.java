package mechsym.lab.experiments.nullcheck;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * The JIT's deoptimisations in a JFR recording ({@code jdk.Deoptimization} events), counted by
 * reason for the methods of one package: the evidence that a compiled method trapped and went back
 * to the interpreter.
 */
final class Deoptimizations {
    private Deoptimizations() {}

    /**
     * Deoptimisations of methods whose class is in package {@code packagePrefix} (JMH's generated
     * classes under it excluded), by method, reason and action
     * ("presentOrNull: unstable_if / reinterpret"), read from {@code jfr}.
     */
    static Map<String, Integer> byReason(Path jfr, String packagePrefix) throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        for (RecordedEvent event : RecordingFile.readAllEvents(jfr)) {
            if (!event.getEventType().getName().equals("jdk.Deoptimization")) {
                continue;
            }
            RecordedMethod method = event.getValue("method");
            // JMH's generated loop (package ...jmh_generated) has traps of its own at its loop exit
            String type = method == null ? "" : method.getType().getName();
            if (!type.startsWith(packagePrefix + ".") || type.contains("jmh_generated")) {
                continue;
            }
            String key = method.getName() + ": " + event.getString("reason") + " / " + event.getString("action");
            counts.merge(key, 1, Integer::sum);
        }
        return counts;
    }

    static int total(Map<String, Integer> byReason) {
        return byReason.values().stream().mapToInt(Integer::intValue).sum();
    }
}

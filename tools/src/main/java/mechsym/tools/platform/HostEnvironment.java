package mechsym.tools.platform;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The few facts about a host that a figure measured against a server on it needs beside it: host
 * name, CPU model and count, OS and kernel, JDK, load average, the CPUs this process may use, the
 * frequency governor. Read from /proc and /sys on Linux; a value that cannot be read is "unknown".
 * A server gives its own on request (the gateway's {@code GET /env}) so that the lab on another
 * host can record both. Stateless; safe from any thread.
 */
public final class HostEnvironment {
    private static final String UNKNOWN = "unknown";

    private HostEnvironment() {}

    /** This host's facts, in a fixed order. */
    public static Map<String, String> probe() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("host", hostName());
        facts.put("cpuModel", cpuModel());
        facts.put("logicalCpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        facts.put("kernel", System.getProperty("os.version"));
        facts.put("jdk", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
        facts.put("loadAverage1m", firstWord(read("/proc/loadavg")));
        facts.put("cpuAffinity", CpuTopology.ofThisProcess().describe());
        facts.put("cpufreqGovernor", read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"));
        return facts;
    }

    /** {@link #probe()} as one JSON object of strings. */
    public static String json() {
        return json(probe());
    }

    /** {@code facts} as one JSON object of strings. */
    static String json(Map<String, String> facts) {
        StringBuilder out = new StringBuilder("{");
        facts.forEach((k, v) -> out.append(out.length() > 1 ? "," : "")
                .append(quoted(k))
                .append(':')
                .append(quoted(v)));
        return out.append("}\n").toString();
    }

    private static String quoted(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst()
                    .orElse(UNKNOWN);
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file)).strip();
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    private static String firstWord(String s) {
        return s.split("\\s+")[0];
    }
}

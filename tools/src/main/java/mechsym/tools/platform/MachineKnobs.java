package mechsym.tools.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What this machine says about the post's three knobs, read from /proc and /sys: irqbalance running,
 * every CPU's cpufreq governor, the idle states (C-states) the kernel may enter, and NUMA nodes.
 * Anything not exposed (common in VMs) reads as "not exposed", never as a guess. Stateless; every
 * method reads the files afresh.
 */
public final class MachineKnobs {
    public static final String NOT_EXPOSED = "not exposed";

    private MachineKnobs() {}

    /** One knob: what it is, what it reads here, and where that was read. */
    public record Knob(String name, String value, String source) {}

    /** Every knob, read from {@code sys} (normally /sys) and {@code proc} (normally /proc). */
    public static List<Knob> read(Path sys, Path proc) {
        List<Knob> knobs = new ArrayList<>();
        knobs.add(new Knob("irqbalance", irqbalance(proc), proc + "/*/comm"));
        knobs.add(new Knob("cpufreq governor per CPU", governors(sys), sys + "/devices/system/cpu/cpu*/cpufreq"));
        knobs.add(
                new Knob("idle states (C-states) per CPU", idleStates(sys), sys + "/devices/system/cpu/cpu*/cpuidle"));
        knobs.add(new Knob("NUMA nodes", numaNodes(sys), sys + "/devices/system/node"));
        return knobs;
    }

    /** Whether an irqbalance process runs, from every process's comm. */
    public static String irqbalance(Path proc) {
        try (Stream<Path> pids = Files.list(proc)) {
            boolean running = pids.filter(
                            p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .map(p -> readLine(p.resolve("comm")).orElse(""))
                    .anyMatch("irqbalance"::equals);
            return running ? "running (interrupts spread over the CPUs)" : "not running";
        } catch (IOException | RuntimeException e) {
            return NOT_EXPOSED;
        }
    }

    /** Every CPU's cpufreq governor: "all 2 CPUs: performance", or CPU by CPU where they differ. */
    public static String governors(Path sys) {
        return perCpu(
                sys, cpu -> readLine(cpu.resolve("cpufreq/scaling_governor")).orElse(NOT_EXPOSED));
    }

    /**
     * Every CPU's idle states (C-states) from cpuidle: name, exit latency and whether disabled, e.g.
     * "all 2 CPUs: POLL (0 us exit), C1 (1 us exit, disabled)"; CPU by CPU where they differ.
     */
    public static String idleStates(Path sys) {
        return perCpu(sys, MachineKnobs::idleStatesOf);
    }

    private static String idleStatesOf(Path cpu) {
        try (Stream<Path> states = Files.list(cpu.resolve("cpuidle"))) {
            List<String> names = states.filter(p -> p.getFileName().toString().matches("state[0-9]+"))
                    .sorted(Comparator.comparingInt(
                            p -> Integer.parseInt(p.getFileName().toString().substring(5))))
                    .map(MachineKnobs::idleState)
                    .toList();
            return names.isEmpty() ? NOT_EXPOSED : String.join(", ", names);
        } catch (IOException | RuntimeException e) {
            return NOT_EXPOSED;
        }
    }

    private static String idleState(Path state) {
        List<String> facts = new ArrayList<>();
        readLine(state.resolve("latency")).ifPresent(l -> facts.add(l + " us exit"));
        readLine(state.resolve("disable")).filter(d -> !d.equals("0")).ifPresent(d -> facts.add("disabled"));
        String name = readLine(state.resolve("name")).orElse(state.getFileName().toString());
        return facts.isEmpty() ? name : name + " (" + String.join(", ", facts) + ")";
    }

    /** One reading per CPU, shown once for all when every CPU reads the same. */
    private static String perCpu(Path sys, Function<Path, String> reading) {
        TreeMap<Integer, String> byCpu = new TreeMap<>();
        try (Stream<Path> cpus = Files.list(sys.resolve("devices/system/cpu"))) {
            cpus.filter(p -> p.getFileName().toString().matches("cpu[0-9]+")).forEach(cpu -> {
                int n = Integer.parseInt(cpu.getFileName().toString().substring(3));
                byCpu.put(n, reading.apply(cpu));
            });
        } catch (IOException | RuntimeException e) {
            return NOT_EXPOSED;
        }
        if (byCpu.isEmpty() || byCpu.values().stream().allMatch(NOT_EXPOSED::equals)) {
            return NOT_EXPOSED;
        }
        if (byCpu.values().stream().distinct().count() == 1) {
            return "all " + byCpu.size() + " CPUs: " + byCpu.firstEntry().getValue();
        }
        StringBuilder text = new StringBuilder();
        byCpu.forEach((cpu, value) -> text.append(text.isEmpty() ? "" : "; ")
                .append("cpu")
                .append(cpu)
                .append(' ')
                .append(value));
        return text.toString();
    }

    /** The NUMA nodes and their CPUs: "1 (node0 cpus 0-1)". */
    public static String numaNodes(Path sys) {
        try (Stream<Path> nodes = Files.list(sys.resolve("devices/system/node"))) {
            List<String> names = nodes.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("node[0-9]+"))
                    .sorted()
                    .toList();
            if (names.isEmpty()) {
                return NOT_EXPOSED;
            }
            List<String> described = new ArrayList<>();
            for (String node : names) {
                described.add(node + " cpus "
                        + readLine(sys.resolve("devices/system/node/" + node + "/cpulist"))
                                .orElse("?"));
            }
            return names.size() + " (" + String.join("; ", described) + ")";
        } catch (IOException | RuntimeException e) {
            return NOT_EXPOSED;
        }
    }

    /** The first line of {@code file}, trimmed; empty when it cannot be read or is empty. */
    static Optional<String> readLine(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return lines.isEmpty() ? Optional.empty() : Optional.of(lines.get(0).trim());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}

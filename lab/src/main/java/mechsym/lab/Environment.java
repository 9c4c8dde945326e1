package mechsym.lab;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.MachineKnobs;
import mechsym.tools.platform.NativePrograms;

/**
 * The machine a run measured on, and how it was herded (seed 004, "on herding processes and
 * CPUs"): everything that changes a figure and that a reader needs to judge it.
 *
 * <p>Read from /proc and /sys on Linux; a value that cannot be read is "unknown", never guessed.
 *
 * @param warnings sentences naming what makes this machine noisy for measurement
 * @param idleStates every CPU's idle states (C-states: name, exit latency, disabled), or "not exposed"
 * @param numaNodes the NUMA nodes and their CPUs, or "not exposed"
 * @param topology the CPUs this process may use as sockets, cores and threads, e.g. "1 socket, 2 cores,
 *     1 thread per core, NUMA nodes: 1"
 */
public record Environment(
        String cpuModel,
        int logicalCpus,
        long memoryBytes,
        String os,
        String kernel,
        String jdkVendor,
        String jdkVersion,
        String vm,
        List<String> garbageCollectors,
        List<String> jvmFlags,
        String transparentHugePages,
        String cpufreqGovernor,
        String irqbalance,
        String cpuAffinity,
        boolean pinned,
        double loadAverage1m,
        boolean virtualised,
        String hardwareCounters,
        List<String> warnings,
        String libraries,
        String nativeCompiler,
        String idleStates,
        String numaNodes,
        String topology) {

    public static final String UNKNOWN = "unknown";

    public Environment {
        garbageCollectors = List.copyOf(garbageCollectors);
        jvmFlags = List.copyOf(jvmFlags);
        warnings = List.copyOf(warnings);
        // a results file written before these were recorded has neither
        libraries = libraries == null ? UNKNOWN : libraries;
        nativeCompiler = nativeCompiler == null ? UNKNOWN : nativeCompiler;
        idleStates = idleStates == null ? UNKNOWN : idleStates;
        numaNodes = numaNodes == null ? UNKNOWN : numaNodes;
        topology = topology == null ? UNKNOWN : topology;
    }

    /** Probes this machine and this JVM. Never throws: what cannot be read is "unknown". */
    public static Environment probe() {
        String cpuinfo = read("/proc/cpuinfo");
        String cpuModel = describeCpu(
                firstMatch(cpuinfo, "model name\\s*:\\s*(.+)"), firstMatch(cpuinfo, "cpu MHz\\s*:\\s*([0-9.]+)"));
        int cpus = Runtime.getRuntime().availableProcessors();
        long memory = parseLong(firstMatch(read("/proc/meminfo"), "MemTotal:\\s*(\\d+) kB")) * 1024;
        String kernel = read("/proc/sys/kernel/osrelease").trim();
        List<String> gcs = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName)
                .toList();
        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        String thp = selected(read("/sys/kernel/mm/transparent_hugepage/enabled"));
        // every CPU's governor: "all 2 CPUs: performance", or per CPU where they differ
        Path sys = Path.of("/sys");
        String governor = MachineKnobs.governors(sys);
        String irqbalance = processRunning("irqbalance") ? "running" : "not running";
        String affinity = firstMatch(read("/proc/self/status"), "Cpus_allowed_list:\\s*(\\S+)");
        int allowed = countCpus(affinity);
        boolean pinned = allowed > 0 && allowed < onlineCpus();
        double load = parseDouble(read("/proc/loadavg").split(" ")[0]);
        boolean virtualised = cpuinfo.contains(" hypervisor");
        String counters = probeHardwareCounters();

        List<String> warnings = new ArrayList<>();
        if (cpus <= 2) {
            warnings.add(cpus + " logical CPUs: measurement threads share cores with the JIT, GC and the OS;"
                    + " two-thread experiments have no spare core");
        }
        if (virtualised) {
            warnings.add("virtual machine: other guests share the host, so figures drift between runs;"
                    + " compare ratios taken in one run, not absolute times across runs");
        }
        if (!governor.endsWith(": performance")) {
            warnings.add("cpufreq governor is '" + governor + "', not 'performance': clock speed may vary");
        }
        if (load > 0.5 * cpus) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "load average %.2f on %d CPUs when the run started: other work" + " competes for the cores",
                    load,
                    cpus));
        }
        if (!pinned) {
            warnings.add("not pinned to CPUs (taskset/numactl): threads may migrate between cores (tcp-ping, herding,"
                    + " lazyset, cas and the inter-thread-latency distribution pin their own threads with"
                    + " sched_setaffinity)");
        }
        if ("running".equals(irqbalance)) {
            warnings.add("irqbalance is running: interrupts may land on measuring cores");
        }
        return new Environment(
                orUnknown(cpuModel),
                cpus,
                memory,
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                orUnknown(kernel),
                System.getProperty("java.vendor"),
                System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.name"),
                gcs,
                flags,
                orUnknown(thp),
                governor,
                irqbalance,
                orUnknown(affinity),
                pinned,
                load,
                virtualised,
                counters,
                warnings,
                probeLibraries(),
                NativePrograms.compiler(),
                MachineKnobs.idleStates(sys),
                MachineKnobs.numaNodes(sys),
                CpuTopology.ofThisProcess().describe());
    }

    /**
     * "JMH 1.37, JCTools 4.0.7, ...": the versions of the libraries the lab measures and measures
     * with, as the build wrote them into libraries.properties; "unknown" if that cannot be read.
     */
    static String probeLibraries() {
        java.util.Properties versions = new java.util.Properties();
        try (java.io.InputStream in = Environment.class.getResourceAsStream("libraries.properties")) {
            if (in == null) {
                return UNKNOWN;
            }
            versions.load(in);
        } catch (IOException e) {
            return UNKNOWN;
        }
        List<String> named = new java.util.ArrayList<>();
        for (String library : List.of("JMH", "JCTools", "Agrona", "Disruptor", "protobuf", "HdrHistogram")) {
            named.add(library + " " + versions.getProperty(library, UNKNOWN));
        }
        return String.join(", ", named);
    }

    /**
     * The model name with what it leaves out and a reader needs to turn ns into cycles or to size a
     * working set: the clock the kernel reports and CPU 0's caches, e.g. "Intel(R) Xeon(R)
     * Processor, 2600 MHz, L1d 48K, L2 2048K, L3 491520K". Null if there is no model name.
     */
    static String describeCpu(String model, String mhz) {
        if (model == null) {
            return null;
        }
        StringBuilder cpu = new StringBuilder(model);
        try {
            if (mhz != null) {
                cpu.append(", ").append(Math.round(Double.parseDouble(mhz))).append(" MHz");
            }
        } catch (NumberFormatException e) {
            // no clock then
        }
        for (Cache cache : cpu0Caches()) {
            if (!cache.type().equals("Instruction")) {
                cpu.append(", L")
                        .append(cache.level())
                        .append(cache.type().equals("Data") ? "d" : "")
                        .append(' ')
                        .append(cache.size());
            }
        }
        return cpu.toString();
    }

    /**
     * One cache of CPU 0 as the kernel lists it.
     *
     * @param size as sysfs writes it, e.g. "48K"
     * @param bytes the size in bytes
     */
    public record Cache(int level, String type, String size, long bytes) {}

    /** CPU 0's caches from /sys/devices/system/cpu/cpu0/cache; empty where the kernel lists none. */
    public static List<Cache> cpu0Caches() {
        List<Cache> caches = new java.util.ArrayList<>();
        for (int index = 0; index < 8; index++) {
            String dir = "/sys/devices/system/cpu/cpu0/cache/index" + index + "/";
            String size = read(dir + "size").trim();
            try {
                int level = Integer.parseInt(read(dir + "level").trim());
                long value = Long.parseLong(size.replaceAll("[^0-9]", ""));
                long unit = size.endsWith("M") ? 1L << 20 : size.endsWith("K") ? 1L << 10 : 1;
                caches.add(new Cache(level, read(dir + "type").trim(), size, value * unit));
            } catch (NumberFormatException e) {
                // no such index, or not a size: skipped
            }
        }
        return caches;
    }

    private static String probeHardwareCounters() {
        try {
            return perfCounts("instructions")
                    ? "available (perf)"
                    : "not available (perf: hardware events not supported here)";
        } catch (IOException e) {
            return "not available (perf not installed)";
        }
    }

    /**
     * Whether {@code perf stat} counts these events on this machine (VMs often expose none).
     *
     * @throws IOException when perf is not installed
     */
    public static boolean perfCounts(String... events) throws IOException {
        StringBuilder out = new StringBuilder();
        ChildProcess.Outcome outcome;
        try {
            outcome = ChildProcess.command("perf", "stat", "-x,", "-e", String.join(",", events), "true")
                    .run(
                            Duration.ofSeconds(10),
                            stdout -> stdout.lines().forEach(l -> out.append(l).append('\n')));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        String text = out.toString();
        return outcome.succeeded() // a perf that fails here cannot count these events
                && !text.contains("not supported")
                && !text.contains("not counted");
    }

    private static boolean processRunning(String name) {
        return ProcessHandle.allProcesses()
                .anyMatch(
                        p -> p.info().command().map(c -> c.endsWith("/" + name)).orElse(false));
    }

    private static int onlineCpus() {
        int n = countCpus(read("/sys/devices/system/cpu/online").trim());
        return n > 0 ? n : Runtime.getRuntime().availableProcessors();
    }

    /** Counts the CPUs in a list such as "0-3,6". */
    static int countCpus(String list) {
        if (list == null || list.isBlank()) {
            return -1;
        }
        int count = 0;
        for (String part : list.trim().split(",")) {
            String[] range = part.split("-");
            try {
                count += range.length == 2 ? Integer.parseInt(range[1]) - Integer.parseInt(range[0]) + 1 : 1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return count;
    }

    /** "always [madvise] never" -> "madvise". */
    static String selected(String sysfsChoice) {
        Matcher m = Pattern.compile("\\[(\\w+)]").matcher(sysfsChoice);
        return m.find() ? m.group(1) : sysfsChoice.trim();
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String firstMatch(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1).trim() : null;
    }

    private static String orUnknown(String s) {
        return s == null || s.isBlank() ? UNKNOWN : s;
    }

    private static long parseLong(String s) {
        try {
            return s == null ? -1 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static double parseDouble(String s) {
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}

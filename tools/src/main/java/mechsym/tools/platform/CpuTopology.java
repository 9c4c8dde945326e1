package mechsym.tools.platform;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The CPUs this process may run on, as sockets, cores and SMT threads, read once from sysfs: the
 * online CPUs ({@code devices/system/cpu/online}), each CPU's {@code topology/thread_siblings_list}
 * and {@code physical_package_id}, and the NUMA nodes ({@code devices/system/node/nodeN/cpulist}).
 * It names the placements a two-thread measurement can take ({@link Placement}) and picks a CPU pair
 * for each, or says why this machine has none.
 *
 * <p>A CPU whose topology files are missing (some containers) counts as a core of its own on socket 0;
 * nothing is guessed beyond that. Immutable and thread-safe.
 */
public final class CpuTopology {

    /** Where two threads can sit relative to each other. */
    public enum Placement {
        /** Both threads on one logical CPU: every hand-off is a switch between threads. */
        ONE_CPU("one logical CPU"),
        /** Two SMT siblings (hyperthreads) of one core: they share its L1 and L2. */
        SAME_CORE("same core (SMT siblings)"),
        /** Two cores of one socket: they meet in the shared L3. */
        CROSS_CORE("cross core, same socket"),
        /** Two sockets: every hand-off crosses the interconnect. */
        CROSS_SOCKET("cross socket");

        private final String words;

        Placement(String words) {
            this.words = words;
        }

        /** "same core (SMT siblings)". */
        public String words() {
            return words;
        }
    }

    /** Two logical CPUs, {@code first == second} for {@link Placement#ONE_CPU}. */
    public record Pair(int first, int second) {}

    /**
     * One logical CPU.
     *
     * @param core the lowest CPU of its SMT sibling set: CPUs with the same core share one
     * @param socket its physical package
     */
    public record Cpu(int id, int core, int socket) {}

    private final List<Cpu> cpus;
    private final int numaNodes;

    private CpuTopology(List<Cpu> cpus, int numaNodes) {
        this.cpus = List.copyOf(cpus);
        this.numaNodes = numaNodes;
    }

    /** This machine, restricted to the CPUs this process may run on when the affinity can be read. */
    public static CpuTopology ofThisProcess() {
        BitSet allowed = null;
        if (CpuAffinity.isSupported()) {
            try {
                allowed = CpuAffinity.allowedCpus();
            } catch (RuntimeException e) {
                // all online CPUs then
            }
        }
        return read(Path.of("/sys"), allowed);
    }

    /**
     * The topology under {@code sys} (normally /sys), restricted to {@code allowed} (null: every online
     * CPU). With no readable online list, the CPUs are the allowed ones, or CPU 0 alone.
     */
    public static CpuTopology read(Path sys, BitSet allowed) {
        Path cpuDir = sys.resolve("devices/system/cpu");
        BitSet online = readList(cpuDir.resolve("online"));
        if (online.isEmpty()) {
            online = allowed == null || allowed.isEmpty() ? BitSet.valueOf(new long[] {1}) : (BitSet) allowed.clone();
        }
        BitSet usable = (BitSet) online.clone();
        if (allowed != null) {
            usable.and(allowed);
        }
        List<Cpu> cpus = new ArrayList<>();
        for (int id = usable.nextSetBit(0); id >= 0; id = usable.nextSetBit(id + 1)) {
            Path topology = cpuDir.resolve("cpu" + id + "/topology");
            BitSet siblings = readList(topology.resolve("thread_siblings_list"));
            siblings.and(online);
            int core = siblings.isEmpty() ? id : siblings.nextSetBit(0);
            int socket = MachineKnobs.readLine(topology.resolve("physical_package_id"))
                    .map(CpuTopology::parseInt)
                    .orElse(0);
            cpus.add(new Cpu(id, core, Math.max(0, socket)));
        }
        return new CpuTopology(cpus, countNodes(sys.resolve("devices/system/node")));
    }

    /** The CPUs considered, in id order. */
    public List<Cpu> cpus() {
        return cpus;
    }

    /** The logical CPUs considered. */
    public int logicalCpus() {
        return cpus.size();
    }

    /** Distinct cores among the CPUs considered. */
    public int cores() {
        return (int)
                cpus.stream().map(c -> c.socket() + ":" + c.core()).distinct().count();
    }

    /** Distinct sockets among the CPUs considered. */
    public int sockets() {
        return (int) cpus.stream().mapToInt(Cpu::socket).distinct().count();
    }

    /** The most SMT threads any core has among the CPUs considered (1 without SMT). */
    public int threadsPerCore() {
        TreeMap<String, Integer> perCore = new TreeMap<>();
        cpus.forEach(c -> perCore.merge(c.socket() + ":" + c.core(), 1, Integer::sum));
        return perCore.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /** NUMA nodes the kernel lists (0 when it lists none). */
    public int numaNodes() {
        return numaNodes;
    }

    /**
     * One CPU per core (its lowest-numbered), socket 0's cores first, then socket 1's: where to pin N
     * threads so that no two share a core and the first N fill one socket before the next.
     */
    public List<Integer> onePerCore() {
        List<Cpu> firsts = new ArrayList<>();
        for (Cpu cpu : cpus) {
            if (firsts.stream().noneMatch(c -> c.socket() == cpu.socket() && c.core() == cpu.core())) {
                firsts.add(cpu);
            }
        }
        return firsts.stream()
                .sorted(java.util.Comparator.comparingInt(Cpu::socket).thenComparingInt(Cpu::id))
                .map(Cpu::id)
                .toList();
    }

    /** A CPU pair for {@code placement}, the lowest-numbered such; empty when this machine has none. */
    public Optional<Pair> pair(Placement placement) {
        for (Cpu a : cpus) {
            for (Cpu b : cpus) {
                if (fits(placement, a, b)) {
                    return Optional.of(new Pair(a.id(), b.id()));
                }
            }
        }
        return Optional.empty();
    }

    /** Why {@link #pair} is empty for {@code placement}, e.g. "no SMT siblings"; empty when it is not. */
    public Optional<String> absence(Placement placement) {
        if (pair(placement).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(
                switch (placement) {
                    case ONE_CPU -> "no CPU to run on";
                    case SAME_CORE -> "no SMT siblings: every core here runs one thread (" + describe() + ")";
                    case CROSS_CORE -> "no two cores on one socket (" + describe() + ")";
                    case CROSS_SOCKET -> "one socket only (" + describe() + ")";
                });
    }

    /** "1 socket, 2 cores, 1 thread per core, NUMA nodes: 1". */
    public String describe() {
        int sockets = sockets();
        int cores = cores();
        int threads = threadsPerCore();
        return String.format(
                Locale.ROOT,
                "%d socket%s, %d core%s, %d thread%s per core, NUMA nodes: %s",
                sockets,
                sockets == 1 ? "" : "s",
                cores,
                cores == 1 ? "" : "s",
                threads,
                threads == 1 ? "" : "s",
                numaNodes == 0 ? "not exposed" : Integer.toString(numaNodes));
    }

    @Override
    public String toString() {
        return describe();
    }

    private static boolean fits(Placement placement, Cpu a, Cpu b) {
        boolean sameSocket = a.socket() == b.socket();
        boolean sameCore = sameSocket && a.core() == b.core();
        return switch (placement) {
            case ONE_CPU -> a.id() == b.id();
            case SAME_CORE -> a.id() != b.id() && sameCore;
            case CROSS_CORE -> sameSocket && !sameCore;
            case CROSS_SOCKET -> !sameSocket;
        };
    }

    /**
     * A CPU list in the kernel's form ("0-3,6,8-9") as a set; blank gives an empty set.
     *
     * @throws IllegalArgumentException naming the list when a part is not a number or range
     */
    public static BitSet parseList(String list) {
        BitSet cpus = new BitSet();
        if (list == null || list.isBlank()) {
            return cpus;
        }
        for (String part : list.trim().split(",")) {
            String[] range = part.trim().split("-");
            try {
                int from = Integer.parseInt(range[0].trim());
                int to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
                if (range.length > 2 || from < 0 || to < from) {
                    throw new NumberFormatException(part);
                }
                cpus.set(from, to + 1);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a CPU list: '" + list.trim() + "' (at '" + part + "')");
            }
        }
        return cpus;
    }

    private static int countNodes(Path nodeDir) {
        try (Stream<Path> nodes = Files.list(nodeDir)) {
            return (int) nodes.filter(
                            p -> p.getFileName().toString().matches("node[0-9]+") && Files.exists(p.resolve("cpulist")))
                    .count();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** A CPU list file as a set; empty when missing or not a list. */
    private static BitSet readList(Path file) {
        try {
            return MachineKnobs.readLine(file).map(CpuTopology::parseList).orElse(new BitSet());
        } catch (IllegalArgumentException e) {
            return new BitSet();
        }
    }

    private static int parseInt(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}

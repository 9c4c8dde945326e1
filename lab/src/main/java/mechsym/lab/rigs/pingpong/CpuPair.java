package mechsym.lab.rigs.pingpong;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mechsym.tools.platform.CpuAffinity;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;

/**
 * Two CPUs for a two-thread measurement, chosen by the machine's topology ({@link CpuTopology}) for
 * one {@link Placement}: one logical CPU, SMT siblings of one core, two cores of a socket, or two
 * sockets. Immutable.
 *
 * @param placement where the two threads sit relative to each other
 * @param first the first thread's CPU
 * @param second the second thread's CPU ({@code first} for {@link Placement#ONE_CPU})
 */
public record CpuPair(Placement placement, int first, int second) {

    /** The pair for {@code placement} on this machine; empty when it has none or cannot pin threads. */
    public static Optional<CpuPair> here(Placement placement) {
        return CpuAffinity.isSupported() ? of(CpuTopology.ofThisProcess(), placement) : Optional.empty();
    }

    /** The pair for {@code placement} in {@code topology}; empty when it has none. */
    public static Optional<CpuPair> of(CpuTopology topology, Placement placement) {
        return topology.pair(placement).map(p -> new CpuPair(placement, p.first(), p.second()));
    }

    /** Every placement this machine offers, in {@link Placement} order; empty when it cannot pin threads. */
    public static List<CpuPair> allHere() {
        if (!CpuAffinity.isSupported()) {
            return List.of();
        }
        CpuTopology topology = CpuTopology.ofThisProcess();
        List<CpuPair> pairs = new ArrayList<>();
        for (Placement p : Placement.values()) {
            of(topology, p).ifPresent(pairs::add);
        }
        return pairs;
    }

    /** Cores a two-thread timing needs to be judged as the code's cost rather than the scheduler's. */
    public static final int CORES_FOR_TWO_THREAD_TIMINGS = 4;

    /**
     * Why {@code topology} cannot judge a figure timed on two busy threads, or empty when it has
     * {@value #CORES_FOR_TWO_THREAD_TIMINGS} cores or more: below that the two threads share the
     * machine with the JIT, the GC and the OS, so the figure measures the scheduler as much as the code.
     * Ends with what it needs ("Needs: >= 4 cores ...").
     */
    public static Optional<String> tooFewCoresForTwoThreads(CpuTopology topology) {
        if (topology.cores() >= CORES_FOR_TWO_THREAD_TIMINGS) {
            return Optional.empty();
        }
        return Optional.of("This machine has " + topology.cores() + " core(s) to pin to: two busy threads share"
                + " them with the JIT, the GC and the OS, so their figure measures the scheduler as much as the"
                + " code. Needs: >= " + CORES_FOR_TWO_THREAD_TIMINGS + " cores to pin to.");
    }

    /**
     * Why this machine has no pair for {@code placement} ("This machine has no SMT siblings: ..."), or
     * empty when it has one; {@link #needs} names the hardware that would.
     */
    public static Optional<String> absence(CpuTopology topology, Placement placement) {
        return topology.absence(placement).map(why -> "This machine has " + why + ".");
    }

    /** The hardware a placement needs. */
    public static String needs(Placement placement) {
        return switch (placement) {
            case ONE_CPU -> "a CPU this process may pin to";
            case SAME_CORE -> "SMT siblings (two hardware threads of one core)";
            case CROSS_CORE -> ">= 2 cores on one socket";
            case CROSS_SOCKET -> "two sockets";
        };
    }

    /** Whether both threads sit on one logical CPU. */
    public boolean oneCpu() {
        return first == second;
    }

    /** "two cores, one socket, pinned (0 | 1)"; "one logical CPU, pinned (0 | 0)". */
    public String label() {
        String where = switch (placement) {
            case ONE_CPU -> "one logical CPU";
            case SAME_CORE -> "SMT siblings, one core";
            case CROSS_CORE -> "two cores, one socket";
            case CROSS_SOCKET -> "two sockets";
        };
        return where + ", pinned (" + first + " | " + second + ")";
    }
}

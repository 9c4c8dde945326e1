package mechsym.lab.rigs.pingpong;

import java.util.BitSet;
import mechsym.tools.latency.CpuAffinity;

/**
 * The first two CPUs this process may run on, for placing a ping-pong's threads on two CPUs
 * (cross-core) or both on the first (same-core). Immutable.
 *
 * @param first the first allowed CPU, or {@link TimedPingPong#UNPINNED} when pinning is not possible
 * @param second the second allowed CPU, or {@link TimedPingPong#UNPINNED} when there is none
 */
public record CpuPair(int first, int second) {
    /** Read from this process's affinity mask; both unpinned off Linux. */
    public static CpuPair allowed() {
        if (!CpuAffinity.isSupported()) {
            return new CpuPair(TimedPingPong.UNPINNED, TimedPingPong.UNPINNED);
        }
        BitSet cpus = CpuAffinity.allowedCpus();
        int first = cpus.nextSetBit(0);
        int second = first < 0 ? -1 : cpus.nextSetBit(first + 1);
        return new CpuPair(first < 0 ? TimedPingPong.UNPINNED : first, second < 0 ? TimedPingPong.UNPINNED : second);
    }

    /** Whether the threads can be pinned to two different CPUs. */
    public boolean crossCore() {
        return second != TimedPingPong.UNPINNED;
    }

    /** Whether the threads can be pinned at all (both to {@link #first}). */
    public boolean sameCore() {
        return first != TimedPingPong.UNPINNED;
    }

    /** "two CPUs, pinned (0 | 1)". */
    public String crossLabel() {
        return "two CPUs, pinned (" + first + " | " + second + ")";
    }

    /** "one CPU, pinned (0 | 0)". */
    public String sameLabel() {
        return "one CPU, pinned (" + first + " | " + first + ")";
    }
}

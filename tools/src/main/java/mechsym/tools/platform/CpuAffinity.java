package mechsym.tools.platform;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.BitSet;
import java.util.Optional;

/**
 * Pins the calling thread to CPUs with Linux's {@code sched_setaffinity} through the FFM API (no JNI),
 * so that same-core and cross-core placements can be compared, and reads the placement back.
 *
 * <p>Every method acts on the <em>calling</em> thread only (pid 0 in the system call means the calling
 * thread), so it is safe from any thread; a pinned thread stays pinned until it pins itself elsewhere
 * or ends. A virtual thread must not be pinned: the call would pin its carrier, which other virtual
 * threads share. Needs {@code --enable-native-access=ALL-UNNAMED} (the JDK warns without it). Off
 * Linux, {@link #isSupported()} is false and the other methods throw {@link
 * UnsupportedOperationException}.
 */
public final class CpuAffinity {
    /** glibc's {@code cpu_set_t}: 1024 bits. */
    private static final int CPU_SET_BYTES = 128;

    private static final int EINVAL = 22;

    private CpuAffinity() {}

    /** Whether pinning works here (Linux with the calls found). */
    public static boolean isSupported() {
        return Native.AVAILABLE;
    }

    /**
     * Pins the calling thread to {@code cpu}.
     *
     * @throws IllegalArgumentException if {@code cpu} is negative, beyond 1023, or not one of the CPUs
     *     this process may run on (the message lists those)
     */
    public static void pinCurrentThread(int cpu) {
        BitSet one = new BitSet();
        if (cpu < 0 || cpu >= CPU_SET_BYTES * 8) {
            throw new IllegalArgumentException(
                    "CPU " + cpu + " does not exist; this process may use CPUs " + describe(allowedCpus()));
        }
        one.set(cpu);
        setCurrentThreadCpus(one);
    }

    /**
     * Restricts the calling thread to {@code cpus}.
     *
     * @throws IllegalArgumentException if the set is empty or the kernel refuses it (CPUs that do not
     *     exist or that this process may not use), naming the CPUs allowed
     */
    public static void setCurrentThreadCpus(BitSet cpus) {
        requireSupported();
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("an empty CPU set: a thread must be allowed at least one CPU");
        }
        BitSet allowed = allowedCpus();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(CPU_SET_BYTES, 8);
            byte[] bytes = cpus.toByteArray();
            if (bytes.length > CPU_SET_BYTES) {
                throw new IllegalArgumentException(
                        "CPUs " + describe(cpus) + " do not exist; this process may use CPUs " + describe(allowed));
            }
            MemorySegment.copy(bytes, 0, mask, ValueLayout.JAVA_BYTE, 0, bytes.length);
            MemorySegment errno = arena.allocate(Native.CAPTURE_STATE);
            int rc = (int) Native.SCHED_SETAFFINITY.invokeExact(errno, 0, (long) CPU_SET_BYTES, mask);
            if (rc != 0) {
                int code = (int) Native.ERRNO.get(errno, 0L);
                throw new IllegalArgumentException("cannot pin to CPUs " + describe(cpus) + ": "
                        + (code == EINVAL ? "not among the CPUs this process may use" : "errno " + code)
                        + " (allowed: " + describe(allowed) + ")");
            }
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("sched_setaffinity failed", t);
        }
    }

    /** The CPUs the calling thread may run on now. */
    public static BitSet allowedCpus() {
        requireSupported();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(CPU_SET_BYTES, 8);
            MemorySegment errno = arena.allocate(Native.CAPTURE_STATE);
            int rc = (int) Native.SCHED_GETAFFINITY.invokeExact(errno, 0, (long) CPU_SET_BYTES, mask);
            if (rc != 0) {
                throw new IllegalStateException("sched_getaffinity failed: errno " + (int) Native.ERRNO.get(errno, 0L));
            }
            return BitSet.valueOf(mask.toArray(ValueLayout.JAVA_BYTE));
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("sched_getaffinity failed", t);
        }
    }

    /** The CPU the calling thread is running on at this instant, if the C library can tell. */
    public static Optional<Integer> currentCpu() {
        if (!isSupported()) {
            return Optional.empty();
        }
        try {
            int cpu = (int) Native.SCHED_GETCPU.invokeExact();
            return cpu < 0 ? Optional.empty() : Optional.of(cpu);
        } catch (Throwable t) {
            return Optional.empty();
        }
    }

    /** A CPU set in the kernel's list form, e.g. {@code 0-3,6}. */
    public static String describe(BitSet cpus) {
        StringBuilder text = new StringBuilder();
        for (int from = cpus.nextSetBit(0); from >= 0; ) {
            int to = cpus.nextClearBit(from) - 1;
            if (!text.isEmpty()) {
                text.append(',');
            }
            text.append(from);
            if (to > from) {
                text.append('-').append(to);
            }
            from = cpus.nextSetBit(to + 1);
        }
        return text.isEmpty() ? "(none)" : text.toString();
    }

    private static void requireSupported() {
        if (!Native.AVAILABLE) {
            throw new UnsupportedOperationException(
                    "thread pinning needs Linux's sched_setaffinity, not found on " + System.getProperty("os.name"));
        }
    }

    /** The downcalls, looked up on first use so that merely loading this class makes no restricted call. */
    private static final class Native {
        static final boolean AVAILABLE;
        static final StructLayout CAPTURE_STATE = Linker.Option.captureStateLayout();
        static final VarHandle ERRNO =
                CAPTURE_STATE.varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));
        static final MethodHandle SCHED_SETAFFINITY;
        static final MethodHandle SCHED_GETAFFINITY;
        static final MethodHandle SCHED_GETCPU;

        static {
            MethodHandle set = null;
            MethodHandle get = null;
            MethodHandle cpu = null;
            if (System.getProperty("os.name", "")
                    .toLowerCase(java.util.Locale.ROOT)
                    .contains("linux")) {
                Linker linker = Linker.nativeLinker();
                var libc = linker.defaultLookup();
                Linker.Option errno = Linker.Option.captureCallState("errno");
                FunctionDescriptor affinity = FunctionDescriptor.of(
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS);
                set = libc.find("sched_setaffinity")
                        .map(address -> linker.downcallHandle(address, affinity, errno))
                        .orElse(null);
                get = libc.find("sched_getaffinity")
                        .map(address -> linker.downcallHandle(address, affinity, errno))
                        .orElse(null);
                cpu = libc.find("sched_getcpu")
                        .map(address -> linker.downcallHandle(address, FunctionDescriptor.of(ValueLayout.JAVA_INT)))
                        .orElse(null);
            }
            SCHED_SETAFFINITY = set;
            SCHED_GETAFFINITY = get;
            SCHED_GETCPU = cpu;
            AVAILABLE = set != null && get != null && cpu != null;
        }
    }
}

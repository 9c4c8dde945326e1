package mechsym.tools.analyser;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The CPU time of this whole process (every thread: the analyser's, the collector's, the JIT's), in
 * nanoseconds, as {@code clock_gettime(CLOCK_PROCESS_CPUTIME_ID)} reads it: the clock
 * native/packet_analyser reads too, so Java and C++ batch figures are timed the same way. CPU time,
 * not wall time, leaves out what other processes take from a shared machine; the collector's own
 * threads are counted, since their work is what allocation costs. Where the C library call is not
 * available (not Linux), it falls back to the JVM's process CPU time. Thread-safe: each call uses
 * its own buffer.
 */
public final class ProcessCpuClock {
    /** CLOCK_PROCESS_CPUTIME_ID on Linux. */
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;

    private static final MethodHandle CLOCK_GETTIME = clockGettime();

    private ProcessCpuClock() {}

    private static MethodHandle clockGettime() {
        try {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup()
                    .find("clock_gettime")
                    .map(address -> linker.downcallHandle(
                            address,
                            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS)))
                    .orElse(null);
        } catch (RuntimeException e) {
            return null; // no native access: the JVM's own figure below
        }
    }

    /** The process's CPU time so far, in nanoseconds. */
    public static long nanos() {
        if (CLOCK_GETTIME == null) {
            return fallback();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment timespec = arena.allocate(16, 8);
            int rc = (int) CLOCK_GETTIME.invokeExact(CLOCK_PROCESS_CPUTIME_ID, timespec);
            if (rc != 0) {
                return fallback();
            }
            return timespec.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + timespec.get(ValueLayout.JAVA_LONG, 8);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("clock_gettime failed", t);
        }
    }

    private static long fallback() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}

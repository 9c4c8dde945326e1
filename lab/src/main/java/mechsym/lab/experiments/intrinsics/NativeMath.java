package mechsym.lab.experiments.intrinsics;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The C library's own {@code sqrt} (libm) and {@code clock_gettime} (libc) as FFM downcalls: the
 * "real native call" an intrinsic is not. Each comes plain (the thread leaves Java state for the
 * call, as JNI does) and {@link Linker.Option#critical critical} (no state transition: allowed for
 * short calls that neither block nor call back into Java).
 *
 * <p>Handles are created once; calling them is thread-safe. The timespec segment passed to
 * {@code clock_gettime} must hold two longs (seconds, nanoseconds: 16 bytes on 64-bit Linux).
 */
final class NativeMath {
    /** CLOCK_MONOTONIC on Linux: the clock System.nanoTime reads. */
    static final int CLOCK_MONOTONIC = 1;

    static final MethodHandle SQRT =
            downcall("sqrt", FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE, ValueLayout.JAVA_DOUBLE), false);
    static final MethodHandle SQRT_CRITICAL =
            downcall("sqrt", FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE, ValueLayout.JAVA_DOUBLE), true);
    static final MethodHandle CLOCK_GETTIME = downcall(
            "clock_gettime",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS),
            false);
    static final MethodHandle CLOCK_GETTIME_CRITICAL = downcall(
            "clock_gettime",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS),
            true);

    private NativeMath() {}

    private static MethodHandle downcall(String name, FunctionDescriptor descriptor, boolean critical) {
        Linker linker = Linker.nativeLinker();
        MemorySegment address = linker.defaultLookup()
                .find(name)
                .orElseThrow(() -> new IllegalStateException(name + " not found in the C library"));
        return critical
                ? linker.downcallHandle(address, descriptor, Linker.Option.critical(false))
                : linker.downcallHandle(address, descriptor);
    }

    /** Nanoseconds of {@code clock}, read by the downcall {@code handle} into {@code timespec}. */
    static long nanos(MethodHandle handle, MemorySegment timespec) {
        try {
            int rc = (int) handle.invokeExact(CLOCK_MONOTONIC, timespec);
            if (rc != 0) {
                throw new IllegalStateException("clock_gettime returned " + rc);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        return timespec.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + timespec.get(ValueLayout.JAVA_LONG, 8);
    }

    static double sqrt(MethodHandle handle, double x) {
        try {
            return (double) handle.invokeExact(x);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}

package mechsym.lab.experiments.intrinsics;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The post's point, "Java intrinsics are not JNI calls", as one call per operation:
 *
 * <ul>
 *   <li>the JDK methods HotSpot intrinsifies ({@code Math.sqrt}, {@code Math.abs}, {@code
 *       Integer.bitCount}, {@code Long.numberOfTrailingZeros}, {@code Math.fma}, {@code
 *       System.nanoTime}, {@code System.arraycopy} of 32 bytes), run once as compiled normally and
 *       once in a fork with {@code -XX:DisableIntrinsic=...} (the Java or native fallback);
 *   <li>the same function as a real native call: libm's {@code sqrt} through JNI ({@link JniMath},
 *       native/mechsym_jni.c; run with {@code -Dmechsym.jni.library=native/build/libmechsym_jni.so}),
 *       and libm's {@code sqrt} and libc's {@code clock_gettime(CLOCK_MONOTONIC)} through the FFM API,
 *       plain and {@code critical}.
 * </ul>
 *
 * Inputs come from fields that change every call, so nothing folds to a constant. How to run:
 * {@code make -C native jni}, then {@code ./mechsym jmh IntrinsicsBenchmark -f 1 -wi 3 -i 5
 * -jvmArgsAppend -Dmechsym.jni.library=$PWD/native/build/libmechsym_jni.so} (jniSqrt fails without
 * the library), and again with {@code -jvmArgsAppend "-XX:+UnlockDiagnosticVMOptions
 * -XX:DisableIntrinsic=_dsqrt,_fmaD"}. Look for: sqrt a
 * fraction of a nanosecond against several for the JNI call and the downcall; fma slowest when disabled.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class IntrinsicsBenchmark {
    private double x = 2.0;
    private long bits = 0x5555_0000_1000L;
    private final byte[] from = new byte[32];
    private final byte[] to = new byte[32];
    private MemorySegment timespec;

    @Setup
    public void setUp() {
        timespec = Arena.ofAuto().allocate(16, 8);
    }

    @Benchmark
    public double sqrt() {
        return Math.sqrt(x += 1.0);
    }

    @Benchmark
    public double abs() {
        return Math.abs(x -= 1.5);
    }

    @Benchmark
    public int bitCount() {
        return Integer.bitCount((int) (bits += 0x9E37_79B9L));
    }

    @Benchmark
    public int numberOfTrailingZeros() {
        return Long.numberOfTrailingZeros(bits += 0x9E37_79B9_7F4A_7C00L);
    }

    @Benchmark
    public double fma() {
        return Math.fma(x += 1.0, 0.5, 0.25);
    }

    @Benchmark
    public long nanoTime() {
        return System.nanoTime();
    }

    @Benchmark
    public byte[] arraycopy() {
        from[0]++;
        System.arraycopy(from, 0, to, 0, from.length);
        return to;
    }

    @Benchmark
    public double jniSqrt() {
        return JniMath.sqrt(x += 1.0);
    }

    @Benchmark
    public double ffmSqrt() {
        return NativeMath.sqrt(NativeMath.SQRT, x += 1.0);
    }

    @Benchmark
    public double ffmSqrtCritical() {
        return NativeMath.sqrt(NativeMath.SQRT_CRITICAL, x += 1.0);
    }

    @Benchmark
    public long ffmClockGettime() {
        return NativeMath.nanos(NativeMath.CLOCK_GETTIME, timespec);
    }

    @Benchmark
    public long ffmClockGettimeCritical() {
        return NativeMath.nanos(NativeMath.CLOCK_GETTIME_CRITICAL, timespec);
    }
}

package mechsym.lab.experiments.serialisation;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import mechsym.core.codec.CodecBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code CodecBuffer}'s bulk array methods, one element at a time against one copy, for the
 * threshold in {@code BulkAccess}: {@code count} doubles put and got at index 3 (unaligned, as in
 * the post's layout), in both byte orders, over a whole {@code byte[]} (the loop through byte-array
 * view handles) and over a direct {@code ByteBuffer} (the loop through the segment).
 *
 * <ul>
 *   <li>{@code put}, {@code get}: the buffer as it is: one copy in the native order, a loop in the
 *       other up to {@code BulkAccess.SWAP_LOOP_MAX} elements;
 *   <li>{@code copyPut}, {@code copyGet}: the same in a JVM started with {@code
 *       -Dmechsym.codec.swapLoopMax=0}: one copy in either order.
 * </ul>
 *
 * <p>How to run: {@code ./mechsym jmh BulkArrayBenchmark -f 1 -wi 2 -i 3 -w 1s -r 1s}; compare
 * {@code put} with {@code copyPut} per count, order and backing. In the native order both rows run
 * the same code, a check of the set-up; in the other the loop should win up to the threshold.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class BulkArrayBenchmark {
    private static final int INDEX = 3;

    @Param({"10", "64", "1024"})
    public int count;

    @Param({"LITTLE_ENDIAN", "BIG_ENDIAN"})
    public String order;

    @Param({"byte[]", "direct"})
    public String backing;

    private double[] values;
    private CodecBuffer buffer;

    @Setup
    public void setUp() {
        ByteOrder byteOrder = "BIG_ENDIAN".equals(order) ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        int capacity = INDEX + count * Double.BYTES;
        buffer = "direct".equals(backing)
                ? CodecBuffer.of(ByteBuffer.allocateDirect(capacity), byteOrder)
                : CodecBuffer.of(new byte[capacity], byteOrder);
        values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = i * 0.5;
        }
    }

    @Benchmark
    public double[] put() {
        buffer.putDoubles(INDEX, values, 0, values.length);
        return values;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-Dmechsym.codec.swapLoopMax=0")
    public double[] copyPut() {
        return put();
    }

    @Benchmark
    public double[] get() {
        buffer.getDoubles(INDEX, values, 0, values.length);
        return values;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-Dmechsym.codec.swapLoopMax=0")
    public double[] copyGet() {
        return get();
    }
}

package mechsym.lab.experiments.serialisation;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import mechsym.tools.dump.PostObject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Why {@code CodecBuffer} and {@code CodecFlyweight} branch on their byte order around each access
 * ({@code bigEndian ? segment.get(LONG_BE, i) : segment.get(LONG_LE, i)}) rather than inside it
 * ({@code segment.get(bigEndian ? LONG_BE : LONG_LE, i)}): the losing
 * variant, kept with the benchmark that decided.
 *
 * <p>The pitfall: a {@code MemorySegment} access is fast only when its {@code ValueLayout} is a
 * constant to the JIT, which then folds the layout's var handle, size, alignment and order into a
 * plain load or store. While a program uses one byte order, both forms compile alike: the branch
 * profile says the other side of the ternary is never taken, so C2 prunes it and the layout is a
 * constant again ({@code ternaryWrite} = {@code branchWrite}). Once the same code sees both orders
 * (a big-endian wire and native-order files in one program), the ternary merges two layouts into
 * one value that is not a constant, and every access goes through a var handle C2 cannot fold;
 * branching around the access keeps a constant layout on each side ({@code *BothOrders}).
 *
 * <p>Both variants write (and read) the serialisation post's object, positionally, over a byte[],
 * in an order chosen by a field read at run time (one order) or alternating call by call (both
 * orders). How to run: {@code ./mechsym jmh ConstantLayoutBenchmark -f 1 -wi 3 -i 10 -w 300ms -r
 * 200ms}; look at the ratio of each {@code ternary*} to its {@code branch*}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 10, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
@State(Scope.Thread)
public class ConstantLayoutBenchmark {
    private static final ValueLayout.OfInt INT_BE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG_BE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong LONG_LE =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble DOUBLE_BE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfDouble DOUBLE_LE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final PostObject item = PostObject.item();
    private final double[] prices = new double[10];
    private final long[] quantities = new long[10];
    private final MemorySegment segment = MemorySegment.ofArray(new byte[256]);
    /** Read at run time, as the codec's final field is (the JIT does not trust instance finals). */
    private final boolean bigEndian = Boolean.getBoolean("mechsym.bigEndian");

    private int calls;

    /** The byte order of this call: alternating, so that one call site sees both. */
    private boolean alternate() {
        return (++calls & 1) != 0;
    }

    // ---- one byte order for the whole run: the JIT's branch profile prunes the other either way

    @Benchmark
    public long ternaryWrite() {
        return ternaryWrite(bigEndian);
    }

    @Benchmark
    public long branchWrite() {
        return branchWrite(bigEndian);
    }

    @Benchmark
    public void ternaryRead(Blackhole blackhole) {
        ternaryRead(bigEndian, blackhole);
    }

    @Benchmark
    public void branchRead(Blackhole blackhole) {
        branchRead(bigEndian, blackhole);
    }

    // ---- both byte orders through the same code (a program with a big-endian wire and native files)

    @Benchmark
    public long ternaryWriteBothOrders() {
        return ternaryWrite(alternate());
    }

    @Benchmark
    public long branchWriteBothOrders() {
        return branchWrite(alternate());
    }

    @Benchmark
    public void ternaryReadBothOrders(Blackhole blackhole) {
        ternaryRead(alternate(), blackhole);
    }

    @Benchmark
    public void branchReadBothOrders(Blackhole blackhole) {
        branchRead(alternate(), blackhole);
    }

    private long ternaryWrite(boolean big) {
        segment.set(big ? LONG_BE : LONG_LE, 0, item.sourceId);
        segment.set(ValueLayout.JAVA_BYTE, 8, item.special ? (byte) 1 : (byte) 0);
        segment.set(big ? INT_BE : INT_LE, 9, item.orderCode);
        segment.set(big ? INT_BE : INT_LE, 13, item.priority);
        segment.set(big ? INT_BE : INT_LE, 17, 10);
        MemorySegment.copy(item.prices, 0, segment, big ? DOUBLE_BE : DOUBLE_LE, 21, 10);
        segment.set(big ? INT_BE : INT_LE, 101, 10);
        MemorySegment.copy(item.quantities, 0, segment, big ? LONG_BE : LONG_LE, 105, 10);
        return 185;
    }

    private long branchWrite(boolean big) {
        if (big) {
            segment.set(LONG_BE, 0, item.sourceId);
            segment.set(ValueLayout.JAVA_BYTE, 8, item.special ? (byte) 1 : (byte) 0);
            segment.set(INT_BE, 9, item.orderCode);
            segment.set(INT_BE, 13, item.priority);
            segment.set(INT_BE, 17, 10);
            MemorySegment.copy(item.prices, 0, segment, DOUBLE_BE, 21, 10);
            segment.set(INT_BE, 101, 10);
            MemorySegment.copy(item.quantities, 0, segment, LONG_BE, 105, 10);
        } else {
            segment.set(LONG_LE, 0, item.sourceId);
            segment.set(ValueLayout.JAVA_BYTE, 8, item.special ? (byte) 1 : (byte) 0);
            segment.set(INT_LE, 9, item.orderCode);
            segment.set(INT_LE, 13, item.priority);
            segment.set(INT_LE, 17, 10);
            MemorySegment.copy(item.prices, 0, segment, DOUBLE_LE, 21, 10);
            segment.set(INT_LE, 101, 10);
            MemorySegment.copy(item.quantities, 0, segment, LONG_LE, 105, 10);
        }
        return 185;
    }

    private void ternaryRead(boolean big, Blackhole blackhole) {
        blackhole.consume(segment.get(big ? LONG_BE : LONG_LE, 0));
        blackhole.consume(segment.get(ValueLayout.JAVA_BYTE, 8) != 0);
        blackhole.consume(segment.get(big ? INT_BE : INT_LE, 9));
        blackhole.consume(segment.get(big ? INT_BE : INT_LE, 13));
        MemorySegment.copy(segment, big ? DOUBLE_BE : DOUBLE_LE, 21, prices, 0, 10);
        MemorySegment.copy(segment, big ? LONG_BE : LONG_LE, 105, quantities, 0, 10);
        blackhole.consume(prices);
        blackhole.consume(quantities);
    }

    private void branchRead(boolean big, Blackhole blackhole) {
        if (big) {
            blackhole.consume(segment.get(LONG_BE, 0));
            blackhole.consume(segment.get(ValueLayout.JAVA_BYTE, 8) != 0);
            blackhole.consume(segment.get(INT_BE, 9));
            blackhole.consume(segment.get(INT_BE, 13));
            MemorySegment.copy(segment, DOUBLE_BE, 21, prices, 0, 10);
            MemorySegment.copy(segment, LONG_BE, 105, quantities, 0, 10);
        } else {
            blackhole.consume(segment.get(LONG_LE, 0));
            blackhole.consume(segment.get(ValueLayout.JAVA_BYTE, 8) != 0);
            blackhole.consume(segment.get(INT_LE, 9));
            blackhole.consume(segment.get(INT_LE, 13));
            MemorySegment.copy(segment, DOUBLE_LE, 21, prices, 0, 10);
            MemorySegment.copy(segment, LONG_LE, 105, quantities, 0, 10);
        }
        blackhole.consume(prices);
        blackhole.consume(quantities);
    }
}

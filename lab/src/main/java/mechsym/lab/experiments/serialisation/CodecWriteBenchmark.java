package mechsym.lab.experiments.serialisation;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import mechsym.core.codec.CodecBuffer;
import mechsym.tools.dump.PostObject;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Where the codec's write of the serialisation post's object loses time against the post's {@code
 * Unsafe} code, and the variants that decided {@code CodecBuffer}'s shape (kept beside the winner).
 *
 * <p>Every variant writes the post's 185-byte layout (long, byte, int, int, count + double[10],
 * count + long[10]) at index 0 of one shared {@code byte[1024]}: the same array for all, because
 * the copy stub's cost moves with where the array lies relative to cache lines, which would
 * otherwise pass for a difference between variants.
 *
 * <ul>
 *   <li>{@code unsafe}, {@code agrona}: the post's {@code Unsafe} code (two {@code copyMemory}
 *       calls for the arrays) and Agrona's {@code UnsafeBuffer} (element by element): the rivals;
 *   <li>{@code codecCursor}: {@code PostObject.writeTo}, i.e. {@code CodecBuffer}'s cursor writes
 *       and one {@code MemorySegment.copy} per array: what the lab's serialisation row measures.
 *       Over this whole {@code byte[]} the buffer's scalars go through byte-array view handles;
 *   <li>{@code codecCursorFfm}: the same code and array through a buffer over a slice one byte
 *       short of the array, which keeps every access on the FFM path (the path of every backing but a whole {@code byte[]});
 *   <li>{@code codecCursorLoop}, {@code codecPositional}, {@code codecPositionalLoop}: the same
 *       buffer written positionally, and with the arrays element by element instead of copied;
 *   <li>{@code segmentCopy}, {@code segmentLoop}: a bare heap {@code MemorySegment} held in a local,
 *       constant native-order layouts, arrays copied or looped: FFM without a buffer around it;
 *   <li>{@code viewCopy}, {@code viewLoop}: byte-array view {@code VarHandle}s for the scalars,
 *       with the arrays copied by {@code MemorySegment.copy} or looped through view handles;
 *       {@code viewLoopChecked} adds the two range checks a bulk loop needs before it writes (so
 *       that a refused access writes nothing), {@code viewLoopVar} takes the first price's index
 *       from a field, as a cursor does, and {@code viewSegmentCopy} copies each array from a heap
 *       segment over it ({@code MemorySegment.ofArray}, removed by escape analysis: -prof gc shows
 *       no allocation) instead of from the array;
 *   <li>{@code codecCursorBigEndian}, {@code codecCursorBigEndianCopy}: {@code codecCursor} in the
 *       non-native order, with the bulk loops and with them off (one swapping copy per array).
 * </ul>
 *
 * <p>What decided (on a quiet machine, two forks, several runs): element-by-element loops lose to
 * the one copy for ten elements by a wide margin ({@code segmentLoop} against {@code segmentCopy}),
 * so the bulk methods stay one copy. A bare segment in a local ({@code segmentCopy}) is within a
 * few percent of the view handles ({@code viewCopy}); the cost was in {@code CodecBuffer}'s FFM
 * path, {@code codecCursorFfm}, a third slower than {@code codecCursor}: the buffer holds the segment in a
 * field, and each access keeps its own {@code long} bounds check on an address computed from the
 * segment's base and offset, where the view handles' {@code int} range checks on the array are
 * merged by C2 across the fields (one compare covers the ints at 9, 13 and 17: see the generated
 * code with {@code -XX:CompileCommand=print,*::codecCursor*_jmhStub}). So a {@code CodecBuffer} over
 * a whole {@code byte[]} takes view handles for its scalars; other backings keep FFM. What is left
 * between {@code codecCursor} and {@code unsafe} is mostly the checks in front of each copy.
 *
 * <p>The element loop in {@code CodecBuffer} itself (the order fixed outside the loop):
 * {@code viewLoop} stays within about 1 ns of {@code unsafe} and 1.5 ns under {@code viewCopy}, but
 * once the loop carries the checks a bulk method owes ({@code viewLoopChecked}) most of that is
 * gone, and inside {@code CodecBuffer} the loop made {@code codecCursor} slower: C2 builds pre-, main and post-loops around each (the long one vectorised), for
 * ten elements mostly overhead, and the grown code stopped {@code writeTo} from being inlined. A
 * heap segment as the copy's source ({@code viewSegmentCopy}) costs what the array does. So the
 * native order keeps one copy; the loops serve the other order, where the copy swaps in a native
 * call ({@code codecCursorBigEndian} against {@code codecCursorBigEndianCopy}).
 *
 * <p>How to run: {@code ./mechsym jmh CodecWriteBenchmark}; compare each row with {@code unsafe}
 * in the same run, and repeat (on a shared machine, min and median over iterations say more than
 * one mean).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 8, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(2)
@State(Scope.Thread)
public class CodecWriteBenchmark {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    private static final VarHandle VIEW_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle VIEW_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle VIEW_DOUBLE =
            MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.nativeOrder());
    /** Offset of the first price: after sourceId, special, orderCode, priority and the count. */
    private static final int PRICES = 21;

    private final byte[] bytes = new byte[1024];
    private final PostObject item = PostObject.item();
    private final UnsafeMemory unsafe = new UnsafeMemory(bytes);
    private final UnsafeBuffer agrona = new UnsafeBuffer(bytes);
    private final CodecBuffer codec = CodecBuffer.of(bytes);
    /** The same array through FFM only: a slice that stops one byte short is not the whole array. */
    private final CodecBuffer codecFfm =
            CodecBuffer.of(MemorySegment.ofArray(bytes).asSlice(0, bytes.length - 1));

    private final MemorySegment segment = MemorySegment.ofArray(bytes);

    /** The bytes written so far, for the test that every variant writes the same layout. */
    byte[] written(int length) {
        return Arrays.copyOf(bytes, length);
    }

    // ---- the rivals

    @Benchmark
    public int unsafe() {
        unsafe.reset();
        PostObjectCodecs.write(item, unsafe);
        return unsafe.position();
    }

    @Benchmark
    public int agrona() {
        return PostObjectCodecs.write(item, agrona);
    }

    // ---- mechsym's CodecBuffer

    @Benchmark
    public int codecCursor() {
        codec.position(0);
        item.writeTo(codec);
        return (int) codec.position();
    }

    /** The same array in big-endian order: the non-native order's bulk loops (see {@code BulkAccess}). */
    private final CodecBuffer codecBigEndian = CodecBuffer.of(bytes, ByteOrder.BIG_ENDIAN);

    @Benchmark
    public int codecCursorBigEndian() {
        codecBigEndian.position(0);
        item.writeTo(codecBigEndian);
        return (int) codecBigEndian.position();
    }

    /** As {@link #codecCursorBigEndian} with the bulk loops off: one swapping copy per array, as before. */
    @Benchmark
    @Fork(value = 2, jvmArgsAppend = "-Dmechsym.codec.swapLoopMax=0")
    public int codecCursorBigEndianCopy() {
        return codecCursorBigEndian();
    }

    @Benchmark
    public int codecCursorFfm() {
        codecFfm.position(0);
        item.writeTo(codecFfm);
        return (int) codecFfm.position();
    }

    @Benchmark
    public int codecCursorLoop() {
        CodecBuffer b = codec;
        PostObject o = item;
        b.position(0);
        b.writeLong(o.sourceId);
        b.writeBoolean(o.special);
        b.writeInt(o.orderCode);
        b.writeInt(o.priority);
        b.writeInt(o.prices.length);
        for (double price : o.prices) {
            b.writeDouble(price);
        }
        b.writeInt(o.quantities.length);
        for (long quantity : o.quantities) {
            b.writeLong(quantity);
        }
        return (int) b.position();
    }

    @Benchmark
    public int codecPositional() {
        CodecBuffer b = codec;
        PostObject o = item;
        long p = codecHeader(b, o);
        b.putDoubles(p, o.prices, 0, o.prices.length);
        p += o.prices.length * 8L;
        b.putInt(p, o.quantities.length);
        b.putLongs(p + 4, o.quantities, 0, o.quantities.length);
        p += 4 + o.quantities.length * 8L;
        b.position(p);
        return (int) p;
    }

    @Benchmark
    public int codecPositionalLoop() {
        CodecBuffer b = codec;
        PostObject o = item;
        long p = codecHeader(b, o);
        for (double price : o.prices) {
            b.putDouble(p, price);
            p += 8;
        }
        b.putInt(p, o.quantities.length);
        p += 4;
        for (long quantity : o.quantities) {
            b.putLong(p, quantity);
            p += 8;
        }
        b.position(p);
        return (int) p;
    }

    /** Writes the fields before the first price at index 0; returns the index of the first price. */
    private static long codecHeader(CodecBuffer b, PostObject o) {
        b.putLong(0, o.sourceId);
        b.putBoolean(8, o.special);
        b.putInt(9, o.orderCode);
        b.putInt(13, o.priority);
        b.putInt(17, o.prices.length);
        return PRICES;
    }

    // ---- a bare heap MemorySegment (FFM, constant native-order layouts)

    @Benchmark
    public int segmentCopy() {
        MemorySegment s = segment;
        PostObject o = item;
        long p = segmentHeader(s, o);
        MemorySegment.copy(o.prices, 0, s, DOUBLE, p, o.prices.length);
        p += o.prices.length * 8L;
        s.set(INT, p, o.quantities.length);
        MemorySegment.copy(o.quantities, 0, s, LONG, p + 4, o.quantities.length);
        return (int) (p + 4 + o.quantities.length * 8L);
    }

    @Benchmark
    public int segmentLoop() {
        MemorySegment s = segment;
        PostObject o = item;
        long p = segmentHeader(s, o);
        for (double price : o.prices) {
            s.set(DOUBLE, p, price);
            p += 8;
        }
        s.set(INT, p, o.quantities.length);
        p += 4;
        for (long quantity : o.quantities) {
            s.set(LONG, p, quantity);
            p += 8;
        }
        return (int) p;
    }

    private static long segmentHeader(MemorySegment s, PostObject o) {
        s.set(LONG, 0, o.sourceId);
        s.set(ValueLayout.JAVA_BYTE, 8, o.special ? (byte) 1 : 0);
        s.set(INT, 9, o.orderCode);
        s.set(INT, 13, o.priority);
        s.set(INT, 17, o.prices.length);
        return PRICES;
    }

    // ---- byte-array view VarHandles for the scalars

    @Benchmark
    public int viewCopy() {
        byte[] b = bytes;
        MemorySegment s = segment;
        PostObject o = item;
        int p = viewHeader(b, o);
        MemorySegment.copy(o.prices, 0, s, DOUBLE, p, o.prices.length);
        p += o.prices.length * 8;
        VIEW_INT.set(b, p, o.quantities.length);
        MemorySegment.copy(o.quantities, 0, s, LONG, p + 4, o.quantities.length);
        return p + 4 + o.quantities.length * 8;
    }

    @Benchmark
    public int viewLoop() {
        byte[] b = bytes;
        PostObject o = item;
        return viewArraysLoop(b, o, viewHeader(b, o), false);
    }

    @Benchmark
    public int viewLoopChecked() {
        byte[] b = bytes;
        PostObject o = item;
        return viewArraysLoop(b, o, viewHeader(b, o), true);
    }

    /** Where the header ends, read from a field so that the JIT does not know it (as with a cursor). */
    private int pricesAt = PRICES;

    @Benchmark
    public int viewLoopVar() {
        byte[] b = bytes;
        PostObject o = item;
        viewHeader(b, o);
        return viewArraysLoop(b, o, pricesAt, false);
    }

    @Benchmark
    public int viewSegmentCopy() {
        byte[] b = bytes;
        MemorySegment s = segment;
        PostObject o = item;
        int p = viewHeader(b, o);
        MemorySegment.copy(MemorySegment.ofArray(o.prices), 0, s, p, o.prices.length * 8L);
        p += o.prices.length * 8;
        VIEW_INT.set(b, p, o.quantities.length);
        MemorySegment.copy(MemorySegment.ofArray(o.quantities), 0, s, p + 4, o.quantities.length * 8L);
        return p + 4 + o.quantities.length * 8;
    }

    private static int viewHeader(byte[] b, PostObject o) {
        VIEW_LONG.set(b, 0, o.sourceId);
        b[8] = o.special ? (byte) 1 : 0;
        VIEW_INT.set(b, 9, o.orderCode);
        VIEW_INT.set(b, 13, o.priority);
        VIEW_INT.set(b, 17, o.prices.length);
        return PRICES;
    }

    /**
     * Writes the prices from {@code p}, the quantities' count and the quantities element by element
     * through the view handles; returns the end. {@code checked} adds the two range checks a bulk
     * loop needs before it writes (so that a refused access writes nothing). Each benchmark passes a
     * constant and JMH has C2 inline this method, so the checks are folded in or out and each
     * benchmark compiles to the loops it names.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static int viewArraysLoop(byte[] b, PostObject o, int p, boolean checked) {
        double[] prices = o.prices;
        if (checked) {
            Objects.checkFromIndexSize(0, prices.length, prices.length);
            Objects.checkFromIndexSize((long) p, prices.length * 8L, b.length);
        }
        for (int i = 0; i < prices.length; i++) {
            VIEW_DOUBLE.set(b, p + i * 8, prices[i]);
        }
        p += prices.length * 8;
        long[] quantities = o.quantities;
        VIEW_INT.set(b, p, quantities.length);
        p += 4;
        if (checked) {
            Objects.checkFromIndexSize(0, quantities.length, quantities.length);
            Objects.checkFromIndexSize((long) p, quantities.length * 8L, b.length);
        }
        for (int i = 0; i < quantities.length; i++) {
            VIEW_LONG.set(b, p + i * 8, quantities[i]);
        }
        return p + quantities.length * 8;
    }
}

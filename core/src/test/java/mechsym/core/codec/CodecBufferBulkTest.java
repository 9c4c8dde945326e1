package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bulk array methods on every backing, in both byte orders: one copy in the native order, an
 * element loop in the other up to {@link BulkAccess#SWAP_LOOP_MAX} elements (through the byte[] view
 * handles for a whole array, through the segment otherwise). Counts on either side of the
 * threshold, both edges, array offsets, agreement with {@link ByteBuffer}, and refusals that change
 * nothing.
 */
class CodecBufferBulkTest {
    /** One primitive array type: how to fill it, put it, get it, and write it into a ByteBuffer. */
    record Kind(String name, int size, IntFunction<Object> newArray, Fill fill, Put put, Get get, Reference reference) {
        @Override
        public String toString() {
            return name;
        }
    }

    interface Fill {
        void set(Object array, int i, long bits);
    }

    interface Put {
        void put(CodecBuffer buffer, long index, Object array, int arrayIndex, int count);
    }

    interface Get {
        void get(CodecBuffer buffer, long index, Object array, int arrayIndex, int count);
    }

    interface Reference {
        void put(ByteBuffer buffer, Object array, int arrayIndex, int count);
    }

    static final List<Kind> KINDS = List.of(
            new Kind(
                    "short[]",
                    2,
                    short[]::new,
                    (a, i, bits) -> ((short[]) a)[i] = (short) bits,
                    (b, x, a, i, n) -> b.putShorts(x, (short[]) a, i, n),
                    (b, x, a, i, n) -> b.getShorts(x, (short[]) a, i, n),
                    (bb, a, i, n) -> bb.asShortBuffer().put((short[]) a, i, n)),
            new Kind(
                    "char[]",
                    2,
                    char[]::new,
                    (a, i, bits) -> ((char[]) a)[i] = (char) bits,
                    (b, x, a, i, n) -> b.putChars(x, (char[]) a, i, n),
                    (b, x, a, i, n) -> b.getChars(x, (char[]) a, i, n),
                    (bb, a, i, n) -> bb.asCharBuffer().put((char[]) a, i, n)),
            new Kind(
                    "int[]",
                    4,
                    int[]::new,
                    (a, i, bits) -> ((int[]) a)[i] = (int) bits,
                    (b, x, a, i, n) -> b.putInts(x, (int[]) a, i, n),
                    (b, x, a, i, n) -> b.getInts(x, (int[]) a, i, n),
                    (bb, a, i, n) -> bb.asIntBuffer().put((int[]) a, i, n)),
            new Kind(
                    "long[]",
                    8,
                    long[]::new,
                    (a, i, bits) -> ((long[]) a)[i] = bits,
                    (b, x, a, i, n) -> b.putLongs(x, (long[]) a, i, n),
                    (b, x, a, i, n) -> b.getLongs(x, (long[]) a, i, n),
                    (bb, a, i, n) -> bb.asLongBuffer().put((long[]) a, i, n)),
            new Kind(
                    "float[]",
                    4,
                    float[]::new,
                    // any int bits but NaNs, whose payload a float register may not keep
                    (a, i, bits) -> ((float[]) a)[i] = Float.intBitsToFloat((int) bits & 0xBFFF_FFFF),
                    (b, x, a, i, n) -> b.putFloats(x, (float[]) a, i, n),
                    (b, x, a, i, n) -> b.getFloats(x, (float[]) a, i, n),
                    (bb, a, i, n) -> bb.asFloatBuffer().put((float[]) a, i, n)),
            new Kind(
                    "double[]",
                    8,
                    double[]::new,
                    (a, i, bits) -> ((double[]) a)[i] = Double.longBitsToDouble(bits & 0xBFFF_FFFF_FFFF_FFFFL),
                    (b, x, a, i, n) -> b.putDoubles(x, (double[]) a, i, n),
                    (b, x, a, i, n) -> b.getDoubles(x, (double[]) a, i, n),
                    (bb, a, i, n) -> bb.asDoubleBuffer().put((double[]) a, i, n)));

    /** Counts on either side of the loop/copy threshold, and the empty count. */
    static final int[] COUNTS = {
        0, 1, 10, BulkAccess.SWAP_LOOP_MAX - 1, BulkAccess.SWAP_LOOP_MAX, BulkAccess.SWAP_LOOP_MAX + 1
    };

    /** The order that takes the loops on this machine. */
    private static final ByteOrder NON_NATIVE =
            ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;

    /** Array elements before the ones copied, so that array offsets are exercised. */
    private static final int OFFSET = 2;

    static List<Arguments> backingsAndOrders() {
        return Backings.withOrders();
    }

    private static Object values(Kind kind, int length, Random random) {
        Object array = kind.newArray().apply(length);
        for (int i = 0; i < length; i++) {
            kind.fill().set(array, i, random.nextLong());
        }
        return array;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void everyCountAroundTheThresholdRoundTripsAtBothEdgesLikeByteBuffer(Backings.Backing backing, ByteOrder order) {
        Random random = new Random(11);
        for (int count : COUNTS) {
            for (Kind kind : KINDS) {
                int bytes = count * kind.size();
                int capacity = bytes + 7;
                CodecBuffer buffer = backing.make(capacity, order);
                Object values = values(kind, OFFSET + count, random);
                for (int index : new int[] {0, 3, capacity - bytes}) {
                    String what = kind + " x" + count + " at " + index;
                    kind.put().put(buffer, index, values, OFFSET, count);

                    ByteBuffer reference = ByteBuffer.allocate(bytes).order(order);
                    kind.reference().put(reference, values, OFFSET, count);
                    assertThat(buffer.segment().asSlice(index, bytes).toArray(ValueLayout.JAVA_BYTE))
                            .as(what)
                            .isEqualTo(reference.array());

                    Object back = values(kind, OFFSET + count, random);
                    Object before = kind.newArray().apply(OFFSET);
                    System.arraycopy(back, 0, before, 0, OFFSET);
                    kind.get().get(buffer, index, back, OFFSET, count);
                    for (int i = 0; i < OFFSET; i++) {
                        assertThat(Array.get(back, i))
                                .as(what + ": element before the range")
                                .isEqualTo(Array.get(before, i));
                    }
                    for (int i = OFFSET; i < OFFSET + count; i++) {
                        assertThat(Array.get(back, i))
                                .as(what + " element " + i)
                                .isEqualTo(Array.get(values, i));
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void aRangeOutsideTheBufferOrTheArrayIsRefusedAndChangesNothing(Backings.Backing backing, ByteOrder order) {
        Random random = new Random(13);
        for (int count : COUNTS) {
            for (Kind kind : KINDS) {
                if (count > 0) {
                    refusals(kind, count, backing.make(count * kind.size() + 5, order), random);
                }
            }
        }
    }

    private static void refusals(Kind kind, int count, CodecBuffer buffer, Random random) {
        byte[] before = buffer.segment().toArray(ValueLayout.JAVA_BYTE);
        Object values = values(kind, count, random);
        Object dst = values(kind, count, random);
        Object dstBefore = kind.newArray().apply(count);
        System.arraycopy(dst, 0, dstBefore, 0, count);
        String what = kind + " x" + count;
        for (long index : new long[] {6, -1, Integer.MIN_VALUE, 1L << 32, Long.MAX_VALUE - 4}) {
            assertThatThrownBy(() -> kind.put().put(buffer, index, values, 0, count))
                    .as(what + " put at " + index)
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> kind.get().get(buffer, index, dst, 0, count))
                    .as(what + " get at " + index)
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThatThrownBy(() -> kind.put().put(buffer, 0, values, 1, count))
                .as(what + ": more elements than the source array holds after its index")
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> kind.get().get(buffer, 0, dst, 1, count))
                .as(what + ": more elements than the destination holds after its index")
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> kind.put().put(buffer, 0, values, -1, count))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> kind.put().put(buffer, 0, values, 0, -1))
                .as("a negative count")
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> kind.get().get(buffer, 0, dst, 0, -1))
                .as("a negative count")
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(buffer.segment().toArray(ValueLayout.JAVA_BYTE))
                .as(what + ": the buffer's bytes")
                .isEqualTo(before);
        assertThat(dst).as(what + ": the destination array").isEqualTo(dstBefore);
    }

    @Test
    void aBufferRewrappedBetweenAWholeArrayAndItsSlicesKeepsEachOnesBoundsInBulk() {
        int count = 100;
        long[] values = new Random(17).longs(count).toArray();
        byte[] array = new byte[count * Long.BYTES + 8];
        CodecBuffer buffer = CodecBuffer.of(array, NON_NATIVE);
        buffer.putLongs(8, values, 0, count);

        buffer.wrap(MemorySegment.ofArray(array).asSlice(8, count * Long.BYTES));
        long[] back = new long[count];
        buffer.getLongs(0, back, 0, count);
        assertThat(back).isEqualTo(values);
        assertThatThrownBy(() -> buffer.putLongs(8, values, 0, count))
                .as("the slice ends where the array does, 8 bytes after its start")
                .isInstanceOf(IndexOutOfBoundsException.class);

        buffer.wrap(MemorySegment.ofArray(array).asSlice(0, array.length - 1));
        assertThatThrownBy(() -> buffer.putLongs(8, values, 0, count))
                .as("a slice from byte 0 that stops one byte short of the array's end")
                .isInstanceOf(IndexOutOfBoundsException.class);

        buffer.wrap(array);
        buffer.putLongs(0, values, 0, count);
        assertThat(buffer.getLong(0)).isEqualTo(values[0]);
        assertThat(buffer.getLong((count - 1) * 8L)).isEqualTo(values[count - 1]);
        assertThat(buffer.getLong(count * 8L))
                .as("the last long put in the first round")
                .isEqualTo(values[count - 1]);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("orders")
    void aReadOnlyBackingRefusesBulkPutsEvenOfNothingButReads(ByteOrder order) {
        byte[] array = new byte[32];
        CodecBuffer writable = CodecBuffer.of(array, order);
        writable.putInts(0, new int[] {1, 2, 3}, 0, 3);
        byte[] before = array.clone();
        CodecBuffer readOnly = CodecBuffer.of(MemorySegment.ofArray(array).asReadOnly(), order);
        assertThatThrownBy(() -> readOnly.putInts(0, new int[] {9, 9}, 0, 2))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> readOnly.putInts(0, new int[] {9}, 0, 0))
                .as("a copy of nothing into a read-only segment")
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(array).isEqualTo(before);
        int[] back = new int[3];
        readOnly.getInts(0, back, 0, 3);
        assertThat(back).containsExactly(1, 2, 3);
    }

    @Test
    void aClosedArenasSegmentRefusesBulkAccessInEitherOrder() {
        for (ByteOrder order : orders()) {
            Arena arena = Arena.ofConfined();
            CodecBuffer buffer = CodecBuffer.of(arena.allocate(64), order);
            buffer.putLongs(0, new long[] {1, 2}, 0, 2);
            arena.close();
            assertThatThrownBy(() -> buffer.putLongs(0, new long[] {1, 2}, 0, 2))
                    .as(order.toString())
                    .isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> buffer.getLongs(0, new long[2], 0, 2))
                    .as(order.toString())
                    .isInstanceOf(IllegalStateException.class);
        }
    }

    static List<ByteOrder> orders() {
        return List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN);
    }
}

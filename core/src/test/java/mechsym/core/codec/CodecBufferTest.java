package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CodecBufferTest {
    private static final int CAPACITY = 64;

    static List<org.junit.jupiter.params.provider.Arguments> backingsAndOrders() {
        return Backings.withOrders();
    }

    interface Put {
        void put(CodecBuffer buffer, long index, long bits);
    }

    interface Get {
        long get(CodecBuffer buffer, long index);
    }

    interface Write {
        void write(CodecBuffer buffer, long bits);
    }

    interface Read {
        long read(CodecBuffer buffer);
    }

    interface Reference {
        void put(ByteBuffer buffer, long bits);
    }

    /** One primitive type: its accessors, with values carried as long bits. */
    record Primitive(String name, int size, Put put, Get get, Write write, Read read, Reference reference) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final List<Primitive> PRIMITIVES = List.of(
            new Primitive(
                    "byte",
                    1,
                    (b, i, v) -> b.putByte(i, (byte) v),
                    (b, i) -> b.getByte(i),
                    (b, v) -> b.writeByte((byte) v),
                    b -> b.readByte(),
                    (bb, v) -> bb.put(0, (byte) v)),
            new Primitive(
                    "boolean",
                    1,
                    (b, i, v) -> b.putBoolean(i, (v & 1) != 0),
                    (b, i) -> b.getBoolean(i) ? 1 : 0,
                    (b, v) -> b.writeBoolean((v & 1) != 0),
                    b -> b.readBoolean() ? 1 : 0,
                    (bb, v) -> bb.put(0, (byte) (v & 1))),
            new Primitive(
                    "short",
                    2,
                    (b, i, v) -> b.putShort(i, (short) v),
                    (b, i) -> b.getShort(i),
                    (b, v) -> b.writeShort((short) v),
                    b -> b.readShort(),
                    (bb, v) -> bb.putShort(0, (short) v)),
            new Primitive(
                    "char",
                    2,
                    (b, i, v) -> b.putChar(i, (char) v),
                    (b, i) -> b.getChar(i),
                    (b, v) -> b.writeChar((char) v),
                    b -> b.readChar(),
                    (bb, v) -> bb.putChar(0, (char) v)),
            new Primitive(
                    "int",
                    4,
                    (b, i, v) -> b.putInt(i, (int) v),
                    (b, i) -> b.getInt(i),
                    (b, v) -> b.writeInt((int) v),
                    b -> b.readInt(),
                    (bb, v) -> bb.putInt(0, (int) v)),
            new Primitive(
                    "long",
                    8,
                    (b, i, v) -> b.putLong(i, v),
                    (b, i) -> b.getLong(i),
                    (b, v) -> b.writeLong(v),
                    b -> b.readLong(),
                    (bb, v) -> bb.putLong(0, v)),
            new Primitive(
                    "float",
                    4,
                    (b, i, v) -> b.putFloat(i, Float.intBitsToFloat((int) v)),
                    (b, i) -> Float.floatToIntBits(b.getFloat(i)),
                    (b, v) -> b.writeFloat(Float.intBitsToFloat((int) v)),
                    b -> Float.floatToIntBits(b.readFloat()),
                    (bb, v) -> bb.putFloat(0, Float.intBitsToFloat((int) v))),
            new Primitive(
                    "double",
                    8,
                    (b, i, v) -> b.putDouble(i, Double.longBitsToDouble(v)),
                    (b, i) -> Double.doubleToLongBits(b.getDouble(i)),
                    (b, v) -> b.writeDouble(Double.longBitsToDouble(v)),
                    b -> Double.doubleToLongBits(b.readDouble()),
                    (bb, v) -> bb.putDouble(0, Double.longBitsToDouble(v))));

    /** A value of the primitive's width that is not a NaN (so bits survive float round trips). */
    private static long value(Primitive primitive, Random random) {
        long bits = random.nextLong();
        return switch (primitive.name()) {
            case "byte" -> (byte) bits;
            case "boolean" -> bits & 1;
            case "short" -> (short) bits;
            case "char" -> (char) bits;
            case "int" -> (int) bits;
            case "float" -> Float.floatToIntBits(random.nextFloat() * 1e6f - 5e5f);
            case "double" -> Double.doubleToLongBits(random.nextDouble() * 1e12 - 5e11);
            default -> bits;
        };
    }

    private static byte[] bytes(CodecBuffer buffer) {
        return buffer.segment().toArray(ValueLayout.JAVA_BYTE);
    }

    private static byte[] reference(Primitive primitive, long bits, ByteOrder order) {
        ByteBuffer reference = ByteBuffer.allocate(primitive.size()).order(order);
        primitive.reference().put(reference, bits);
        return reference.array();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void everyPrimitiveRoundTripsAtBothEdgesInTheBuffersOrder(Backings.Backing backing, ByteOrder order) {
        Random random = new Random(42);
        CodecBuffer buffer = backing.make(CAPACITY, order);
        assertThat(buffer.capacity()).isEqualTo(CAPACITY);
        assertThat(buffer.order()).isEqualTo(order);
        for (Primitive primitive : PRIMITIVES) {
            for (long index : new long[] {0, 1, CAPACITY - primitive.size()}) {
                long bits = value(primitive, random);
                primitive.put().put(buffer, index, bits);
                assertThat(primitive.get().get(buffer, index))
                        .as("%s at %d", primitive, index)
                        .isEqualTo(bits);
                byte[] written =
                        buffer.segment().asSlice(index, primitive.size()).toArray(ValueLayout.JAVA_BYTE);
                assertThat(written).as("%s bytes at %d", primitive, index).isEqualTo(reference(primitive, bits, order));
            }
            assertThat(buffer.position())
                    .as("positional access moves no cursor")
                    .isZero();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void accessBeyondEitherEdgeThrowsAndChangesNothing(Backings.Backing backing, ByteOrder order) {
        CodecBuffer buffer = backing.make(CAPACITY, order);
        for (int i = 0; i < CAPACITY; i++) {
            buffer.putByte(i, (byte) i);
        }
        assertEveryAccessRefusedAt(
                buffer, primitive -> new long[] {-1, CAPACITY - primitive.size() + 1, CAPACITY, Long.MAX_VALUE});
    }

    /** Every put and get of every primitive at each index throws, and no byte changes. */
    private static void assertEveryAccessRefusedAt(CodecBuffer buffer, Function<Primitive, long[]> indexes) {
        byte[] before = bytes(buffer);
        for (Primitive primitive : PRIMITIVES) {
            for (long index : indexes.apply(primitive)) {
                assertThatThrownBy(() -> primitive.put().put(buffer, index, -1L))
                        .as("%s put at %d", primitive, index)
                        .isInstanceOf(IndexOutOfBoundsException.class);
                assertThatThrownBy(() -> primitive.get().get(buffer, index))
                        .as("%s get at %d", primitive, index)
                        .isInstanceOf(IndexOutOfBoundsException.class);
            }
        }
        assertThat(bytes(buffer)).isEqualTo(before);
    }

    /**
     * A buffer over a whole byte[] takes the byte-array view path with an int index: an index whose
     * low 32 bits are a valid one must still be refused, not wrapped onto it.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void anIndexBeyondTheIntRangeIsRefusedNotWrapped(Backings.Backing backing, ByteOrder order) {
        CodecBuffer buffer = backing.make(CAPACITY, order);
        for (int i = 0; i < CAPACITY; i++) {
            buffer.putByte(i, (byte) i);
        }
        assertEveryAccessRefusedAt(
                buffer, primitive -> new long[] {1L << 32, (1L << 32) + 1, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE});
    }

    @Test
    void rewrappingBetweenAWholeArrayAndASliceOfItKeepsEachOnesBounds() {
        byte[] bytes = new byte[16];
        CodecBuffer buffer = CodecBuffer.of(bytes, ByteOrder.BIG_ENDIAN);
        buffer.putLong(8, 0x0102030405060708L);
        assertThat(bytes).endsWith(1, 2, 3, 4, 5, 6, 7, 8);

        buffer.wrap(MemorySegment.ofArray(bytes).asSlice(4, 8));
        buffer.putInt(0, 0x0A0B0C0D);
        assertThat(buffer.getInt(0)).isEqualTo(0x0A0B0C0D);
        assertThat(bytes[4]).isEqualTo((byte) 0x0A);
        assertThatThrownBy(() -> buffer.putLong(1, -1L))
                .as("the slice ends at its 8th byte although the array goes on")
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> buffer.getShort(7)).isInstanceOf(IndexOutOfBoundsException.class);

        buffer.wrap(MemorySegment.ofArray(bytes).asSlice(0, 12));
        assertThatThrownBy(() -> buffer.putInt(9, -1))
                .as("a slice from byte 0 that stops short of the array's end")
                .isInstanceOf(IndexOutOfBoundsException.class);

        buffer.wrap(bytes);
        buffer.putInt(12, 0x01020304);
        assertThat(buffer.getLong(8)).isEqualTo(0x0102030401020304L);
        assertThat(bytes).endsWith(1, 2, 3, 4, 1, 2, 3, 4);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void cursorAccessAdvancesOnSuccessAndStaysPutOnOverflow(Backings.Backing backing, ByteOrder order) {
        Random random = new Random(7);
        CodecBuffer buffer = backing.make(CAPACITY, order);
        for (Primitive primitive : PRIMITIVES) {
            long start = CAPACITY - primitive.size();
            long bits = value(primitive, random);
            buffer.position(start);
            primitive.write().write(buffer, bits);
            assertThat(buffer.position()).isEqualTo(CAPACITY);
            assertThat(buffer.remaining()).isZero();
            assertThatThrownBy(() -> primitive.write().write(buffer, bits))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> primitive.read().read(buffer)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(buffer.position())
                    .as("%s overflow leaves the cursor", primitive)
                    .isEqualTo(CAPACITY);
            buffer.position(start);
            assertThat(primitive.read().read(buffer)).as(primitive.name()).isEqualTo(bits);
            assertThat(buffer.position()).isEqualTo(CAPACITY);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void aSequenceOfMixedValuesReadsBackInOrder(Backings.Backing backing, ByteOrder order) {
        Random random = new Random(11);
        CodecBuffer buffer = backing.make(4096, order);
        long[] written = new long[400];
        Primitive[] kinds = new Primitive[written.length];
        for (int i = 0; i < written.length; i++) {
            kinds[i] = PRIMITIVES.get(random.nextInt(PRIMITIVES.size()));
            written[i] = value(kinds[i], random);
            kinds[i].write().write(buffer, written[i]);
        }
        long end = buffer.position();
        buffer.position(0);
        for (int i = 0; i < written.length; i++) {
            assertThat(kinds[i].read().read(buffer))
                    .as("value %d (%s)", i, kinds[i])
                    .isEqualTo(written[i]);
        }
        assertThat(buffer.position()).isEqualTo(end);
    }

    /** One array type: put n elements at an index, get them back, reference bytes from ByteBuffer. */
    record Bulk(
            String name, int size, Function<Random, Object> values, BulkPut put, BulkGet get, Reference2 reference) {
        @Override
        public String toString() {
            return name;
        }
    }

    interface BulkPut {
        void put(CodecBuffer buffer, long index, Object array, int count);
    }

    interface BulkGet {
        Object get(CodecBuffer buffer, long index, int count);
    }

    interface Reference2 {
        void put(ByteBuffer buffer, Object array);
    }

    private static final int N = 5;

    static final List<Bulk> BULKS = List.of(
            new Bulk(
                    "byte[]",
                    1,
                    r -> {
                        byte[] a = new byte[N];
                        r.nextBytes(a);
                        return a;
                    },
                    (b, i, a, n) -> b.putBytes(i, (byte[]) a, 0, n),
                    (b, i, n) -> {
                        byte[] a = new byte[n];
                        b.getBytes(i, a, 0, n);
                        return a;
                    },
                    (bb, a) -> bb.put((byte[]) a)),
            new Bulk(
                    "short[]",
                    2,
                    r -> {
                        short[] a = new short[N];
                        for (int i = 0; i < N; i++) a[i] = (short) r.nextInt();
                        return a;
                    },
                    (b, i, a, n) -> b.putShorts(i, (short[]) a, 0, n),
                    (b, i, n) -> {
                        short[] a = new short[n];
                        b.getShorts(i, a, 0, n);
                        return a;
                    },
                    (bb, a) -> bb.asShortBuffer().put((short[]) a)),
            new Bulk(
                    "char[]",
                    2,
                    r -> {
                        char[] a = new char[N];
                        for (int i = 0; i < N; i++) a[i] = (char) r.nextInt();
                        return a;
                    },
                    (b, i, a, n) -> b.putChars(i, (char[]) a, 0, n),
                    (b, i, n) -> {
                        char[] a = new char[n];
                        b.getChars(i, a, 0, n);
                        return a;
                    },
                    (bb, a) -> bb.asCharBuffer().put((char[]) a)),
            new Bulk(
                    "int[]",
                    4,
                    r -> r.ints(N).toArray(),
                    (b, i, a, n) -> b.putInts(i, (int[]) a, 0, n),
                    (b, i, n) -> {
                        int[] a = new int[n];
                        b.getInts(i, a, 0, n);
                        return a;
                    },
                    (bb, a) -> bb.asIntBuffer().put((int[]) a)),
            new Bulk(
                    "long[]",
                    8,
                    r -> r.longs(N).toArray(),
                    (b, i, a, n) -> b.putLongs(i, (long[]) a, 0, n),
                    (b, i, n) -> {
                        long[] a = new long[n];
                        b.getLongs(i, a, 0, n);
                        return a;
                    },
                    (bb, a) -> bb.asLongBuffer().put((long[]) a)),
            new Bulk(
                    "float[]",
                    4,
                    r -> {
                        float[] a = new float[N];
                        for (int i = 0; i < N; i++) a[i] = r.nextFloat() - 0.5f;
                        return a;
                    },
                    (b, i, a, n) -> b.putFloats(i, (float[]) a, 0, n),
                    (b, i, n) -> {
                        float[] a = new float[n];
                        b.getFloats(i, a, 0, n);
                        return a;
                    },
                    (bb, a) -> bb.asFloatBuffer().put((float[]) a)),
            new Bulk(
                    "double[]",
                    8,
                    r -> r.doubles(N).toArray(),
                    (b, i, a, n) -> b.putDoubles(i, (double[]) a, 0, n),
                    (b, i, n) -> {
                        double[] a = new double[n];
                        b.getDoubles(i, a, 0, n);
                        return a;
                    },
                    (bb, a) -> bb.asDoubleBuffer().put((double[]) a)));

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void bulkArraysRoundTripAtTheEdgesInTheBuffersOrder(Backings.Backing backing, ByteOrder order) {
        Random random = new Random(3);
        CodecBuffer buffer = backing.make(CAPACITY, order);
        for (Bulk bulk : BULKS) {
            Object values = bulk.values().apply(random);
            int bytes = N * bulk.size();
            for (long index : new long[] {0, 3, CAPACITY - bytes}) {
                bulk.put().put(buffer, index, values, N);
                assertThat(bulk.get().get(buffer, index, N))
                        .as("%s at %d", bulk, index)
                        .isEqualTo(values);
                ByteBuffer reference = ByteBuffer.allocate(bytes).order(order);
                bulk.reference().put(reference, values);
                assertThat(buffer.segment().asSlice(index, bytes).toArray(ValueLayout.JAVA_BYTE))
                        .as("%s bytes", bulk)
                        .isEqualTo(reference.array());
            }
            byte[] before = bytes(buffer);
            assertThatThrownBy(() -> bulk.put().put(buffer, CAPACITY - bytes + 1, values, N))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> bulk.get().get(buffer, CAPACITY - bytes + 1, N))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> bulk.put().put(buffer, 0, values, N + 1))
                    .as("more elements than the array holds")
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(bytes(buffer)).isEqualTo(before);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void bulkCursorMethodsAdvanceByTheBytesCopied(Backings.Backing backing, ByteOrder order) {
        CodecBuffer buffer = backing.make(CAPACITY, order);
        long[] longs = {1, -2, Long.MAX_VALUE};
        double[] doubles = {0.1, -0.0, Double.MAX_VALUE};
        buffer.writeLongs(longs, 0, 3);
        buffer.writeDoubles(doubles, 1, 2);
        buffer.writeBytes(new byte[] {9, 8}, 0, 2);
        assertThat(buffer.position()).isEqualTo(24 + 16 + 2);
        long[] longsBack = new long[3];
        double[] doublesBack = new double[3];
        byte[] bytesBack = new byte[2];
        buffer.position(0);
        buffer.readLongs(longsBack, 0, 3);
        buffer.readDoubles(doublesBack, 1, 2);
        buffer.readBytes(bytesBack, 0, 2);
        assertThat(longsBack).containsExactly(longs);
        assertThat(doublesBack).containsExactly(0, -0.0, Double.MAX_VALUE);
        assertThat(bytesBack).containsExactly(9, 8);
        assertThat(buffer.position()).isEqualTo(42);
        buffer.position(CAPACITY - 8);
        assertThatThrownBy(() -> buffer.writeLongs(longs, 0, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(buffer.position()).isEqualTo(CAPACITY - 8);
    }

    @Test
    void defaultOrderIsNative() {
        assertThat(CodecBuffer.of(new byte[8]).order()).isEqualTo(ByteOrder.nativeOrder());
        assertThat(CodecBuffer.of(ByteBuffer.allocateDirect(8)).order()).isEqualTo(ByteOrder.nativeOrder());
        assertThat(CodecBuffer.of(MemorySegment.ofArray(new byte[8])).order()).isEqualTo(ByteOrder.nativeOrder());
    }

    @Test
    void aByteBufferIsWrappedFromItsPositionToItsLimitAndNeverMoved() {
        ByteBuffer bytes = ByteBuffer.allocate(32).position(8).limit(24);
        CodecBuffer buffer = CodecBuffer.of(bytes, ByteOrder.BIG_ENDIAN);
        assertThat(buffer.capacity()).isEqualTo(16);
        buffer.writeInt(0x01020304);
        assertThat(bytes.get(8)).isEqualTo((byte) 1);
        assertThat(bytes.position()).isEqualTo(8);
        assertThatThrownBy(() -> buffer.putInt(13, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aReadOnlyBackingRefusesWritesButReads() {
        ByteBuffer bytes = ByteBuffer.allocate(8).putInt(0, 42).asReadOnlyBuffer();
        CodecBuffer buffer = CodecBuffer.of(bytes, ByteOrder.BIG_ENDIAN);
        assertThat(buffer.getInt(0)).isEqualTo(42);
        assertThatThrownBy(() -> buffer.putInt(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> buffer.writeInt(1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(buffer.position()).isZero();
        assertThat(buffer.getInt(0)).isEqualTo(42);
    }

    @Test
    void positionOutsideTheBufferIsRefused() {
        CodecBuffer buffer = CodecBuffer.of(new byte[8]);
        buffer.position(8);
        assertThatThrownBy(() -> buffer.position(9)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> buffer.position(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> buffer.skip(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(buffer.position()).isEqualTo(8);
    }

    @Test
    void aSkipThatOverflowsALongNamesTheSkipNotAWrappedPosition() {
        CodecBuffer buffer = CodecBuffer.of(new byte[8]).position(4);
        assertThatThrownBy(() -> buffer.skip(Long.MAX_VALUE))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("skip of " + Long.MAX_VALUE + " bytes from position 4 leaves [0, 8]");
        assertThatThrownBy(() -> buffer.skip(Long.MIN_VALUE))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("skip of " + Long.MIN_VALUE + " bytes from position 4 leaves [0, 8]");
        assertThat(buffer.position()).isEqualTo(4);
        assertThat(buffer.skip(-4).position()).isZero();
        assertThat(buffer.skip(8).position()).isEqualTo(8);
    }

    @Test
    void wrapRepointsTheBufferAndRewindsTheCursor() {
        CodecBuffer buffer = CodecBuffer.of(new byte[8], ByteOrder.LITTLE_ENDIAN);
        buffer.writeInt(5);
        byte[] other = new byte[4];
        buffer.wrap(other);
        assertThat(buffer.position()).isZero();
        assertThat(buffer.capacity()).isEqualTo(4);
        buffer.writeInt(0x0A0B0C0D);
        assertThat(other).containsExactly(0x0D, 0x0C, 0x0B, 0x0A);
        assertThat(buffer.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void segmentToSegmentCopy() {
        CodecBuffer buffer = CodecBuffer.of(new byte[8]);
        buffer.putBytes(2, MemorySegment.ofArray(new byte[] {1, 2, 3, 4}), 1, 3);
        assertThat(buffer.segment().toArray(ValueLayout.JAVA_BYTE)).containsExactly(0, 0, 2, 3, 4, 0, 0, 0);
        assertThatThrownBy(() -> buffer.putBytes(6, MemorySegment.ofArray(new byte[4]), 0, 3))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void readCountRefusesCountsThatCannotFitBeforeAllocating() {
        CodecBuffer buffer = CodecBuffer.of(new byte[20], ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(0, 2);
        assertThat(buffer.readCount(8)).isEqualTo(2);
        assertThat(buffer.position()).isEqualTo(4);
        buffer.position(0);
        buffer.putInt(0, 3); // 24 bytes, 16 left
        assertThatThrownBy(() -> buffer.readCount(8))
                .isInstanceOf(CodecException.class)
                .hasMessage("offset 0: count 3 of 8-byte elements but 16 bytes left");
        buffer.putInt(0, -1);
        assertThatThrownBy(() -> buffer.readCount(1)).isInstanceOf(CodecException.class);
        buffer.putInt(0, Integer.MAX_VALUE);
        assertThatThrownBy(() -> buffer.readCount(8)).isInstanceOf(CodecException.class);
        assertThat(buffer.position()).isZero();
        buffer.position(18);
        assertThatThrownBy(() -> buffer.readCount(1)).isInstanceOf(IndexOutOfBoundsException.class);
        buffer.position(0);
        assertThatThrownBy(() -> buffer.readCount(0)) // any count would "fit" zero-byte elements
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("elementSize must be at least 1, was 0");
    }
}

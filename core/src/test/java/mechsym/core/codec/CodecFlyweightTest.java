package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CodecFlyweightTest {
    static List<Arguments> backingsAndOrders() {
        return Backings.withOrders();
    }

    /**
     * A fixed layout with one field of every accessor's type.
     *
     * <pre>
     * 0 byte | 1 boolean | 2 short | 4 char | 6 int | 10 long | 18 float | 22 double | 30 int[3]
     * | 42 long[2] | 58 double[2] | 74 byte[4] | 78
     * </pre>
     */
    static final class AllTypes extends CodecFlyweight {
        static final int LENGTH = 78;

        AllTypes() {
            super(LENGTH);
        }

        byte b() {
            return getByte(0);
        }

        boolean z() {
            return getBoolean(1);
        }

        short s() {
            return getShort(2);
        }

        char c() {
            return getChar(4);
        }

        int i() {
            return getInt(6);
        }

        long l() {
            return getLong(10);
        }

        float f() {
            return getFloat(18);
        }

        double d() {
            return getDouble(22);
        }

        int[] ints() {
            int[] values = new int[3];
            getInts(30, values, 0, 3);
            return values;
        }

        long[] longs() {
            long[] values = new long[2];
            getLongs(42, values, 0, 2);
            return values;
        }

        double[] doubles() {
            double[] values = new double[2];
            getDoubles(58, values, 0, 2);
            return values;
        }

        byte[] bytes() {
            byte[] values = new byte[4];
            getBytes(74, values, 0, 4);
            return values;
        }

        void put(Values v) {
            putByte(0, v.b);
            putBoolean(1, v.z);
            putShort(2, v.s);
            putChar(4, v.c);
            putInt(6, v.i);
            putLong(10, v.l);
            putFloat(18, v.f);
            putDouble(22, v.d);
            putInts(30, v.ints, 0, 3);
            putLongs(42, v.longs, 0, 2);
            putDoubles(58, v.doubles, 0, 2);
            putBytes(74, v.bytes, 0, 4);
        }

        Values get() {
            return new Values(b(), z(), s(), c(), i(), l(), f(), d(), ints(), longs(), doubles(), bytes());
        }
    }

    /** The values of an {@link AllTypes} message. */
    record Values(
            byte b,
            boolean z,
            short s,
            char c,
            int i,
            long l,
            float f,
            double d,
            int[] ints,
            long[] longs,
            double[] doubles,
            byte[] bytes) {
        static Values random(Random random) {
            byte[] bytes = new byte[4];
            random.nextBytes(bytes);
            return new Values(
                    (byte) random.nextInt(),
                    random.nextBoolean(),
                    (short) random.nextInt(),
                    (char) random.nextInt(),
                    random.nextInt(),
                    random.nextLong(),
                    Float.intBitsToFloat(random.nextInt()),
                    Double.longBitsToDouble(random.nextLong()),
                    random.ints(3).toArray(),
                    random.longs(2).toArray(),
                    new double[] {random.nextDouble(), Double.longBitsToDouble(random.nextLong())},
                    bytes);
        }

        /** Writes at the cursor with the buffer's own cursor methods: the reference encoding. */
        void writeTo(CodecBuffer buffer) {
            buffer.writeByte(b);
            buffer.writeBoolean(z);
            buffer.writeShort(s);
            buffer.writeChar(c);
            buffer.writeInt(i);
            buffer.writeLong(l);
            buffer.writeFloat(f);
            buffer.writeDouble(d);
            buffer.writeInts(ints, 0, 3);
            buffer.writeLongs(longs, 0, 2);
            buffer.writeDoubles(doubles, 0, 2);
            buffer.writeBytes(bytes, 0, 4);
        }

        /** Equal field by field, floats by their bits (a random NaN is still equal to itself). */
        boolean sameAs(Values o) {
            return b == o.b
                    && z == o.z
                    && s == o.s
                    && c == o.c
                    && i == o.i
                    && l == o.l
                    && Float.floatToRawIntBits(f) == Float.floatToRawIntBits(o.f)
                    && Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(o.d)
                    && Arrays.equals(ints, o.ints)
                    && Arrays.equals(longs, o.longs)
                    && Arrays.equals(doubles, o.doubles)
                    && Arrays.equals(bytes, o.bytes);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void readsInPlaceWhatTheBufferWroteAndWritesWhatTheBufferReads(Backings.Backing backing, ByteOrder order) {
        Random random = new Random(42);
        CodecBuffer buffer = backing.make(AllTypes.LENGTH + 11, order);
        AllTypes flyweight = new AllTypes();
        for (int n = 0; n < 200; n++) {
            long offset = random.nextInt(12); // unaligned offsets, up to the message ending at the capacity
            Values values = Values.random(random);
            buffer.position(offset);
            values.writeTo(buffer);
            assertThat(flyweight.wrap(buffer, offset)).isSameAs(flyweight);
            assertThat(flyweight.offset()).isEqualTo(offset);
            assertThat(flyweight.order()).isEqualTo(order);
            assertThat(flyweight.get().sameAs(values))
                    .as("read of %s at %d", values, offset)
                    .isTrue();

            Values other = Values.random(random);
            flyweight.put(other);
            assertThat(flyweight.get().sameAs(other)).isTrue();
            byte[] written = new byte[AllTypes.LENGTH];
            buffer.getBytes(offset, written, 0, written.length);
            CodecBuffer reference = CodecBuffer.of(new byte[AllTypes.LENGTH], order);
            other.writeTo(reference);
            assertThat(written)
                    .as("bytes the flyweight wrote")
                    .isEqualTo(reference.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void multiByteValuesFollowTheBuffersByteOrder() {
        for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
            byte[] bytes = new byte[AllTypes.LENGTH];
            AllTypes flyweight = new AllTypes();
            flyweight.wrap(CodecBuffer.of(bytes, order), 0);
            flyweight.putInt(6, 0x01020304);
            assertThat(bytes[6]).isEqualTo(order == ByteOrder.BIG_ENDIAN ? (byte) 1 : (byte) 4);
            assertThat(ByteBuffer.wrap(bytes).order(order).getInt(6)).isEqualTo(0x01020304);
            flyweight.putLongs(42, new long[] {0x0102030405060708L, -2}, 0, 2);
            assertThat(ByteBuffer.wrap(bytes).order(order).getLong(42)).isEqualTo(0x0102030405060708L);
            assertThat(ByteBuffer.wrap(bytes).order(order).getLong(50)).isEqualTo(-2);
        }
    }

    @Test
    void aFrameBodyRoundTripsThroughTheFrameWriterAndTheFlyweight() {
        CodecBuffer buffer = CodecBuffer.of(new byte[512], ByteOrder.BIG_ENDIAN);
        FrameWriter writer = new FrameWriter(buffer);
        Values first = Values.random(new Random(1));
        Values second = Values.random(new Random(2));
        for (Values values : List.of(first, second)) {
            writer.begin(9, 1);
            values.writeTo(buffer);
            buffer.writeInt(-1); // a field a newer version appended: the flyweight ignores it
            writer.end();
        }
        long end = buffer.position();
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, end, 1024);
        AllTypes flyweight = new AllTypes();
        for (Values expected : List.of(first, second)) {
            assertThat(reader.next()).isTrue();
            flyweight.wrap(reader.buffer(), reader.bodyOffset(), reader.bodyLength());
            assertThat(flyweight.offset()).isEqualTo(reader.bodyOffset());
            assertThat(flyweight.get().sameAs(expected)).isTrue();
        }
        assertThat(reader.next()).isFalse();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void aTruncatedMessageIsRefusedAtWrapWithItsOffset(Backings.Backing backing, ByteOrder order) {
        AllTypes flyweight = new AllTypes();
        for (int length = 0; length < AllTypes.LENGTH; length += 7) {
            CodecBuffer buffer = backing.make(5 + length, order);
            assertThatThrownBy(() -> flyweight.wrap(buffer, 5))
                    .isInstanceOf(CodecException.class)
                    .hasMessageContaining("truncated AllTypes")
                    .hasMessageContaining("takes " + AllTypes.LENGTH + " bytes, the buffer has " + length)
                    .asInstanceOf(InstanceOfAssertFactories.type(CodecException.class))
                    .extracting(CodecException::offset)
                    .isEqualTo(5L);
            assertThatThrownBy(flyweight::b)
                    .as("a failed wrap leaves the flyweight unwrapped")
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void theMessageMayEndExactlyAtTheCapacityButNotOneBytePastIt() {
        CodecBuffer buffer = CodecBuffer.of(new byte[100]);
        AllTypes flyweight = new AllTypes();
        flyweight.wrap(buffer, 100 - AllTypes.LENGTH);
        flyweight.putBytes(74, new byte[] {1, 2, 3, 4}, 0, 4);
        assertThat(buffer.getByte(99)).isEqualTo((byte) 4);
        assertThatThrownBy(() -> flyweight.wrap(buffer, 101 - AllTypes.LENGTH))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("the buffer has 77 from there");
        assertThatThrownBy(() -> flyweight.wrap(buffer, 100)).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> flyweight.wrap(buffer, Long.MAX_VALUE))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("the buffer has 0 from there");
        assertThatThrownBy(() -> flyweight.wrap(buffer, -1))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .isNotInstanceOf(CodecException.class);
    }

    @Test
    void anEmptyLayoutWrapsEvenAtTheEnd() {
        CodecFlyweight empty = new CodecFlyweight(0) {};
        assertThat(empty.wrap(CodecBuffer.of(new byte[3]), 3).offset()).isEqualTo(3);
        assertThatThrownBy(() -> new CodecFlyweight(-1) {}).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBodyMustHoldTheLayoutAndLieInTheBuffer() {
        CodecBuffer buffer = CodecBuffer.of(new byte[200]);
        AllTypes flyweight = new AllTypes();
        assertThat(flyweight.wrap(buffer, 10, AllTypes.LENGTH + 50).offset()).isEqualTo(10);
        assertThatThrownBy(() -> flyweight.wrap(buffer, 10, AllTypes.LENGTH - 1))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("the body has " + (AllTypes.LENGTH - 1));
        assertThatThrownBy(() -> flyweight.wrap(buffer, 150, 51))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("body of 51 bytes runs past the buffer: 50 bytes")
                .asInstanceOf(InstanceOfAssertFactories.type(CodecException.class))
                .extracting(CodecException::offset)
                .isEqualTo(150L);
        assertThatThrownBy(() -> flyweight.wrap(buffer, 250, 1))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("body starts past the buffer's end (200 bytes)");
        assertThatThrownBy(() -> flyweight.wrap(buffer, 0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> flyweight.wrap(buffer, -3, 100)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void everyAccessIsRefusedBeforeTheFirstWrapAndAfterUnwrap() {
        AllTypes flyweight = new AllTypes();
        assertThat(flyweight.order()).isEqualTo(ByteOrder.nativeOrder());
        assertThatThrownBy(flyweight::l).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> flyweight.putLong(10, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(flyweight::doubles).isInstanceOf(IndexOutOfBoundsException.class);
        flyweight.wrap(CodecBuffer.of(new byte[AllTypes.LENGTH]), 0);
        assertThat(flyweight.l()).isZero();
        flyweight.unwrap();
        assertThatThrownBy(flyweight::l).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aWrongFieldOffsetIsStillConfinedToTheSegment() {
        AllTypes flyweight = new AllTypes();
        flyweight.wrap(CodecBuffer.of(new byte[AllTypes.LENGTH]), 0);
        assertThatThrownBy(() -> flyweight.getLong(AllTypes.LENGTH - 7)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> flyweight.getInt(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> flyweight.getDoubles(58, new double[1], 0, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aReadOnlyBufferCanBeReadButNotWritten() {
        ByteBuffer bytes = ByteBuffer.allocate(AllTypes.LENGTH);
        bytes.put(0, (byte) 42);
        AllTypes flyweight = new AllTypes();
        flyweight.wrap(CodecBuffer.of(bytes.asReadOnlyBuffer()), 0);
        assertThat(flyweight.b()).isEqualTo((byte) 42);
        assertThatThrownBy(() -> flyweight.putByte(0, (byte) 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(bytes.get(0)).isEqualTo((byte) 42);
    }

    @Test
    void anAccessAfterTheArenaIsClosedThrowsIllegalState() {
        AllTypes flyweight = new AllTypes();
        Arena arena = Arena.ofConfined();
        MemorySegment segment = arena.allocate(AllTypes.LENGTH);
        flyweight.wrap(CodecBuffer.of(segment), 0);
        flyweight.putLong(10, 7);
        assertThat(flyweight.l()).isEqualTo(7);
        arena.close();
        assertThatThrownBy(flyweight::l).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aContentCheckReportsTheFieldsOffset() {
        final class Counted extends CodecFlyweight {
            Counted() {
                super(8);
            }

            @Override
            public Counted wrap(CodecBuffer buffer, long offset) {
                super.wrap(buffer, offset);
                int count = getInt(4);
                if (count != 3) {
                    throw invalid(4, "count " + count + ", the layout holds 3");
                }
                return this;
            }
        }
        CodecBuffer buffer = CodecBuffer.of(new byte[20]);
        buffer.putInt(14, 3);
        Counted counted = new Counted();
        assertThat(counted.wrap(buffer, 10).offset()).isEqualTo(10);
        buffer.putInt(14, 4);
        assertThatThrownBy(() -> counted.wrap(buffer, 10))
                .isInstanceOf(CodecException.class)
                .hasMessage("offset 14: Counted: count 4, the layout holds 3");
        assertThatThrownBy(() -> counted.getInt(4)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void theFlyweightSeesLaterChangesToTheBytes() {
        byte[] bytes = new byte[AllTypes.LENGTH];
        AllTypes flyweight = new AllTypes();
        flyweight.wrap(CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN), 0);
        bytes[6] = 5;
        assertThat(flyweight.i()).isEqualTo(5);
        assertThat(flyweight.toString()).contains("offset=0", "length=78", "LITTLE_ENDIAN");
    }

    /** A message with a count and that many bytes after it: a bulk read sized by the message itself. */
    static final class CountedBytes extends CodecFlyweight {
        CountedBytes() {
            super(4);
        }

        byte[] bytes() {
            byte[] out = new byte[getInt(0)];
            getBytes(4, out, 0, out.length);
            return out;
        }
    }

    @Test
    void aCountReadFromAMessageCannotCopyTheNextFramesBytes() {
        CodecBuffer buffer = CodecBuffer.of(new byte[256]);
        FrameWriter writer = new FrameWriter(buffer);
        writer.begin(1, 0);
        buffer.writeInt(20); // a hostile count: the body holds 2 bytes after it
        buffer.writeBytes(new byte[] {1, 2}, 0, 2);
        writer.end();
        writer.begin(2, 0);
        buffer.writeLong(0x5EC2E7L); // the next frame: must never be copied out of the first
        writer.end();

        buffer.position(0);
        FrameReader reader = new FrameReader(buffer);
        assertThat(reader.next()).isTrue();
        CountedBytes message = new CountedBytes();
        message.wrap(reader.buffer(), reader.bodyOffset(), reader.bodyLength());
        assertThatThrownBy(message::bytes)
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("20 elements of 1 bytes at field offset 4 leave the 6-byte CountedBytes");

        buffer.putInt(reader.bodyOffset(), 2);
        assertThat(message.bytes()).containsExactly(1, 2);
        message.wrap(buffer, reader.bodyOffset()); // the layout alone: 4 bytes, no room for the 2
        assertThatThrownBy(message::bytes).isInstanceOf(IndexOutOfBoundsException.class);
    }
}

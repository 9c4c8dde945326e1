package mechsym.tools.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.BiFunction;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.CodecException;
import mechsym.core.codec.FrameReader;
import mechsym.core.codec.FrameWriter;
import mechsym.tools.dump.PostObject;
import org.junit.jupiter.api.Test;

/**
 * Seeded randomised round trips of schema-described messages, and corrupted streams: the decoder
 * must either decode or throw CodecException with an offset inside the input; never another
 * exception, never a loop that does not advance, never an allocation out of proportion to the input.
 */
class SchemaCodecTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** A random schema: up to 8 message types, fields of every type and shape. */
    static Schema randomSchema(Random random, ByteOrder order) {
        List<MessageType> messages = new ArrayList<>();
        int count = 1 + random.nextInt(8);
        for (int m = 0; m < count; m++) {
            List<Field> fields = new ArrayList<>();
            int fieldCount = random.nextInt(10);
            for (int f = 0; f < fieldCount; f++) {
                ElementType type = ElementType.values()[random.nextInt(ElementType.values().length)];
                Field.Shape shape = type.arrayable() ? Field.Shape.values()[random.nextInt(3)] : Field.Shape.SCALAR;
                int length = shape == Field.Shape.FIXED_ARRAY ? 1 + random.nextInt(6) : 0;
                fields.add(new Field("f" + f, type, shape, length, 0, 0));
            }
            messages.add(new MessageType("M" + m, 100 + m, random.nextInt(3), fields, 0));
        }
        return new Schema(order, messages);
    }

    static Object[] randomValues(MessageType type, Random random) {
        Object[] values = new Object[type.fields().size()];
        for (int i = 0; i < values.length; i++) {
            Field field = type.fields().get(i);
            int n = switch (field.shape()) {
                case SCALAR -> 1;
                case FIXED_ARRAY -> field.length();
                case VARIABLE_ARRAY -> random.nextInt(8);
            };
            values[i] =
                    field.shape() == Field.Shape.SCALAR ? scalar(field.type(), random) : array(field.type(), n, random);
        }
        return values;
    }

    private static Object scalar(ElementType type, Random random) {
        return switch (type) {
            case INT8 -> (byte) random.nextInt();
            case BOOLEAN -> random.nextBoolean();
            case INT16 -> (short) random.nextInt();
            case CHAR16 -> (char) random.nextInt();
            case INT32 -> random.nextInt();
            case INT64 -> random.nextLong();
            case FLOAT32 -> Float.intBitsToFloat(random.nextInt());
            case FLOAT64 -> Double.longBitsToDouble(random.nextLong());
            case STRING -> randomText(random, random.nextInt(12));
        };
    }

    /** ASCII, two- and three-byte chars and supplementary code points; no lone surrogates. */
    private static String randomText(Random random, int length) {
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            switch (random.nextInt(4)) {
                case 0 -> text.append((char) random.nextInt(0x80));
                case 1 -> text.append((char) (0x80 + random.nextInt(0x800 - 0x80)));
                case 2 -> text.append((char) (0xE000 + random.nextInt(0x1000)));
                default -> text.appendCodePoint(0x10000 + random.nextInt(0x100000));
            }
        }
        return text.toString();
    }

    /** The memory kinds a CodecBuffer wraps (core's tests cover each one's access paths). */
    private static final List<BiFunction<Integer, ByteOrder, CodecBuffer>> BACKINGS = List.of(
            (capacity, order) -> CodecBuffer.of(new byte[capacity], order),
            (capacity, order) ->
                    CodecBuffer.of(ByteBuffer.allocate(capacity + 5).position(5), order),
            (capacity, order) -> CodecBuffer.of(ByteBuffer.allocateDirect(capacity), order),
            (capacity, order) -> CodecBuffer.of(Arena.ofAuto().allocate(capacity), order));

    private static Object array(ElementType type, int n, Random random) {
        return switch (type) {
            case INT8 -> {
                byte[] a = new byte[n];
                random.nextBytes(a);
                yield a;
            }
            case INT16 -> {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) a[i] = (short) random.nextInt();
                yield a;
            }
            case CHAR16 -> {
                char[] a = new char[n];
                for (int i = 0; i < n; i++) a[i] = (char) random.nextInt();
                yield a;
            }
            case INT32 -> random.ints(n).toArray();
            case INT64 -> random.longs(n).toArray();
            case FLOAT32 -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) a[i] = random.nextFloat();
                yield a;
            }
            case FLOAT64 -> random.doubles(n).toArray();
            default -> throw new IllegalArgumentException(type.toString());
        };
    }

    /** Writes messages (and unknown types) into a buffer; returns what was written. */
    static List<Object[]> writeStream(
            Schema schema, Random random, CodecBuffer buffer, int messages, List<MessageType> types) {
        FrameWriter writer = new FrameWriter(buffer);
        List<Object[]> written = new ArrayList<>();
        for (int i = 0; i < messages; i++) {
            if (random.nextInt(10) == 0) {
                writer.begin(9999 + random.nextInt(3), random.nextInt(5)); // unknown to the schema
                buffer.writeBytes(new byte[random.nextInt(40)], 0, 0);
                buffer.skip(random.nextInt(40));
                writer.end();
                types.add(null);
                written.add(null);
                continue;
            }
            MessageType type =
                    schema.messages().get(random.nextInt(schema.messages().size()));
            Object[] values = randomValues(type, random);
            writer.begin(type.typeId(), type.version());
            SchemaCodec.encode(type, values, buffer);
            writer.end();
            types.add(type);
            written.add(values);
        }
        return written;
    }

    @Test
    void thousandsOfRandomMessagesRoundTripInBothOrdersAndEveryBacking() {
        Random random = new Random(1234);
        int total = 0;
        for (BiFunction<Integer, ByteOrder, CodecBuffer> backing : BACKINGS) {
            for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
                Schema schema = randomSchema(random, order);
                CodecBuffer buffer = backing.apply(1 << 20, order);
                List<MessageType> types = new ArrayList<>();
                List<Object[]> written = writeStream(schema, random, buffer, 500, types);
                long end = buffer.position();
                buffer.position(0);
                FrameReader reader = new FrameReader(buffer, end, 1 << 16);
                int i = 0;
                while (reader.next()) {
                    MessageType type = schema.find(reader.typeId(), reader.version());
                    assertThat(type).isSameAs(types.get(i));
                    if (type != null) {
                        Object[] values = SchemaCodec.decode(type, buffer, reader.bodyOffset(), reader.bodyLength());
                        assertThat(values)
                                .as("message %d of %s %s", i, backing, order)
                                .isEqualTo(written.get(i));
                    }
                    i++;
                }
                assertThat(i).isEqualTo(500);
                total += i;
            }
        }
        assertThat(total).isEqualTo(500 * 2 * BACKINGS.size());
    }

    @Test
    void corruptedStreamsOnlyEverThrowCodecExceptionWithAnOffsetInside() {
        corruptedStreams(false); // loads every class and links every call site the same streams reach
        int[] counts = corruptedStreams(true);
        assertThat(counts[0]).as("the mutations were found").isGreaterThan(1000);
        assertThat(counts[1]).as("intact messages still decoded").isGreaterThan(1000);
    }

    /** Decodes 1,500 corrupted streams made from one seed; returns {errors, decoded}. */
    private static int[] corruptedStreams(boolean checkAllocation) {
        Random random = new Random(99);
        int corruptions = 0;
        int decoded = 0;
        for (int round = 0; round < 1500; round++) {
            ByteOrder order = random.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            Schema schema = randomSchema(random, order);
            byte[] bytes = new byte[1 << 14];
            CodecBuffer buffer = CodecBuffer.of(bytes, order);
            writeStream(schema, random, buffer, 20, new ArrayList<>());
            int end = (int) buffer.position();
            end = corrupt(random, buffer, end);
            int[] counts = decodeAll(schema, buffer, end, checkAllocation);
            corruptions += counts[0];
            decoded += counts[1];
        }
        return new int[] {corruptions, decoded};
    }

    /** Damages the stream in one of several ways; returns the new end. */
    private static int corrupt(Random random, CodecBuffer buffer, int end) {
        int damage = 1 + random.nextInt(4);
        for (int d = 0; d < damage && end > 0; d++) {
            int at = random.nextInt(end);
            switch (random.nextInt(5)) {
                case 0 -> buffer.putByte(at, (byte) random.nextInt()); // a flipped byte
                case 1 -> { // a hostile int: a length or count gone wild
                    if (at + 4 <= end) {
                        int[] hostile = {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 30, 0, random.nextInt()};
                        buffer.putInt(at, hostile[random.nextInt(hostile.length)]);
                    }
                }
                case 2 -> end = at; // truncated
                case 3 -> { // garbage inserted: shift the tail right
                    int n = 1 + random.nextInt(16);
                    if (end + n <= buffer.capacity()) {
                        byte[] tail = new byte[end - at];
                        buffer.getBytes(at, tail, 0, tail.length);
                        buffer.putBytes(at + n, tail, 0, tail.length);
                        for (int i = 0; i < n; i++) buffer.putByte(at + i, (byte) random.nextInt());
                        end += n;
                    }
                }
                default -> { // a frame boundary-ish int overwritten with a near-miss length
                    if (at + 4 <= end) buffer.putInt(at, buffer.getInt(at) + random.nextInt(9) - 4);
                }
            }
        }
        return end;
    }

    /** Decodes everything, resynchronising byte by byte after errors; returns {errors, decoded}. */
    private static int[] decodeAll(Schema schema, CodecBuffer buffer, int end, boolean checkAllocation) {
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, end, 1 << 16);
        int errors = 0;
        int decoded = 0;
        long steps = 0;
        long from;
        while (true) {
            assertThat(++steps).as("the decoder advances on every step").isLessThanOrEqualTo(end + 1L);
            try {
                if (!reader.next()) {
                    break;
                }
                MessageType type = schema.find(reader.typeId(), reader.version());
                if (type != null) {
                    long before = THREADS.getCurrentThreadAllocatedBytes();
                    try {
                        Object[] values = SchemaCodec.decode(type, buffer, reader.bodyOffset(), reader.bodyLength());
                        assertThat(values).hasSize(type.fields().size()).doesNotContainNull();
                        decoded++;
                    } finally {
                        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
                        // boxes, arrays and strings: bounded by the body; an exception with its stack trace
                        assertThat(checkAllocation ? allocated : 0)
                                .as("bytes allocated decoding a body of %d", reader.bodyLength())
                                .isLessThan(32L * reader.bodyLength() + 32 * 1024);
                    }
                }
            } catch (CodecException e) {
                errors++;
                assertThat(e.offset()).isBetween(0L, (long) end);
                assertThat(e.getMessage()).startsWith("offset " + e.offset() + ": ");
                from = e.offset() + 1;
                if (from > end) {
                    break;
                }
                reader.reset(from);
            }
        }
        return new int[] {errors, decoded};
    }

    @Test
    void hostileCountsAreRefusedBeforeAnythingIsAllocated() {
        Schema schema = Schema.parse("message A type 1 version 1 { long[] xs string s }");
        MessageType type = schema.find(1, 1);
        CodecBuffer buffer = CodecBuffer.of(new byte[64], ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(0, Integer.MAX_VALUE);
        CodecException e = catchCodec(() -> SchemaCodec.decode(type, buffer, 0, 64));
        assertThat(e.offset()).isZero();
        assertThat(e.reason())
                .contains("field xs (long[])")
                .contains("2147483647 elements")
                .contains("60 left");
        buffer.putInt(0, -3);
        assertThat(catchCodec(() -> SchemaCodec.decode(type, buffer, 0, 64)).reason())
                .contains("negative count -3");
        buffer.putInt(0, 1);
        buffer.putInt(12, 49);
        assertThat(catchCodec(() -> SchemaCodec.decode(type, buffer, 0, 64))).returns(12L, CodecException::offset);
        buffer.putInt(12, 40);
        assertThat(catchCodec(() -> SchemaCodec.decode(type, buffer, 0, 64)).reason())
                .contains("8 bytes after the last field");
        buffer.putInt(12, 48);
        assertThat(SchemaCodec.decode(type, buffer, 0, 64)).hasSize(2);
        assertThat(catchCodec(() -> SchemaCodec.decode(type, buffer, 60, 10)).reason())
                .contains("does not fit in the buffer");
    }

    @Test
    void aBodyWhoseEndOverflowsALongIsRefusedWithItsOffset() {
        MessageType type = Schema.parse("message A type 1 version 1 { int x }").find(1, 1);
        CodecBuffer buffer = CodecBuffer.of(new byte[16]);
        long offset = Long.MAX_VALUE - 2; // offset + length wraps to a negative end
        CodecException e = catchCodec(() -> SchemaCodec.decode(type, buffer, offset, 4));
        assertThat(e.offset()).isEqualTo(offset);
        assertThat(e.reason()).contains("body of 4 bytes does not fit in the buffer");
        assertThat(catchCodec(() -> SchemaCodec.decode(type, buffer, 17, 0)).reason())
                .contains("does not fit in the buffer");
    }

    private static CodecException catchCodec(Runnable decode) {
        try {
            decode.run();
        } catch (CodecException e) {
            return e;
        }
        throw new AssertionError("no CodecException");
    }

    @Test
    void encodeRefusesValuesThatDoNotMatchTheFields() {
        MessageType type =
                Schema.parse("message A type 1 version 1 { int[2] xs long y }").find(1, 1);
        CodecBuffer buffer = CodecBuffer.of(new byte[64]);
        assertThatThrownBy(() -> SchemaCodec.encode(type, new Object[] {new int[3], 1L}, buffer))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 3 elements");
        assertThatThrownBy(() -> SchemaCodec.encode(type, new Object[] {new int[2], 1}, buffer))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field y (long)");
        assertThatThrownBy(() -> SchemaCodec.encode(type, new Object[] {new int[2]}, buffer))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SchemaCodec.encode(type, new Object[] {"not an array", 1L}, buffer))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field xs (int[2]) cannot take not an array");
        assertThatThrownBy(() ->
                        new Field("huge", ElementType.INT64, Field.Shape.FIXED_ARRAY, Integer.MAX_VALUE / 4, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field huge")
                .hasMessageContaining("more than 2 GiB");
        assertThat(SchemaCodec.encode(type, new Object[] {new int[] {1, 2}, 3L}, buffer))
                .isEqualTo(16);
        assertThat(Objects.deepEquals(SchemaCodec.decode(type, buffer, 0, 16), new Object[] {new int[] {1, 2}, 3L}))
                .isTrue();
    }

    @Test
    void thePostsObjectDecodesByItsSchema() {
        Schema schema = Schema.parse(SchemaTest.ORDERS.replace("byteorder big", "byteorder little"));
        CodecBuffer buffer = CodecBuffer.of(new byte[256], ByteOrder.LITTLE_ENDIAN);
        PostObject.item().writeTo(buffer);
        Object[] values = SchemaCodec.decode(schema.find(1, 1), buffer, 0, 185);
        assertThat(values[0]).isEqualTo(1010L);
        assertThat(values[1]).isEqualTo(true);
        assertThat(values[2]).isEqualTo(777);
        assertThat(values[3]).isEqualTo(99);
        assertThat((double[]) values[4]).containsExactly(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0);
        assertThat((long[]) values[5]).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    }
}

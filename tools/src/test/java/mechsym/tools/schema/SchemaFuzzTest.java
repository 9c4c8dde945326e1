package mechsym.tools.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.CodecException;
import mechsym.core.codec.FrameReader;

/**
 * Coverage-guided fuzz tests (Jazzer) of the schema language and the schema codec on hostile input:
 * only the documented exception, with an offset or a line and column, never another exception or a
 * hang.
 *
 * <p>Under {@code ./mechsym test} each method runs in Jazzer's regression mode: once per input saved
 * in {@code src/test/resources/mechsym/tools/schema/SchemaFuzzTestInputs/<method>/}, so the suite
 * stays quick and repeatable. {@code ./mechsym fuzz METHOD [DURATION]} fuzzes one method; a failing
 * input is written to that folder, where it stays as a regression test once the bug is fixed.
 */
class SchemaFuzzTest {
    /**
     * Every field kind, fixed and variable arrays, strings, two versions of one type: the shipped
     * sample schema and one message with the kinds it lacks.
     */
    static final Schema SCHEMA = Schema.parse(readSampleSchema() + """
            message Mixed type 3 version 1 {
                byte b
                short s
                float f
                byte[] bytes
                short[2] shorts
                char[] chars
                float[] floats
                string text
            }
            """);

    private static String readSampleSchema() {
        try {
            return Files.readString(Path.of("../samples/dump/orders.schema"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The largest body a reader trusts here: small, so that lengths beyond it are exercised too. */
    private static final int MAX_BODY = 4096;

    @FuzzTest(maxDuration = "2m")
    void schemaTextParsesOrNamesTheLineAndColumn(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        try {
            Schema schema = Schema.parse(text);
            for (MessageType type : schema.messages()) {
                assertThat(schema.find(type.typeId(), type.version())).isSameAs(type);
            }
        } catch (SchemaParseException e) {
            long lines = text.lines().count();
            assertThat(e.line()).as(e.getMessage()).isBetween(1, (int) lines + 1);
            assertThat(e.column()).as(e.getMessage()).isPositive();
            assertThat(e.reason()).isNotBlank();
        }
    }

    /**
     * Any bytes, read as frames of {@link #SCHEMA}: a header is trusted or reported with its offset; a
     * body of a known type decodes or is reported with an offset inside it; what decodes encodes back to
     * bytes that decode to the same values; and the walk ends after at most one step per byte.
     */
    @FuzzTest(maxDuration = "2m")
    void framesDecodeOrFailAtAnOffset(FuzzedDataProvider data) {
        ByteOrder order = data.consumeBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        byte[] bytes = data.consumeRemainingAsBytes();
        CodecBuffer buffer = CodecBuffer.of(bytes, order);
        FrameReader reader = new FrameReader(buffer, bytes.length, MAX_BODY);
        long steps = 0;
        while (true) {
            assertThat(++steps).isLessThanOrEqualTo(bytes.length + 1L);
            try {
                if (!reader.next()) {
                    break;
                }
                assertThat(reader.bodyLength()).isBetween(0, MAX_BODY);
                assertThat(reader.nextOffset()).isLessThanOrEqualTo(bytes.length);
                MessageType type = SCHEMA.find(reader.typeId(), reader.version());
                if (type != null) {
                    decodesAndRoundTrips(type, buffer, reader.bodyOffset(), reader.bodyLength());
                }
            } catch (CodecException e) {
                assertThat(e.offset()).as(e.getMessage()).isBetween(0L, (long) bytes.length);
                if (e.offset() >= bytes.length) {
                    break;
                }
                reader.reset(e.offset() + 1);
            }
        }
    }

    private static void decodesAndRoundTrips(MessageType type, CodecBuffer buffer, long body, int length) {
        Object[] values;
        try {
            values = SchemaCodec.decode(type, buffer, body, length);
        } catch (CodecException e) {
            assertThat(e.offset()).as(e.getMessage()).isBetween(body, body + length);
            throw e;
        }
        // Decoding may normalise (a boolean byte of 2 reads true, malformed UTF-8 reads U+FFFD), so
        // the bytes need not come back, but the values must.
        CodecBuffer copy = CodecBuffer.of(new byte[4 * length + 16], buffer.order());
        int written = SchemaCodec.encode(type, values, copy);
        assertThat(written).isPositive().isEqualTo((int) copy.position());
        Object[] again = SchemaCodec.decode(type, copy, 0, written);
        if (!Arrays.deepEquals(values, again)) {
            fail(type + " decoded " + Arrays.deepToString(values) + ", encoded and decoded "
                    + Arrays.deepToString(again));
        }
    }

    /** Every scalar kind and a fixed array of each array kind: a layout a {@link SchemaFlyweight} reads. */
    static final MessageType FIXED = Schema.parse("""
                    message Fixed type 4 version 1 {
                        byte b
                        boolean z
                        short s
                        char c
                        int i
                        long l
                        float f
                        double d
                        byte[3] bytes
                        short[2] shorts
                        char[2] chars
                        int[2] ints
                        long[2] longs
                        float[2] floats
                        double[2] doubles
                    }
                    """).latest("Fixed");

    /**
     * Two readers of the same bytes agree: any body of a fixed layout, in either byte order, reads in
     * place through a {@link SchemaFlyweight} as {@link SchemaCodec#decode} reads it, field by field
     * (NaN payloads included); one byte short, the flyweight refuses to wrap it.
     */
    @FuzzTest(maxDuration = "1m")
    void aFixedLayoutReadsInPlaceAsTheDecoderReadsIt(FuzzedDataProvider data) {
        ByteOrder order = data.consumeBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        int length = SchemaFlyweight.fixedLength(FIXED);
        byte[] body = Arrays.copyOf(data.consumeRemainingAsBytes(), length);
        CodecBuffer buffer = CodecBuffer.of(body, order);
        Object[] decoded = SchemaCodec.decode(FIXED, buffer, 0, length);
        SchemaFlyweight flyweight = new SchemaFlyweight(FIXED).wrap(buffer, 0, length);
        for (int f = 0; f < decoded.length; f++) {
            Field field = FIXED.fields().get(f);
            Object inPlace = readInPlace(flyweight, field);
            if (!Arrays.deepEquals(new Object[] {decoded[f]}, new Object[] {inPlace})) {
                fail(field.name() + ": decoded " + Arrays.deepToString(new Object[] {decoded[f]}) + ", in place "
                        + Arrays.deepToString(new Object[] {inPlace}));
            }
        }
        assertThatThrownBy(() ->
                        new SchemaFlyweight(FIXED).wrap(CodecBuffer.of(new byte[length - 1], order), 0, length - 1))
                .isInstanceOf(CodecException.class);
    }

    /** A field through the flyweight's by-name accessors, boxed or as an array like the decoder's. */
    private static Object readInPlace(SchemaFlyweight flyweight, Field field) {
        String name = field.name();
        if (field.shape() == Field.Shape.SCALAR) {
            return switch (field.type()) {
                case INT8 -> flyweight.getByte(name);
                case BOOLEAN -> flyweight.getBoolean(name);
                case INT16 -> flyweight.getShort(name);
                case CHAR16 -> flyweight.getChar(name);
                case INT32 -> flyweight.getInt(name);
                case INT64 -> flyweight.getLong(name);
                case FLOAT32 -> flyweight.getFloat(name);
                case FLOAT64 -> flyweight.getDouble(name);
                case STRING -> throw new IllegalArgumentException("no strings in a fixed layout");
            };
        }
        int n = field.length();
        return switch (field.type()) {
            case INT8 -> fill(new byte[n], i -> flyweight.getByte(name, i));
            case INT16 -> fill(new short[n], i -> flyweight.getShort(name, i));
            case CHAR16 -> fill(new char[n], i -> flyweight.getChar(name, i));
            case INT32 -> fill(new int[n], i -> flyweight.getInt(name, i));
            case INT64 -> fill(new long[n], i -> flyweight.getLong(name, i));
            case FLOAT32 -> fill(new float[n], i -> flyweight.getFloat(name, i));
            case FLOAT64 -> fill(new double[n], i -> flyweight.getDouble(name, i));
            default -> throw new IllegalArgumentException("no " + field.typeText() + " in FIXED");
        };
    }

    private static Object fill(Object array, java.util.function.IntFunction<Object> element) {
        for (int i = 0; i < java.lang.reflect.Array.getLength(array); i++) {
            java.lang.reflect.Array.set(array, i, element.apply(i));
        }
        return array;
    }
}

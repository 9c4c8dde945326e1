package mechsym.tools.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Array;
import java.nio.ByteOrder;
import java.util.Objects;
import java.util.Random;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.CodecException;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/** Fixed-layout messages of a schema read and written in place by field name. */
class SchemaFlyweightTest {
    private static final Schema SCHEMA = Schema.parse("""
            byteorder big
            message Quote type 3 version 1 {
                long      id
                boolean   firm
                byte      venue
                short     size
                char      side
                int[3]    levels
                float     ratio
                double[2] prices
            }
            message Note type 4 version 1 {
                long   id
                string text
            }
            """);

    private static final MessageType QUOTE = SCHEMA.latest("Quote");

    /** What the flyweight reads for {@code field}: a boxed scalar or a new array, like SchemaCodec. */
    private static Object read(SchemaFlyweight f, Field field) {
        String n = field.name();
        if (field.shape() == Field.Shape.SCALAR) {
            return switch (field.type()) {
                case INT8 -> f.getByte(n);
                case BOOLEAN -> f.getBoolean(n);
                case INT16 -> f.getShort(n);
                case CHAR16 -> f.getChar(n);
                case INT32 -> f.getInt(n);
                case INT64 -> f.getLong(n);
                case FLOAT32 -> f.getFloat(n);
                case FLOAT64 -> f.getDouble(n);
                case STRING -> throw new AssertionError("no strings in a fixed layout");
            };
        }
        Object array = Array.newInstance(componentType(field.type()), field.length());
        for (int i = 0; i < field.length(); i++) {
            Array.set(
                    array,
                    i,
                    switch (field.type()) {
                        case INT8 -> f.getByte(n, i);
                        case INT16 -> f.getShort(n, i);
                        case CHAR16 -> f.getChar(n, i);
                        case INT32 -> f.getInt(n, i);
                        case INT64 -> f.getLong(n, i);
                        case FLOAT32 -> f.getFloat(n, i);
                        case FLOAT64 -> f.getDouble(n, i);
                        default -> throw new AssertionError(field.type());
                    });
        }
        return array;
    }

    /** Writes {@code value} (as {@link #read} returns it) into {@code field} through the flyweight. */
    private static void write(SchemaFlyweight f, Field field, Object value) {
        String n = field.name();
        if (field.shape() == Field.Shape.SCALAR) {
            switch (field.type()) {
                case INT8 -> f.putByte(n, (Byte) value);
                case BOOLEAN -> f.putBoolean(n, (Boolean) value);
                case INT16 -> f.putShort(n, (Short) value);
                case CHAR16 -> f.putChar(n, (Character) value);
                case INT32 -> f.putInt(n, (Integer) value);
                case INT64 -> f.putLong(n, (Long) value);
                case FLOAT32 -> f.putFloat(n, (Float) value);
                case FLOAT64 -> f.putDouble(n, (Double) value);
                case STRING -> throw new AssertionError("no strings in a fixed layout");
            }
            return;
        }
        for (int i = 0; i < field.length(); i++) {
            Object e = Array.get(value, i);
            switch (field.type()) {
                case INT8 -> f.putByte(n, i, (Byte) e);
                case INT16 -> f.putShort(n, i, (Short) e);
                case CHAR16 -> f.putChar(n, i, (Character) e);
                case INT32 -> f.putInt(n, i, (Integer) e);
                case INT64 -> f.putLong(n, i, (Long) e);
                case FLOAT32 -> f.putFloat(n, i, (Float) e);
                case FLOAT64 -> f.putDouble(n, i, (Double) e);
                default -> throw new AssertionError(field.type());
            }
        }
    }

    private static Class<?> componentType(ElementType type) {
        return switch (type) {
            case INT8 -> byte.class;
            case INT16 -> short.class;
            case CHAR16 -> char.class;
            case INT32 -> int.class;
            case INT64 -> long.class;
            case FLOAT32 -> float.class;
            case FLOAT64 -> double.class;
            default -> throw new AssertionError(type);
        };
    }

    @Test
    void readsAndWritesTheSchemaCodecsBytesByName() {
        SchemaFlyweight quote = new SchemaFlyweight(QUOTE);
        assertThat(quote.encodedLength()).isEqualTo(8 + 1 + 1 + 2 + 2 + 12 + 4 + 16);
        assertThat(quote.offsetOf("levels")).isEqualTo(14);
        assertThat(quote.fieldNames())
                .containsExactly("id", "firm", "venue", "size", "side", "levels", "ratio", "prices");

        CodecBuffer buffer = CodecBuffer.of(new byte[100], SCHEMA.byteOrder());
        buffer.position(5);
        Object[] values = {7L, true, (byte) -2, (short) 300, 'B', new int[] {1, 2, 3}, 0.5f, new double[] {99.5, 100.25}
        };
        SchemaCodec.encode(QUOTE, values, buffer);
        quote.wrap(buffer, 5);
        assertThat(quote.getLong("id")).isEqualTo(7L);
        assertThat(quote.getBoolean("firm")).isTrue();
        assertThat(quote.getByte("venue")).isEqualTo((byte) -2);
        assertThat(quote.getShort("size")).isEqualTo((short) 300);
        assertThat(quote.getChar("side")).isEqualTo('B');
        assertThat(quote.getInt("levels", 2)).isEqualTo(3);
        assertThat(quote.getFloat("ratio")).isEqualTo(0.5f);
        assertThat(quote.getDouble("prices", 1)).isEqualTo(100.25);

        quote.putDouble("prices", 0, -1.5);
        quote.putLong("id", 8L);
        Object[] decoded = SchemaCodec.decode(QUOTE, buffer, 5, quote.encodedLength());
        assertThat(decoded[0]).isEqualTo(8L);
        assertThat((double[]) decoded[7]).containsExactly(-1.5, 100.25);
    }

    @Test
    void everyFixedMessageOfRandomSchemasRoundTrips() {
        Random random = new Random(2026);
        int checked = 0;
        for (int s = 0; s < 200; s++) {
            ByteOrder order = random.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            for (MessageType type : SchemaCodecTest.randomSchema(random, order).messages()) {
                if (SchemaFlyweight.fixedLength(type) < 0) {
                    assertThatThrownBy(() -> new SchemaFlyweight(type)).isInstanceOf(IllegalArgumentException.class);
                    continue;
                }
                SchemaFlyweight flyweight = new SchemaFlyweight(type);
                int at = random.nextInt(9);
                CodecBuffer buffer = CodecBuffer.of(new byte[at + flyweight.encodedLength()], order);
                buffer.position(at);
                Object[] values = SchemaCodecTest.randomValues(type, random);
                assertThat(SchemaCodec.encode(type, values, buffer)).isEqualTo(flyweight.encodedLength());
                flyweight.wrap(buffer, at);
                Object[] decoded = SchemaCodec.decode(type, buffer, at, flyweight.encodedLength());
                for (int i = 0; i < values.length; i++) {
                    Field field = type.fields().get(i);
                    Object read = read(flyweight, field);
                    assertThat(Objects.deepEquals(read, decoded[i]))
                            .as("%s of %s", field, type)
                            .isTrue();
                }
                // written back through the flyweight into a zeroed buffer: the same bytes
                CodecBuffer copy = CodecBuffer.of(new byte[at + flyweight.encodedLength()], order);
                flyweight.wrap(copy, at);
                for (int i = 0; i < values.length; i++) {
                    write(flyweight, type.fields().get(i), decoded[i]);
                }
                assertThat(copy.segment().mismatch(buffer.segment())).isEqualTo(-1);
                checked++;
            }
        }
        assertThat(checked).as("fixed layouts met").isGreaterThan(20);
    }

    @Test
    void aMessageWithoutAFixedLayoutIsRefused() {
        assertThat(SchemaFlyweight.fixedLength(SCHEMA.latest("Note"))).isEqualTo(-1);
        assertThatThrownBy(() -> new SchemaFlyweight(SCHEMA.latest("Note")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Note version 1 has no fixed layout");
    }

    @Test
    void namesTypesAndIndicesAreChecked() {
        SchemaFlyweight quote = new SchemaFlyweight(QUOTE).wrap(CodecBuffer.of(new byte[64]), 0);
        assertThatThrownBy(() -> quote.getLong("price"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Quote version 1 has no field price; it has [id, firm");
        assertThatThrownBy(() -> quote.getInt("id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("field id of Quote is long, not int");
        assertThatThrownBy(() -> quote.getInt("levels"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("field levels of Quote is int[3], not int");
        assertThatThrownBy(() -> quote.getLong("id", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("field id of Quote is long, not long[]");
        assertThatThrownBy(() -> quote.getInt("levels", 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> quote.getDouble("prices", -1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aTruncatedMessageIsRefusedAtWrapWithItsOffset() {
        SchemaFlyweight quote = new SchemaFlyweight(QUOTE);
        CodecBuffer buffer = CodecBuffer.of(new byte[10 + quote.encodedLength() - 1], ByteOrder.BIG_ENDIAN);
        assertThatThrownBy(() -> quote.wrap(buffer, 10))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("truncated Quote version 1")
                .asInstanceOf(InstanceOfAssertFactories.type(CodecException.class))
                .extracting(CodecException::offset)
                .isEqualTo(10L);
    }
}

package mechsym.tools.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaTest {
    static final String ORDERS = """
            # the post's object
            byteorder big
            message Order type 1 version 1 {
                long     sourceId
                boolean  special
                int      orderCode
                int      priority
                double[] prices
                long[]   quantities
            }
            message Cancel type 2 version 1 { long sourceId int[4] legs string note }
            """;

    @Test
    void parsesMessagesFieldsShapesAndTheByteOrder() {
        Schema schema = Schema.parse(ORDERS);
        assertThat(schema.byteOrder()).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(schema.messages()).extracting(MessageType::name).containsExactly("Order", "Cancel");
        MessageType order = schema.find(1, 1);
        assertThat(order.line()).isEqualTo(3);
        assertThat(order.fields())
                .extracting(Field::name)
                .containsExactly("sourceId", "special", "orderCode", "priority", "prices", "quantities");
        assertThat(order.field("prices").typeText()).isEqualTo("double[]");
        assertThat(order.field("prices").shape()).isEqualTo(Field.Shape.VARIABLE_ARRAY);
        assertThat(order.field("prices").line()).isEqualTo(8);
        assertThat(order.field("prices").column()).isEqualTo(5);
        MessageType cancel = schema.find(2, 1);
        assertThat(cancel.field("legs").shape()).isEqualTo(Field.Shape.FIXED_ARRAY);
        assertThat(cancel.field("legs").length()).isEqualTo(4);
        assertThat(cancel.field("note").type()).isEqualTo(ElementType.STRING);
        assertThat(schema.find(1, 2)).isNull();
        assertThat(schema.knowsType(2)).isTrue();
        assertThat(schema.knowsType(3)).isFalse();
        assertThat(schema.typeName(1)).isEqualTo("Order");
        assertThat(schema.latest("Cancel")).isSameAs(cancel);
    }

    @Test
    void anEmptySchemaIsLittleEndianAndEmpty() {
        Schema schema = Schema.parse("  # nothing\n");
        assertThat(schema.byteOrder()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(schema.messages()).isEmpty();
    }

    @Test
    void numbersWithLeadingZerosAreReadByTheirValueNotTheirLength() {
        Schema schema =
                Schema.parse("message A type 000000000007 version 00000000000065535 { long[0000000000002] xs }");
        MessageType message = schema.messages().get(0);
        assertThat(message.typeId()).isEqualTo(7);
        assertThat(message.version()).isEqualTo(65535);
        assertThat(message.field("xs").length()).isEqualTo(2);
        assertThatThrownBy(() -> Schema.parse("message A type 1 version 0000000000065536 {}"))
                .isInstanceOf(SchemaParseException.class)
                .hasMessageContaining("version 0000000000065536 is outside 0 to 65535");
    }

    @Test
    void aNullTextIsRefusedByName() {
        assertThatThrownBy(() -> Schema.parse(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("text");
    }

    @Test
    void theExampleInTheDocsParses() throws IOException {
        String doc = Files.readString(Path.of("../docs/schema.md"));
        Matcher block = Pattern.compile("```schema\\n(.*?)```", Pattern.DOTALL).matcher(doc);
        assertThat(block.find()).as("docs/schema.md has a ```schema block").isTrue();
        Schema schema = Schema.parse(block.group(1));
        assertThat(schema.messages()).extracting(MessageType::name).containsExactly("Order", "Order", "Cancel");
        assertThat(schema.find(1, 2).field("trader").type()).isEqualTo(ElementType.STRING);
    }

    @Test
    void aCommentEndsAtACarriageReturnLineEndToo() {
        Schema schema = Schema.parse("byteorder big # old Mac line ends\rmessage A type 1 version 1 {\r long x\r}\r");
        assertThat(schema.find(1, 1)).as("the message after the comment").isNotNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            message Order type 1 version 1 {\\n  lnog x\\n}           | 2 | 3  | unknown field type 'lnog'
            message Order type 1 version 1 {\\n  long x\\n            | 3 | 1  | expected '}' to close message Order (line 1), found end of input
            message Order typ 1 version 1 {}                          | 1 | 15 | expected 'type', found 'typ'
            message Order type x version 1 {}                         | 1 | 20 | expected a type id
            message Order type 1 version 70000 {}                     | 1 | 30 | version 70000 is outside 0 to 65535
            message Order type 99999999999 version 1 {}               | 1 | 20 | type id 99999999999 is outside
            message Order type 1 version 1 { long }                   | 1 | 39 | expected a field name, found '}'
            message Order type 1 version 1 { long a int a }           | 1 | 41 | field a is already declared at line 1
            message Order type 1 version 1 { boolean[2] a }           | 1 | 41 | arrays of boolean are not supported
            message Order type 1 version 1 { string[] a }             | 1 | 40 | arrays of string are not supported (declare one string field per value)
            message Order type 1 version 1 { long[0] a }              | 1 | 39 | array length 0 is outside 1 to 1048576
            message Order type 1 version 1 { long[3 a }               | 1 | 41 | expected ']' to close the array type
            message Order type 1 version 1 { long a; }                | 1 | 40 | unexpected character ';'
            message Order type 1 version 1 { long 1a }                | 1 | 39 | malformed number '1a'
            message Order type 1 version 1 \\n long a }               | 2 | 2  | expected '{' to open message Order
            \\n\\n   mesage Order                                     | 3 | 4  | expected 'message' or 'byteorder', found 'mesage'
            byteorder middle                                          | 1 | 11 | expected 'little' or 'big', found 'middle'
            message A type 1 version 1 {} byteorder big               | 1 | 31 | 'byteorder' must come once, before the first message
            message A type 1 version 1 {}\\nmessage A type 1 version 1 {} | 2 | 1 | type 1 version 1 is already declared by A at line 1
            message A type 1 version 1 {}\\n  message A type 2 version 1 {} | 2 | 3 | message A has type 2 but line 1 gave it type 1
            message A type 1 version 1 {}\\nmessage B type 1 version 1 {} | 2 | 1 | type 1 is already message A (line 1); message B needs a type of its own
            message A type 1 version 1 {}\\nmessage B type 1 version 2 {} | 2 | 1 | type 1 is already message A (line 1); message B needs a type of its own
            message A type 1 version 1 {}\\nmessage A type 2 version 1 {} | 2 | 1 | message A has type 2 but line 1 gave it type 1
            message A type 1 version 1 {}\\r\\n\\tmessage @                | 2 | 10 | unexpected character '@'
            message A type 1 version 1 {\\r  lnog x\\r}\\r              | 2 | 3  | unknown field type 'lnog'
            message Order type 1 version 1 { long \u001b[31m }       | 1 | 39 | unexpected character U+001B (a control character)
            """)
    void parseErrorsNameLineAndColumn(String text, int line, int column, String reason) {
        String schema = text.replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t");
        SchemaParseException e = catchThrowableOfType(SchemaParseException.class, () -> Schema.parse(schema));
        assertThat(e).as("no error for %s", text).isNotNull();
        assertThat(e.reason()).contains(reason);
        assertThat(e.line()).as("line of: " + e.getMessage()).isEqualTo(line);
        assertThat(e.column()).as("column of: " + e.getMessage()).isEqualTo(column);
        assertThat(e.getMessage()).startsWith("line " + line + ", column " + column + ": ");
    }
}

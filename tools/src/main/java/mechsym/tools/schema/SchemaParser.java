package mechsym.tools.schema;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import mechsym.core.codec.FrameDescriptor;

/** Parses schema text (grammar in {@code docs/schema.md}); one instance per text, one thread. */
final class SchemaParser {
    static final int MAX_TYPE_ID = Integer.MAX_VALUE;
    static final int MAX_ARRAY_LENGTH = 1 << 20;

    private final String text;
    private int index;
    private int line = 1;
    private int column = 1;

    // the current token
    private Kind kind;
    private String token;
    private int tokenLine;
    private int tokenColumn;

    private enum Kind {
        WORD,
        NUMBER,
        SYMBOL,
        END
    }

    SchemaParser(String text) {
        this.text = Objects.requireNonNull(text, "text");
    }

    Schema parse() {
        advance();
        ByteOrder order = null;
        List<MessageType> messages = new ArrayList<>();
        Map<String, MessageType> names = new HashMap<>();
        Map<Long, MessageType> keys = new HashMap<>();
        Map<Integer, MessageType> typeIds = new HashMap<>();
        while (kind != Kind.END) {
            if (isWord("byteorder")) {
                if (order != null || !messages.isEmpty()) {
                    throw error("'byteorder' must come once, before the first message");
                }
                advance();
                order = byteOrder();
            } else if (isWord("message")) {
                int column = tokenColumn; // of the word 'message', where the errors below point
                MessageType message = message();
                MessageType sameName = names.get(message.name());
                if (sameName != null && sameName.typeId() != message.typeId()) {
                    throw new SchemaParseException(
                            message.line(),
                            column,
                            "message " + message.name() + " has type " + message.typeId() + " but line "
                                    + sameName.line() + " gave it type " + sameName.typeId());
                }
                MessageType sameTypeId = typeIds.get(message.typeId());
                if (sameTypeId != null && !sameTypeId.name().equals(message.name())) {
                    // a reader finds a frame's type by its id: one id with two names could not be read
                    throw new SchemaParseException(
                            message.line(),
                            column,
                            "type " + message.typeId() + " is already message " + sameTypeId.name() + " (line "
                                    + sameTypeId.line() + "); message " + message.name()
                                    + " needs a type of its own");
                }
                long key = ((long) message.typeId() << 16) | message.version();
                MessageType sameKey = keys.get(key);
                if (sameKey != null) {
                    throw new SchemaParseException(
                            message.line(),
                            column,
                            "type " + message.typeId() + " version " + message.version() + " is already declared by "
                                    + sameKey.name() + " at line " + sameKey.line());
                }
                names.putIfAbsent(message.name(), message);
                typeIds.putIfAbsent(message.typeId(), message);
                keys.put(key, message);
                messages.add(message);
            } else {
                throw error("expected 'message' or 'byteorder', found " + describe());
            }
        }
        return new Schema(order == null ? ByteOrder.LITTLE_ENDIAN : order, messages);
    }

    private ByteOrder byteOrder() {
        if (isWord("little")) {
            advance();
            return ByteOrder.LITTLE_ENDIAN;
        }
        if (isWord("big")) {
            advance();
            return ByteOrder.BIG_ENDIAN;
        }
        throw error("expected 'little' or 'big', found " + describe());
    }

    private MessageType message() {
        int messageLine = tokenLine;
        advance(); // 'message'
        String name = name("message name");
        keyword("type");
        int typeId = number("type id", 0, MAX_TYPE_ID);
        keyword("version");
        int version = number("version", 0, FrameDescriptor.MAX_VERSION);
        symbol("{", "'{' to open message " + name);
        List<Field> fields = new ArrayList<>();
        while (!isSymbol("}")) {
            if (kind == Kind.END) {
                throw error(
                        "expected '}' to close message " + name + " (line " + messageLine + "), found end of input");
            }
            Field field = field();
            for (Field other : fields) {
                if (other.name().equals(field.name())) {
                    throw new SchemaParseException(
                            field.line(),
                            field.column(),
                            "field " + field.name() + " is already declared at line " + other.line());
                }
            }
            fields.add(field);
        }
        advance(); // '}'
        return new MessageType(name, typeId, version, fields, messageLine);
    }

    private Field field() {
        if (kind != Kind.WORD) {
            throw error("expected a field type or '}', found " + describe());
        }
        int fieldLine = tokenLine;
        int fieldColumn = tokenColumn;
        ElementType type = ElementType.bySchemaName(token);
        if (type == null) {
            throw error("unknown field type '" + token + "' (expected one of " + typeNames() + ")");
        }
        advance();
        Field.Shape shape = Field.Shape.SCALAR;
        int length = 0;
        if (isSymbol("[")) {
            if (!type.arrayable()) {
                throw error("arrays of " + type.schemaName() + " are not supported"
                        + (type == ElementType.STRING
                                ? " (declare one string field per value)"
                                : " (use byte[] for booleans)"));
            }
            advance();
            if (isSymbol("]")) {
                shape = Field.Shape.VARIABLE_ARRAY;
            } else {
                shape = Field.Shape.FIXED_ARRAY;
                length = number("array length", 1, MAX_ARRAY_LENGTH);
            }
            symbol("]", "']' to close the array type");
        }
        String name = name("field name");
        return new Field(name, type, shape, length, fieldLine, fieldColumn);
    }

    private static String typeNames() {
        StringBuilder names = new StringBuilder();
        for (ElementType type : ElementType.values()) {
            names.append(names.isEmpty() ? "" : ", ").append(type.schemaName());
        }
        return names.toString();
    }

    // ---------------------------------------------------------------------------------------
    // token helpers

    private boolean isWord(String word) {
        return kind == Kind.WORD && token.equals(word);
    }

    private boolean isSymbol(String symbol) {
        return kind == Kind.SYMBOL && token.equals(symbol);
    }

    private void keyword(String word) {
        if (!isWord(word)) {
            throw error("expected '" + word + "', found " + describe());
        }
        advance();
    }

    private void symbol(String symbol, String what) {
        if (!isSymbol(symbol)) {
            throw error("expected " + what + ", found " + describe());
        }
        advance();
    }

    private String name(String what) {
        if (kind != Kind.WORD) {
            throw error("expected a " + what + ", found " + describe());
        }
        String name = token;
        advance();
        return name;
    }

    private int number(String what, int min, int max) {
        if (kind != Kind.NUMBER) {
            throw error("expected a " + what + " (a number " + min + " to " + max + "), found " + describe());
        }
        // the tokenizer made it all ASCII digits: its value, saturated, whatever its length or leading zeros
        long value = 0;
        for (int i = 0; i < token.length() && value <= Integer.MAX_VALUE; i++) {
            value = value * 10 + (token.charAt(i) - '0');
        }
        if (value < min || value > max) {
            throw error(what + " " + token + " is outside " + min + " to " + max);
        }
        advance();
        return (int) value;
    }

    private String describe() {
        return switch (kind) {
            case END -> "end of input";
            case NUMBER -> "number " + token;
            case SYMBOL -> "'" + token + "'";
            case WORD -> "'" + token + "'";
        };
    }

    private SchemaParseException error(String reason) {
        return new SchemaParseException(tokenLine, tokenColumn, reason);
    }

    // ---------------------------------------------------------------------------------------
    // tokenizer: words [A-Za-z_][A-Za-z0-9_]*, decimal numbers, { } [ ], '#' comments

    private void advance() {
        skipSpaceAndComments();
        tokenLine = line;
        tokenColumn = column;
        if (index >= text.length()) {
            kind = Kind.END;
            token = "";
            return;
        }
        char c = text.charAt(index);
        int start = index;
        if (Character.isLetter(c) || c == '_') {
            while (index < text.length()
                    && (Character.isLetterOrDigit(text.charAt(index)) || text.charAt(index) == '_')) {
                step();
            }
            kind = Kind.WORD;
        } else if (c >= '0' && c <= '9') {
            while (index < text.length() && Character.isLetterOrDigit(text.charAt(index))) {
                step();
            }
            token = text.substring(start, index);
            if (!token.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                throw error("malformed number '" + token + "'");
            }
            kind = Kind.NUMBER;
            return;
        } else if (c == '{' || c == '}' || c == '[' || c == ']') {
            step();
            kind = Kind.SYMBOL;
        } else {
            int codePoint = text.codePointAt(index);
            String hex = "U+" + String.format("%04X", codePoint);
            // a control character is named, not printed: it could be a terminal's escape sequence
            throw error(
                    Character.isISOControl(codePoint)
                            ? "unexpected character " + hex + " (a control character)"
                            : "unexpected character '" + new String(Character.toChars(codePoint)) + "' (" + hex + ")");
        }
        token = text.substring(start, index);
    }

    private void skipSpaceAndComments() {
        while (index < text.length()) {
            char c = text.charAt(index);
            if (c == '#') {
                while (index < text.length() && text.charAt(index) != '\n' && text.charAt(index) != '\r') {
                    step();
                }
            } else if (Character.isWhitespace(c)) {
                step();
            } else {
                return;
            }
        }
    }

    /** Moves past one character; a line ends at \n, \r\n or a \r alone (old Mac files). */
    private void step() {
        char c = text.charAt(index++);
        boolean crlf = c == '\r' && index < text.length() && text.charAt(index) == '\n';
        if (c == '\n' || (c == '\r' && !crlf)) {
            line++;
            column = 1;
        } else if (!crlf) {
            column++;
        }
    }
}

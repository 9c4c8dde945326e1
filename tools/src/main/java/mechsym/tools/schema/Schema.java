package mechsym.tools.schema;

import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A set of message layouts and the byte order of the data they describe, so that framed messages
 * can be read without their classes (see {@link SchemaCodec} and {@code docs/schema.md} for the text
 * format). Build one with {@link #parse(String)}. Immutable and thread-safe.
 */
public final class Schema {
    private final ByteOrder byteOrder;
    private final List<MessageType> messages;
    private final Map<Long, MessageType> byTypeAndVersion = new HashMap<>();
    private final Map<Integer, MessageType> byType = new HashMap<>();

    /**
     * @throws IllegalArgumentException if two messages share a type id and version
     */
    public Schema(ByteOrder byteOrder, List<MessageType> messages) {
        this.byteOrder = Objects.requireNonNull(byteOrder, "byteOrder");
        this.messages = List.copyOf(messages);
        for (MessageType message : this.messages) {
            if (byTypeAndVersion.putIfAbsent(key(message.typeId(), message.version()), message) != null) {
                throw new IllegalArgumentException(
                        "type " + message.typeId() + " version " + message.version() + " declared twice");
            }
            byType.putIfAbsent(message.typeId(), message);
        }
    }

    /**
     * Parses schema text.
     *
     * @throws SchemaParseException naming the line and column of the first problem
     * @throws NullPointerException if {@code text} is null
     */
    public static Schema parse(String text) {
        return new SchemaParser(text).parse();
    }

    private static long key(int typeId, int version) {
        return ((long) typeId << 16) | version;
    }

    /** Byte order of every multi-byte value in the data, headers included. */
    public ByteOrder byteOrder() {
        return byteOrder;
    }

    /** The messages in declaration order. */
    public List<MessageType> messages() {
        return messages;
    }

    /** The layout of {@code typeId} at {@code version}, or null if the schema does not declare it. */
    public MessageType find(int typeId, int version) {
        return byTypeAndVersion.get(key(typeId, version));
    }

    /** Whether any version of {@code typeId} is declared. */
    public boolean knowsType(int typeId) {
        return byType.containsKey(typeId);
    }

    /** The name of {@code typeId}, or null if no version of it is declared. */
    public String typeName(int typeId) {
        MessageType message = byType.get(typeId);
        return message == null ? null : message.name();
    }

    /** The message called {@code name} with the highest version, or null. */
    public MessageType latest(String name) {
        MessageType latest = null;
        for (MessageType message : messages) {
            if (message.name().equals(name) && (latest == null || message.version() > latest.version())) {
                latest = message;
            }
        }
        return latest;
    }
}

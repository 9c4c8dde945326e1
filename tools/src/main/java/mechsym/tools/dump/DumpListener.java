package mechsym.tools.dump;

import mechsym.tools.schema.MessageType;

/**
 * What a {@link Dumper} reports, in stream order. Offsets are byte offsets from the start of the
 * input. Called on the dumping thread only.
 */
public interface DumpListener {
    /** A frame decoded by the schema: one value per field of {@code type}. */
    void message(long offset, MessageType type, int bodyLength, Object[] values);

    /**
     * A frame the schema cannot decode (unknown type, or unknown version, which is also reported as
     * an error): its first bytes ({@link Dumper#PREVIEW_BYTES} at most).
     *
     * @param typeName the schema's name for the type if it knows another version of it, else null
     */
    void unknown(long offset, int typeId, int version, String typeName, int bodyLength, byte[] preview);

    /** Corrupt input at {@code offset}. */
    void error(long offset, String reason);

    /** Reading goes on at {@code offset} after {@code skipped} bytes that could not be trusted. */
    void resynchronised(long offset, long skipped);

    /** The end of the dump. */
    void summary(DumpSummary summary);
}

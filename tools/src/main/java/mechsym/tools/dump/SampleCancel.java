package mechsym.tools.dump;

import mechsym.core.codec.BufferBoundsException;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.Marshallable;
import mechsym.core.codec.Utf8;

/**
 * A second sample message (type 2, version 1): a long, a fixed {@code int[4]}, a char and a string.
 * Matches {@code samples/dump/orders.schema}; written by {@link OrdersSample}. Not thread-safe.
 */
public final class SampleCancel implements Marshallable {
    public static final int TYPE_ID = 2;

    public long sourceId;
    public final int[] legs = new int[4];
    public char reason;
    public String note = "";

    @Override
    public int typeId() {
        return TYPE_ID;
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public void writeTo(CodecBuffer buffer) {
        buffer.writeLong(sourceId);
        buffer.writeInts(legs, 0, legs.length);
        buffer.writeChar(reason);
        if (Utf8.encodeWithLength(note, buffer) < 0) {
            throw new BufferBoundsException(buffer, "note does not fit");
        }
    }

    @Override
    public void readFrom(CodecBuffer buffer) {
        sourceId = buffer.readLong();
        buffer.readInts(legs, 0, legs.length);
        reason = buffer.readChar();
        note = Utf8.decodeWithLength(buffer);
    }
}

package example;

import java.nio.ByteOrder;
import mechsym.core.codec.BufferBoundsException;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.FrameReader;
import mechsym.core.codec.FrameWriter;
import mechsym.core.codec.Marshallable;
import mechsym.core.codec.Utf8;

/** Framed messages in a byte[]: write two, read them back by type id. */
final class CodecExample {
    static final class Quote implements Marshallable {
        long instrument;
        double price;
        String venue = "";

        public int typeId() { return 7; }
        public int version() { return 1; }

        public void writeTo(CodecBuffer buffer) {
            buffer.writeLong(instrument);
            buffer.writeDouble(price);
            if (Utf8.encodeWithLength(venue, buffer) < 0) { // overflow is a result, not an exception
                throw new BufferBoundsException(buffer, "venue does not fit"); // FrameWriter: -1
            }
        }

        public void readFrom(CodecBuffer buffer) {
            instrument = buffer.readLong();
            price = buffer.readDouble();
            venue = Utf8.decodeWithLength(buffer); // the length is checked against the body first
        }
    }

    static String roundTrip() {
        CodecBuffer buffer = CodecBuffer.of(new byte[256], ByteOrder.LITTLE_ENDIAN);
        FrameWriter writer = new FrameWriter(buffer);
        Quote quote = new Quote();
        quote.instrument = 42;
        quote.price = 101.25;
        quote.venue = "XLON";
        int length = writer.write(quote); // -1 if the frame does not fit; the cursor is then unchanged
        long end = buffer.position();

        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, end, 1 << 16);
        Quote read = new Quote();
        while (reader.next()) { // throws CodecException, with the offset, on a corrupt header
            if (reader.typeId() == 7) {
                reader.read(read);
            }
        }
        return length + " bytes: " + read.instrument + " " + read.price + " " + read.venue;
    }
}

package mechsym.tools.dump;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.FrameWriter;

/**
 * Writes {@code samples/dump/orders.bin}: the stream {@code mechsym dump --schema
 * samples/dump/orders.schema samples/dump/orders.bin} shows. Little-endian frames: the post's object
 * (Order version 1), a second Order, an Order version 2 with a trader name, a frame of a type the
 * schema does not know (42), and a Cancel. Deterministic: the same bytes every run, which a test
 * checks against the shipped file.
 *
 * <pre>{@code java -cp ... mechsym.tools.dump.OrdersSample samples/dump/orders.bin}</pre>
 */
public final class OrdersSample {
    /** Type id of the frame the sample schema does not declare. */
    public static final int UNKNOWN_TYPE_ID = 42;

    private OrdersSample() {}

    /** The sample stream. */
    public static byte[] bytes() {
        CodecBuffer buffer = CodecBuffer.of(new byte[4096], ByteOrder.LITTLE_ENDIAN);
        FrameWriter writer = new FrameWriter(buffer);
        writer.write(PostObject.item());
        writer.write(new PostObject(1011L, false, 778, 1, new double[] {101.25, 101.5}, new long[] {100, 200}));
        writer.write(
                new PostObject(1012L, true, 779, 5, new double[] {99.75}, new long[] {-300}, "Zo\u00eb \ud83d\ude80"));
        writer.begin(UNKNOWN_TYPE_ID, 1);
        for (int i = 0; i < 20; i++) {
            buffer.writeByte((byte) (i < 8 ? 'A' + i : i));
        }
        writer.end();
        SampleCancel cancel = new SampleCancel();
        cancel.sourceId = 1010L;
        cancel.legs[0] = 1;
        cancel.legs[1] = 2;
        cancel.legs[2] = 3;
        cancel.legs[3] = 4;
        cancel.reason = 'P';
        cancel.note = "price moved \u20ac0.05";
        writer.write(cancel);
        return Arrays.copyOf(
                buffer.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), (int) buffer.position());
    }

    /** Writes the sample to the path given (default {@code samples/dump/orders.bin}). */
    public static void main(String[] args) throws IOException {
        Path path = Path.of(args.length > 0 ? args[0] : "samples/dump/orders.bin");
        Files.write(path, bytes());
        System.out.println("wrote " + path);
    }
}

package mechsym.tools.dump;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteOrder;
import mechsym.core.codec.CodecBuffer;
import org.junit.jupiter.api.Test;

/** The post's object in its three forms: the post's 185-byte layout, version 2 with a trader, Java Serialization. */
class PostObjectTest {
    @Test
    void thePostsItemIsVersion1In185Bytes() {
        PostObject item = PostObject.item();
        CodecBuffer buffer = CodecBuffer.of(new byte[256], ByteOrder.LITTLE_ENDIAN);
        item.writeTo(buffer);
        assertThat(item.version()).isEqualTo(1);
        assertThat(buffer.position())
                .isEqualTo(8 + 1 + 4 + 4 + 4 + 10 * 8 + 4 + 10 * 8)
                .isEqualTo(185);
        buffer.position(0);
        assertThat(PostObject.read(buffer)).isEqualTo(item);
        assertThat(buffer.position()).isEqualTo(185);
    }

    @Test
    void version2AppendsTheTraderAndReadsBackIntoAReusedInstance() {
        PostObject order = new PostObject(7, false, 1, 2, new double[] {1.5}, new long[] {3}, "Zo\u00eb");
        CodecBuffer buffer = CodecBuffer.of(new byte[256]);
        order.writeTo(buffer);
        assertThat(order.version()).isEqualTo(2);
        assertThat(buffer.position()).isEqualTo(8 + 1 + 4 + 4 + 4 + 8 + 4 + 8 + 4 + 4);

        PostObject read = PostObject.item();
        buffer.position(0);
        read.readFrom(buffer, 2);
        assertThat(read).isEqualTo(order);
        buffer.position(0);
        read.readFrom(buffer);
        assertThat(read.trader).as("version 1 reads no trader").isNull();
    }

    @Test
    void javaSerializationKeepsThePostsFieldsAndNotTheTrader() throws Exception {
        PostObject order = PostObject.item();
        order.trader = "Zo\u00eb";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(order);
        }
        Object read;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            read = in.readObject();
        }
        assertThat(read).isEqualTo(PostObject.item());
    }
}

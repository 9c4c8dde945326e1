package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FramingTest {
    static List<org.junit.jupiter.params.provider.Arguments> backingsAndOrders() {
        return Backings.withOrders();
    }

    /** A message type the reader does not know: n bytes of a pattern. */
    record Unknown(int typeId, int n) implements Marshallable {
        @Override
        public int version() {
            return 3;
        }

        @Override
        public void writeTo(CodecBuffer buffer) {
            for (int i = 0; i < n; i++) {
                buffer.writeByte((byte) (i * 7));
            }
        }

        @Override
        public void readFrom(CodecBuffer buffer) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void thePostsObjectTakes185BytesPlusA12ByteHeader() {
        CodecBuffer buffer = CodecBuffer.of(new byte[512]);
        PostObject.theItem().writeTo(buffer);
        assertThat(buffer.position()).isEqualTo(185);
        buffer.position(0);
        assertThat(new FrameWriter(buffer).write(PostObject.theItem())).isEqualTo(185 + 12);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void framesRoundTripAndUnknownTypesAreSkippedByLength(Backings.Backing backing, ByteOrder order) {
        CodecBuffer buffer = backing.make(2048, order);
        FrameWriter writer = new FrameWriter(buffer);
        PostObject item = PostObject.theItem();
        List<Integer> lengths = new ArrayList<>();
        lengths.add(writer.write(new Unknown(77, 0)));
        lengths.add(writer.write(item));
        lengths.add(writer.write(new Unknown(-5, 33)));
        item.sourceId = 2;
        lengths.add(writer.write(item));
        lengths.add(writer.write(new Unknown(Integer.MAX_VALUE, 1)));
        long end = buffer.position();
        assertThat(lengths).containsExactly(12, 197, 45, 197, 13);
        assertThat(end).isEqualTo(12 + 197 + 45 + 197 + 13);

        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, end, 1024);
        List<Long> sources = new ArrayList<>();
        List<Integer> skipped = new ArrayList<>();
        PostObject read = new PostObject();
        while (reader.next()) {
            if (reader.typeId() == PostObject.TYPE_ID) {
                assertThat(reader.version()).isEqualTo(1);
                assertThat(reader.bodyLength()).isEqualTo(185);
                reader.read(read);
                sources.add(read.sourceId);
                assertThat(buffer.position()).isEqualTo(reader.nextOffset());
            } else {
                assertThat(reader.version()).isEqualTo(3);
                skipped.add(reader.typeId());
            }
        }
        assertThat(sources).containsExactly(1010L, 2L);
        assertThat(skipped).containsExactly(77, -5, Integer.MAX_VALUE);
        assertThat(read).isEqualTo(item);
        assertThat(buffer.position()).isEqualTo(end);
        assertThat(reader.next()).as("stays at the end").isFalse();
    }

    @Test
    void aFrameThatDoesNotFitIsNotWrittenAndTheCursorStays() {
        CodecBuffer buffer = CodecBuffer.of(new byte[300]);
        FrameWriter writer = new FrameWriter(buffer);
        assertThat(writer.write(PostObject.theItem())).isEqualTo(197);
        assertThat(writer.write(PostObject.theItem())).isEqualTo(-1);
        assertThat(buffer.position()).isEqualTo(197);
        buffer.position(295);
        assertThat(writer.write(new Unknown(1, 0)))
                .as("not even the header fits")
                .isEqualTo(-1);
        assertThat(buffer.position()).isEqualTo(295);
        buffer.position(197);
        assertThat(writer.write(new Unknown(1, 300 - 197 - 12))).isEqualTo(300 - 197);
    }

    @Test
    void beginAndEndFrameAHandWrittenBody() {
        CodecBuffer buffer = CodecBuffer.of(new byte[64], ByteOrder.BIG_ENDIAN);
        FrameWriter writer = new FrameWriter(buffer);
        writer.begin(9, 65535);
        buffer.writeLong(5);
        assertThatThrownBy(() -> writer.begin(1, 1)).isInstanceOf(IllegalStateException.class);
        assertThat(writer.end()).isEqualTo(20);
        assertThatThrownBy(writer::end).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> writer.begin(1, 65536)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> writer.begin(1, -1)).isInstanceOf(IllegalArgumentException.class);
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, 20, 100);
        assertThat(reader.next()).isTrue();
        assertThat(reader.typeId()).isEqualTo(9);
        assertThat(reader.version()).isEqualTo(65535);
        assertThat(reader.bodyLength()).isEqualTo(8);
        assertThat(buffer.readLong()).isEqualTo(5);
        assertThat(reader.next()).isFalse();
    }

    private static CodecException corrupt(CodecBuffer buffer, long end, int max) {
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, end, max);
        Throwable thrown = null;
        try {
            while (reader.next()) {
                if (reader.typeId() == PostObject.TYPE_ID) {
                    reader.read(new PostObject());
                }
            }
        } catch (RuntimeException e) {
            thrown = e;
        }
        assertThat(thrown).isInstanceOf(CodecException.class);
        return (CodecException) thrown;
    }

    private static CodecBuffer twoFrames() {
        CodecBuffer buffer = CodecBuffer.of(new byte[394], ByteOrder.LITTLE_ENDIAN);
        FrameWriter writer = new FrameWriter(buffer);
        writer.write(PostObject.theItem());
        writer.write(PostObject.theItem());
        return buffer;
    }

    @Test
    void hostileHeadersAreReportedWithTheirOffset() {
        CodecBuffer buffer = twoFrames();
        buffer.putInt(197 + 8, -1);
        assertThat(corrupt(buffer, 394, 1000))
                .returns(197L, CodecException::offset)
                .extracting(CodecException::reason, InstanceOfAssertFactories.STRING)
                .contains("negative body length");

        buffer = twoFrames();
        buffer.putInt(197 + 8, Integer.MAX_VALUE);
        assertThat(corrupt(buffer, 394, Integer.MAX_VALUE).reason()).contains("truncated frame");
        assertThat(corrupt(buffer, 394, 1000).reason()).contains("exceeds the maximum 1000");

        buffer = twoFrames();
        buffer.putShort(197, (short) 0x1234);
        assertThat(corrupt(buffer, 394, 1000).reason()).contains("bad magic 0x1234");

        assertThat(corrupt(twoFrames(), 394 - 1, 1000))
                .returns(197L, CodecException::offset)
                .extracting(CodecException::reason, InstanceOfAssertFactories.STRING)
                .contains("truncated frame: body length 185 but 184 bytes left");
        assertThat(corrupt(twoFrames(), 197 + 5, 1000).reason()).contains("truncated header: 5 bytes left");
    }

    @Test
    void dataInTheOtherByteOrderIsNamedAsSuch() {
        CodecBuffer buffer = twoFrames();
        CodecBuffer wrongOrder = CodecBuffer.of(buffer.segment(), ByteOrder.BIG_ENDIAN);
        assertThat(corrupt(wrongOrder, 394, 1000))
                .returns(0L, CodecException::offset)
                .extracting(CodecException::reason, InstanceOfAssertFactories.STRING)
                .contains("other byte order");
    }

    @Test
    void aBodyReadPastItsEndOrWithAHostileCountIsCorrupt() {
        CodecBuffer buffer = twoFrames();
        buffer.putInt(8, 150); // first frame claims 150 bytes: readFrom needs 185
        CodecException e = corrupt(buffer, 394, 1000);
        assertThat(e.offset()).isEqualTo(12);
        assertThat(e.reason()).contains("read 185 bytes from a body of 150");

        buffer = twoFrames();
        buffer.putInt(12 + 17, 1 << 30); // the prices count
        assertThat(corrupt(buffer, 394, 1000).offset()).isEqualTo(12 + 17);
    }

    @Test
    void aMessageWithExtraFieldsIsReadByAnOldReaderAndTheRestSkipped() {
        CodecBuffer buffer = CodecBuffer.of(new byte[512]);
        FrameWriter writer = new FrameWriter(buffer);
        writer.begin(PostObject.TYPE_ID, 1);
        PostObject.theItem().writeTo(buffer);
        buffer.writeLong(123); // a newer writer's extra field
        writer.end();
        writer.write(new Unknown(5, 2));
        long end = buffer.position();
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, end, 1000);
        assertThat(reader.next()).isTrue();
        PostObject read = new PostObject();
        reader.read(read);
        assertThat(read).isEqualTo(PostObject.theItem());
        assertThat(reader.next()).isTrue();
        assertThat(reader.typeId()).isEqualTo(5);
        assertThat(reader.next()).isFalse();
    }

    @Test
    void resetMovesTheReaderOnAfterCorruption() {
        CodecBuffer buffer = twoFrames();
        buffer.putShort(0, (short) 0);
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, 394, 1000);
        assertThatThrownBy(reader::next).isInstanceOf(CodecException.class);
        assertThat(reader.frameOffset()).isEqualTo(-1);
        assertThatThrownBy(() -> reader.read(new PostObject())).isInstanceOf(IllegalStateException.class);
        reader.reset(197);
        assertThat(reader.next()).isTrue();
        assertThat(reader.frameOffset()).isEqualTo(197);
        assertThat(reader.next()).isFalse();
    }
}

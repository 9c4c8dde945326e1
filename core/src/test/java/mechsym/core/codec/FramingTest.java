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
    void endWithTheCursorBeforeTheBodyIsAStateErrorAndKeepsTheFrameOpen() {
        CodecBuffer buffer = CodecBuffer.of(new byte[64], ByteOrder.LITTLE_ENDIAN);
        FrameWriter writer = new FrameWriter(buffer);
        buffer.position(8);
        writer.begin(4, 1);
        buffer.position(10); // inside the header
        assertThatThrownBy(writer::end)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cursor 10 is before the body at 20 of the frame at 8");
        buffer.position(24);
        assertThat(writer.end())
                .as("the frame stays begun; ending it later works")
                .isEqualTo(16);
        assertThat(buffer.getInt(8 + FrameDescriptor.BODY_LENGTH_OFFSET)).isEqualTo(4);
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
        assertThatThrownBy(reader::typeId) // no frame yet: no header fields to answer with
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no current frame");
        assertThat(reader.next()).isTrue();
        assertThat(reader.typeId()).isEqualTo(9);
        assertThat(reader.version()).isEqualTo(65535);
        assertThat(reader.bodyLength()).isEqualTo(8);
        assertThat(buffer.readLong()).isEqualTo(5);
        assertThat(reader.next()).isFalse();
        // the frame that was is gone: its fields no longer describe a current one
        assertThatThrownBy(reader::bodyOffset).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(reader::bodyLength).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(reader::version).isInstanceOf(IllegalStateException.class);
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
        buffer.putInt(8, 150); // first frame claims 150 bytes: the quantities count no longer fits in it
        CodecException e = corrupt(buffer, 394, 1000);
        assertThat(e.offset()).isEqualTo(12 + 101);
        assertThat(e.reason()).contains("count 10 of 8-byte elements but 45 bytes left");

        CodecBuffer small = CodecBuffer.of(new byte[64], ByteOrder.LITTLE_ENDIAN);
        FrameWriter writer = new FrameWriter(small);
        writer.begin(3, 0);
        small.writeInt(1); // a 4-byte body, read by a message that reads a long
        writer.end();
        small.position(0);
        FrameReader reader = new FrameReader(small, 16, 100);
        assertThat(reader.next()).isTrue();
        Marshallable longReader = new Marshallable() {
            @Override
            public int typeId() {
                return 3;
            }

            @Override
            public int version() {
                return 0;
            }

            @Override
            public void writeTo(CodecBuffer buffer) {}

            @Override
            public void readFrom(CodecBuffer buffer) {
                buffer.readLong();
            }
        };
        assertThatThrownBy(() -> reader.read(longReader))
                .isInstanceOf(CodecException.class)
                .hasMessage("offset 12: type 3 version 0 read 8 bytes from a body of 4");

        buffer = twoFrames();
        buffer.putInt(12 + 17, 1 << 30); // the prices count
        assertThat(corrupt(buffer, 394, 1000).offset()).isEqualTo(12 + 17);

        buffer = twoFrames();
        buffer.putInt(12 + 17, 21); // fits in the buffer, not in the body: refused before allocating
        CodecException e2 = corrupt(buffer, 394, 1000);
        assertThat(e2.offset()).isEqualTo(12 + 17);
        assertThat(e2.reason()).contains("count 21 of 8-byte elements but 164 bytes left");
        assertThat(buffer.limit()).as("the reader restores the limit").isEqualTo(buffer.capacity());
    }

    @Test
    void aMessageWhoseWriteToThrowsLeavesTheWriterReadyForTheNext() {
        CodecBuffer buffer = CodecBuffer.of(new byte[256]);
        FrameWriter writer = new FrameWriter(buffer);
        Marshallable failing = new Marshallable() {
            @Override
            public int typeId() {
                return 7;
            }

            @Override
            public int version() {
                return 1;
            }

            @Override
            public void writeTo(CodecBuffer b) {
                b.writeLong(1);
                throw new IllegalStateException("a broken message");
            }

            @Override
            public void readFrom(CodecBuffer b) {}
        };
        assertThatThrownBy(() -> writer.write(failing)).hasMessage("a broken message");
        assertThat(buffer.position())
                .as("the cursor is back where the frame began")
                .isZero();
        assertThat(writer.write(new Unknown(5, 2))).isPositive(); // not "was begun and not ended"
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

    @Test
    void corruptedStreamsOfMarshallablesOnlyThrowCodecException() {
        java.util.Random random = new java.util.Random(4242);
        PostObject read = new PostObject();
        int errors = 0;
        int decoded = 0;
        for (int round = 0; round < 3000; round++) {
            CodecBuffer buffer = CodecBuffer.of(new byte[2048], ByteOrder.LITTLE_ENDIAN);
            FrameWriter writer = new FrameWriter(buffer);
            for (int i = 0; i < 6; i++) {
                if (random.nextBoolean()) {
                    writer.write(PostObject.theItem());
                } else {
                    writer.write(new Unknown(7, random.nextInt(30)));
                }
            }
            int end = (int) buffer.position();
            for (int d = 0; d < 1 + random.nextInt(3); d++) {
                int at = random.nextInt(end - 4);
                if (random.nextBoolean()) {
                    buffer.putInt(at, random.nextBoolean() ? random.nextInt() : -random.nextInt(200));
                } else {
                    buffer.putByte(at, (byte) random.nextInt());
                }
            }
            buffer.position(0);
            FrameReader reader = new FrameReader(buffer, end, 4096);
            long steps = 0;
            while (true) {
                assertThat(++steps).isLessThanOrEqualTo(end + 1L);
                try {
                    if (!reader.next()) {
                        break;
                    }
                    if (reader.typeId() == PostObject.TYPE_ID) {
                        reader.read(read);
                        decoded++;
                    }
                } catch (CodecException e) {
                    errors++;
                    assertThat(e.offset()).isBetween(0L, (long) end);
                    if (e.offset() + 1 > end) {
                        break;
                    }
                    reader.reset(e.offset() + 1);
                }
            }
        }
        assertThat(errors).isGreaterThan(1000);
        assertThat(decoded).isGreaterThan(1000);
    }

    /** A message whose own code throws IndexOutOfBoundsException, as a bug in a user's writeTo or readFrom would. */
    record Buggy(boolean inWrite) implements Marshallable {
        @Override
        public int typeId() {
            return 9;
        }

        @Override
        public int version() {
            return 0;
        }

        @Override
        public void writeTo(CodecBuffer buffer) {
            buffer.writeInt(1);
            if (inWrite) {
                List.of().get(3);
            }
        }

        @Override
        public void readFrom(CodecBuffer buffer) {
            buffer.readInt();
            int[] one = new int[1];
            one[buffer.readInt() + 5] = 1;
        }
    }

    @Test
    void anIndexOutOfBoundsExceptionOfTheMessagesOwnCodeIsNotTakenForAFullBuffer() {
        CodecBuffer buffer = CodecBuffer.of(new byte[64]);
        FrameWriter writer = new FrameWriter(buffer);
        assertThatThrownBy(() -> writer.write(new Buggy(true)))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .isNotInstanceOf(BufferBoundsException.class);
        assertThat(buffer.position()).as("the frame was abandoned").isZero();

        assertThat(writer.write(new Buggy(false))).isEqualTo(16);
        buffer.putInt(12 + 4, 0); // a second int the body does not hold: readFrom reads past the body
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, 16 + 8, Integer.MAX_VALUE);
        assertThat(reader.next()).isTrue();
        assertThatThrownBy(() -> reader.read(new Buggy(false)))
                .isInstanceOf(ArrayIndexOutOfBoundsException.class)
                .hasMessageContaining("5");
    }

    @Test
    void aFullBufferIsStillAFrameThatDoesNotFitAndABodyReadPastTheBufferIsCorrupt() {
        CodecBuffer small = CodecBuffer.of(new byte[14]);
        FrameWriter writer = new FrameWriter(small);
        assertThat(writer.write(new Buggy(false))).isEqualTo(-1);
        assertThat(small.position()).isZero();

        CodecBuffer buffer = CodecBuffer.of(new byte[16]);
        assertThat(new FrameWriter(buffer).write(new Buggy(false))).isEqualTo(16);
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer);
        assertThat(reader.next()).isTrue();
        assertThatThrownBy(() -> reader.read(new Buggy(false)))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("ends early");
    }
}

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

    /** A frame of {@link Quote#item()}: its body after the 12-byte header. */
    private static final int FRAME = Quote.BYTES + 12;

    @Test
    void aMessageTakesItsBodyPlusA12ByteHeader() {
        CodecBuffer buffer = CodecBuffer.of(new byte[512]);
        Quote.item().writeTo(buffer);
        assertThat(buffer.position())
                .isEqualTo(Long.BYTES + Character.BYTES + 4 + 4 * Long.BYTES + 4 + 4 * Integer.BYTES);
        assertThat(Quote.BYTES).isEqualTo(66);
        buffer.position(0);
        assertThat(new FrameWriter(buffer).write(Quote.item())).isEqualTo(66 + 12);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("backingsAndOrders")
    void framesRoundTripAndUnknownTypesAreSkippedByLength(Backings.Backing backing, ByteOrder order) {
        CodecBuffer buffer = backing.make(2048, order);
        FrameWriter writer = new FrameWriter(buffer);
        Quote item = Quote.item();
        List<Integer> lengths = new ArrayList<>();
        lengths.add(writer.write(new Unknown(77, 0)));
        lengths.add(writer.write(item));
        lengths.add(writer.write(new Unknown(-5, 33)));
        item.instrumentId = 2;
        lengths.add(writer.write(item));
        lengths.add(writer.write(new Unknown(Integer.MAX_VALUE, 1)));
        long end = buffer.position();
        assertThat(lengths).containsExactly(12, FRAME, 45, FRAME, 13);
        assertThat(end).isEqualTo(12 + FRAME + 45 + FRAME + 13);

        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, end, 1024);
        List<Long> sources = new ArrayList<>();
        List<Integer> skipped = new ArrayList<>();
        Quote read = new Quote();
        while (reader.next()) {
            if (reader.typeId() == Quote.TYPE_ID) {
                assertThat(reader.version()).isEqualTo(1);
                assertThat(reader.bodyLength()).isEqualTo(Quote.BYTES);
                reader.read(read);
                sources.add(read.instrumentId);
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
        int capacity = 2 * FRAME - 1;
        CodecBuffer buffer = CodecBuffer.of(new byte[capacity]);
        FrameWriter writer = new FrameWriter(buffer);
        assertThat(writer.write(Quote.item())).isEqualTo(FRAME);
        assertThat(writer.write(Quote.item())).isEqualTo(-1);
        assertThat(buffer.position()).isEqualTo(FRAME);
        buffer.position(capacity - 5);
        assertThat(writer.write(new Unknown(1, 0)))
                .as("not even the header fits")
                .isEqualTo(-1);
        assertThat(buffer.position()).isEqualTo(capacity - 5);
        buffer.position(FRAME);
        assertThat(writer.write(new Unknown(1, capacity - FRAME - 12))).isEqualTo(capacity - FRAME);
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
                if (reader.typeId() == Quote.TYPE_ID) {
                    reader.read(new Quote());
                }
            }
        } catch (RuntimeException e) {
            thrown = e;
        }
        assertThat(thrown).isInstanceOf(CodecException.class);
        return (CodecException) thrown;
    }

    private static CodecBuffer twoFrames() {
        CodecBuffer buffer = CodecBuffer.of(new byte[2 * FRAME], ByteOrder.LITTLE_ENDIAN);
        FrameWriter writer = new FrameWriter(buffer);
        writer.write(Quote.item());
        writer.write(Quote.item());
        return buffer;
    }

    @Test
    void hostileHeadersAreReportedWithTheirOffset() {
        CodecBuffer buffer = twoFrames();
        buffer.putInt(FRAME + 8, -1);
        assertThat(corrupt(buffer, 2 * FRAME, 1000))
                .returns((long) FRAME, CodecException::offset)
                .extracting(CodecException::reason, InstanceOfAssertFactories.STRING)
                .contains("negative body length");

        buffer = twoFrames();
        buffer.putInt(FRAME + 8, Integer.MAX_VALUE);
        assertThat(corrupt(buffer, 2 * FRAME, Integer.MAX_VALUE).reason()).contains("truncated frame");
        assertThat(corrupt(buffer, 2 * FRAME, 1000).reason()).contains("exceeds the maximum 1000");

        buffer = twoFrames();
        buffer.putShort(FRAME, (short) 0x1234);
        assertThat(corrupt(buffer, 2 * FRAME, 1000).reason()).contains("bad magic 0x1234");

        assertThat(corrupt(twoFrames(), 2 * FRAME - 1, 1000))
                .returns((long) FRAME, CodecException::offset)
                .extracting(CodecException::reason, InstanceOfAssertFactories.STRING)
                .contains("truncated frame: body length 66 but 65 bytes left");
        assertThat(corrupt(twoFrames(), FRAME + 5, 1000).reason()).contains("truncated header: 5 bytes left");
    }

    @Test
    void dataInTheOtherByteOrderIsNamedAsSuch() {
        CodecBuffer buffer = twoFrames();
        CodecBuffer wrongOrder = CodecBuffer.of(buffer.segment(), ByteOrder.BIG_ENDIAN);
        assertThat(corrupt(wrongOrder, 2 * FRAME, 1000))
                .returns(0L, CodecException::offset)
                .extracting(CodecException::reason, InstanceOfAssertFactories.STRING)
                .contains("other byte order");
    }

    @Test
    void aBodyReadPastItsEndOrWithAHostileCountIsCorrupt() {
        CodecBuffer buffer = twoFrames();
        // the first frame claims 5 bytes after the sizes count: its 4 sizes no longer fit in the body
        buffer.putInt(8, Quote.SIZES_COUNT_OFFSET + 4 + 5);
        CodecException e = corrupt(buffer, 2 * FRAME, 1000);
        assertThat(e.offset()).isEqualTo(12 + Quote.SIZES_COUNT_OFFSET);
        assertThat(e.reason()).contains("count 4 of 4-byte elements but 5 bytes left");

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
        buffer.putInt(12 + Quote.PRICES_COUNT_OFFSET, 1 << 30);
        assertThat(corrupt(buffer, 2 * FRAME, 1000).offset()).isEqualTo(12 + Quote.PRICES_COUNT_OFFSET);

        buffer = twoFrames();
        // 7 prices: 56 bytes fit in the buffer after the count, not in the body's 52 left: refused before allocating
        buffer.putInt(12 + Quote.PRICES_COUNT_OFFSET, 7);
        assertThat(buffer.capacity() - (12 + Quote.PRICES_OFFSET)).isGreaterThanOrEqualTo(7 * Long.BYTES);
        CodecException e2 = corrupt(buffer, 2 * FRAME, 1000);
        assertThat(e2.offset()).isEqualTo(12 + Quote.PRICES_COUNT_OFFSET);
        assertThat(e2.reason()).contains("count 7 of 8-byte elements but 52 bytes left");
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
        writer.begin(Quote.TYPE_ID, 1);
        Quote.item().writeTo(buffer);
        buffer.writeLong(123); // a newer writer's extra field
        writer.end();
        writer.write(new Unknown(5, 2));
        long end = buffer.position();
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, end, 1000);
        assertThat(reader.next()).isTrue();
        Quote read = new Quote();
        reader.read(read);
        assertThat(read).isEqualTo(Quote.item());
        assertThat(reader.next()).isTrue();
        assertThat(reader.typeId()).isEqualTo(5);
        assertThat(reader.next()).isFalse();
    }

    @Test
    void resetMovesTheReaderOnAfterCorruption() {
        CodecBuffer buffer = twoFrames();
        buffer.putShort(0, (short) 0);
        buffer.position(0);
        FrameReader reader = new FrameReader(buffer, 2 * FRAME, 1000);
        assertThatThrownBy(reader::next).isInstanceOf(CodecException.class);
        assertThat(reader.frameOffset()).isEqualTo(-1);
        assertThatThrownBy(() -> reader.read(new Quote())).isInstanceOf(IllegalStateException.class);
        reader.reset(FRAME);
        assertThat(reader.next()).isTrue();
        assertThat(reader.frameOffset()).isEqualTo(FRAME);
        assertThat(reader.next()).isFalse();
    }

    @Test
    void corruptedStreamsOfMarshallablesOnlyThrowCodecException() {
        java.util.Random random = new java.util.Random(4242);
        Quote read = new Quote();
        int errors = 0;
        int decoded = 0;
        for (int round = 0; round < 3000; round++) {
            CodecBuffer buffer = CodecBuffer.of(new byte[2048], ByteOrder.LITTLE_ENDIAN);
            FrameWriter writer = new FrameWriter(buffer);
            for (int i = 0; i < 6; i++) {
                if (random.nextBoolean()) {
                    writer.write(Quote.item());
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
                    if (reader.typeId() == Quote.TYPE_ID) {
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

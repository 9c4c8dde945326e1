package mechsym.tools.dump;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.FrameReader;
import mechsym.tools.schema.Schema;
import org.junit.jupiter.api.Test;

class DumperTest {
    static final Path SAMPLES = Path.of("../samples/dump");

    // frame offsets in the sample: 197-byte order, 69-byte order, 66-byte order v2, 32-byte unknown, 61-byte cancel
    static final long[] OFFSETS = {0, 197, 266, 332, 364};
    static final int END = 425;

    /** What the listener hears from the sample as shipped. */
    static final List<String> SAMPLE_EVENTS = List.of(
            "message 0 Order v1 185",
            "message 197 Order v1 57",
            "message 266 Order v2 54",
            "unknown 332 42 v1 20",
            "message 364 Cancel v1 49");

    static Schema schema() throws IOException {
        return Schema.parse(Files.readString(SAMPLES.resolve("orders.schema")));
    }

    static RecordingListener dump(byte[] bytes, boolean strict) throws IOException {
        RecordingListener listener = new RecordingListener();
        CodecBuffer data = CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN);
        new Dumper(schema(), strict).dump(data, bytes.length, listener);
        return listener;
    }

    @Test
    void aSoundFrameAfterGarbageIsDumpedAndTheBrokenHeaderAfterItReported() throws IOException {
        byte[] sample = Files.readAllBytes(SAMPLES.resolve("orders.bin"));
        int frame = (int) (OFFSETS[2] - OFFSETS[1]); // the 69-byte order
        byte[] bytes = new byte[5 + frame + 12 + 4];
        Arrays.fill(bytes, 0, 5, (byte) 0x7F); // garbage: no magic in it
        System.arraycopy(sample, (int) OFFSETS[1], bytes, 5, frame);
        CodecBuffer broken = CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN);
        int header = 5 + frame;
        System.arraycopy(sample, 0, bytes, header, 12); // a real header's magic, version and type ...
        broken.putInt(header + 8, 1000); // ... and a body length that does not fit the 4 bytes left

        RecordingListener listener = dump(bytes, false);

        assertThat(listener.events)
                .containsExactly(
                        "error 0 bad magic 0x7F7F (expected 0x534D): not the start of a frame",
                        "resync 5 5",
                        "message 5 Order v1 57",
                        "error " + header + " truncated frame: body length 1000 but 4 bytes left",
                        "resync " + bytes.length + " " + (bytes.length - header));
    }

    @Test
    void aSoundFrameBetweenTwoStretchesOfGarbageIsFound() throws IOException {
        byte[] sample = Files.readAllBytes(SAMPLES.resolve("orders.bin"));
        int frame = (int) (OFFSETS[2] - OFFSETS[1]); // the 69-byte order
        byte[] bytes = new byte[30 + frame + 30];
        Arrays.fill(bytes, (byte) 0x7F); // garbage on both sides: no magic in it
        System.arraycopy(sample, (int) OFFSETS[1], bytes, 30, frame);

        RecordingListener listener = dump(bytes, false);

        assertThat(listener.events)
                .containsExactly(
                        "error 0 bad magic 0x7F7F (expected 0x534D): not the start of a frame",
                        "resync 30 30",
                        "message 30 Order v1 57",
                        "error " + (30 + frame) + " bad magic 0x7F7F (expected 0x534D): not the start of a frame",
                        "resync " + bytes.length + " 30");
        assertThat(listener.summary.skippedBytes()).isEqualTo(60);
    }

    @Test
    void theShippedSampleIsWhatTheGeneratorWrites() throws IOException {
        byte[] shipped = Files.readAllBytes(SAMPLES.resolve("orders.bin"));
        assertThat(shipped)
                .as("samples/dump/orders.bin is stale: regenerate with mechsym.tools.dump.OrdersSample")
                .isEqualTo(OrdersSample.bytes());
        assertThat(shipped).hasSize(END);
    }

    @Test
    void theShippedSampleDecodesByTheShippedSchema() throws IOException {
        RecordingListener listener = dump(Files.readAllBytes(SAMPLES.resolve("orders.bin")), true);
        assertThat(listener.events).isEqualTo(SAMPLE_EVENTS);
        assertThat(listener.summary).isEqualTo(new DumpSummary(5, 4, 1, 0, 0, -1, END));
        Object[] post = listener.values.get(0);
        assertThat(post[0]).isEqualTo(1010L);
        assertThat(post[1]).isEqualTo(true);
        assertThat((double[]) post[4]).containsExactly(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0);
        assertThat(listener.values.get(2)[6]).isEqualTo("Zo\u00eb \ud83d\ude80");
        assertThat(listener.values.get(3))
                .containsExactly(1010L, new int[] {1, 2, 3, 4}, 'P', "price moved \u20ac0.05");
    }

    @Test
    void theSampleClassesReadTheirOwnFramesBack() throws IOException {
        CodecBuffer data = CodecBuffer.of(Files.readAllBytes(SAMPLES.resolve("orders.bin")), ByteOrder.LITTLE_ENDIAN);
        FrameReader reader = new FrameReader(data);
        List<Object> read = new ArrayList<>();
        while (reader.next()) {
            if (reader.typeId() == PostObject.TYPE_ID) {
                PostObject order = new PostObject();
                order.readFrom(data, reader.version());
                read.add(order);
            } else if (reader.typeId() == SampleCancel.TYPE_ID) {
                SampleCancel cancel = new SampleCancel();
                reader.read(cancel);
                read.add(cancel.note);
            }
        }
        assertThat(read).hasSize(4);
        assertThat(read.get(0)).isEqualTo(PostObject.item());
        assertThat(((PostObject) read.get(2)).trader).isEqualTo("Zo\u00eb \ud83d\ude80");
        assertThat(read.get(3)).isEqualTo("price moved \u20ac0.05");
    }

    @Test
    void textOutputShowsOffsetsNamesVersionsLengthsFieldsAndHex() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] bytes = OrdersSample.bytes();
        new Dumper(schema(), false)
                .dump(
                        CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN),
                        bytes.length,
                        new TextDumpListener(new PrintStream(out, true, StandardCharsets.UTF_8)));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text)
                .contains("offset 0  Order  type 1  version 1  length 185")
                .contains("  sourceId    long      1010")
                .contains("  prices      double[]  [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]")
                .contains("  trader      string    \"Zo\u00eb \ud83d\ude80\"")
                .contains("offset 332  type 42  version 1  length 20  (unknown type)")
                .contains("  +0000  41 42 43 44 45 46 47 48  08 09 0a 0b 0c 0d 0e 0f  |ABCDEFGH........|")
                .contains("  +0010  10 11 12 13")
                .contains("  reason    char    'P'")
                .contains("5 frames: 4 decoded, 1 unknown; 0 errors; 0 bytes skipped; read to the end (425 bytes)");
    }

    @Test
    void jsonOutputIsOneObjectPerLine() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] bytes = OrdersSample.bytes();
        bytes[197] = 0; // damage the second frame's magic
        new Dumper(schema(), false)
                .dump(
                        CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN),
                        bytes.length,
                        new JsonDumpListener(new PrintStream(out, true, StandardCharsets.UTF_8)));
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            lines.add(mapper.readTree(line));
        }
        assertThat(lines)
                .extracting(l -> l.get("event").asText())
                .containsExactly("message", "error", "resync", "message", "unknown", "message", "summary");
        JsonNode first = lines.get(0);
        assertThat(first.get("offset").asLong()).isZero();
        assertThat(first.get("type").asText()).isEqualTo("Order");
        assertThat(first.get("version").asInt()).isEqualTo(1);
        assertThat(first.get("length").asInt()).isEqualTo(185);
        assertThat(first.at("/fields/sourceId").asLong()).isEqualTo(1010);
        assertThat(first.at("/fields/special").asBoolean()).isTrue();
        assertThat(first.at("/fields/prices/9").asDouble()).isEqualTo(1.0);
        assertThat(lines.get(1).get("offset").asLong()).isEqualTo(197);
        assertThat(lines.get(1).get("reason").asText()).contains("bad magic");
        assertThat(lines.get(2).get("offset").asLong()).isEqualTo(266);
        assertThat(lines.get(2).get("skipped").asLong()).isEqualTo(69);
        assertThat(lines.get(4).get("hex").asText()).startsWith("4142434445464748");
        assertThat(lines.get(5).at("/fields/reason").asText()).isEqualTo("P");
        assertThat(lines.get(6).get("errors").asInt()).isEqualTo(1);
        assertThat(lines.get(6).get("stoppedAt").isNull()).isTrue();
    }

    @Test
    void aBadMagicIsReportedAndTheDumpResynchronisesOnTheNextFrame() throws IOException {
        byte[] bytes = OrdersSample.bytes();
        bytes[197] = 'X';
        RecordingListener listener = dump(bytes, false);
        assertThat(listener.events)
                .containsExactly(
                        "message 0 Order v1 185",
                        "error 197 bad magic 0x5358 (expected 0x534D): not the start of a frame",
                        "resync 266 69",
                        "message 266 Order v2 54",
                        "unknown 332 42 v1 20",
                        "message 364 Cancel v1 49");
        assertThat(listener.summary.skippedBytes()).isEqualTo(69);
        assertThat(listener.summary.stoppedAt()).isEqualTo(-1);
    }

    @Test
    void strictStopsAtTheFirstError() throws IOException {
        byte[] bytes = OrdersSample.bytes();
        bytes[197] = 'X';
        RecordingListener listener = dump(bytes, true);
        assertThat(listener.events).hasSize(2).last().asString().startsWith("error 197 bad magic");
        assertThat(listener.summary.stoppedAt()).isEqualTo(197);
        assertThat(listener.summary.errors()).isEqualTo(1);
    }

    @Test
    void aTruncatedFileReportsTheCutFrame() throws IOException {
        byte[] bytes = Arrays.copyOf(OrdersSample.bytes(), 400);
        RecordingListener listener = dump(bytes, false);
        assertThat(listener.events)
                .endsWith(
                        "unknown 332 42 v1 20",
                        "error 364 truncated frame: body length 49 but 24 bytes left",
                        "resync 400 36");
        bytes = Arrays.copyOf(OrdersSample.bytes(), 370);
        assertThat(dump(bytes, false).events).contains("error 364 truncated header: 6 bytes left, a header takes 12");
    }

    @Test
    void anUnknownVersionOfAKnownTypeIsAnErrorShownAsHex() throws IOException {
        byte[] bytes = OrdersSample.bytes();
        bytes[197 + 2] = 9; // version 9 of Order
        RecordingListener listener = dump(bytes, false);
        assertThat(listener.events)
                .containsSubsequence(
                        "error 197 type Order (1) has no version 9 in the schema",
                        "unknown 197 1 v9 57",
                        "message 266 Order v2 54");
        assertThat(dump(bytes, true).summary.stoppedAt()).isEqualTo(197);
    }

    @Test
    void aBodyThatDoesNotMatchItsLayoutIsReportedAtTheField() throws IOException {
        byte[] bytes = OrdersSample.bytes();
        CodecBuffer data = CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN);
        data.putInt(197 + 12 + 17, 1_000_000_000); // the prices count of the second order
        RecordingListener listener = dump(bytes, false);
        assertThat(listener.events)
                .containsExactly(
                        "message 0 Order v1 185",
                        "error 226 Order version 1 field prices (double[]): need 8000000000 bytes for 1000000000 elements, the body has 36 left",
                        "message 266 Order v2 54",
                        "unknown 332 42 v1 20",
                        "message 364 Cancel v1 49");
    }

    @Test
    void aStringThatIsNotUtf8IsShownWithReplacementsAndReportedAtItsByte() throws IOException {
        byte[] bytes = OrdersSample.bytes();
        // the cancel's note, "price moved \u20ac0.05", starts at 406: its euro sign is E2 82 AC at 418
        assertThat(bytes[418] & 0xFF).isEqualTo(0xE2);
        bytes[419] = 'A'; // a continuation byte that is not one
        RecordingListener listener = dump(bytes, false);
        assertThat(listener.events).startsWith(SAMPLE_EVENTS.toArray(String[]::new));
        assertThat(listener.events.subList(SAMPLE_EVENTS.size(), listener.events.size()))
                .containsExactly(
                        "error 418 Cancel version 1 field note (string): ill-formed UTF-8 at byte 12 of its 19");
        assertThat(listener.values.getLast()[3]).isEqualTo("price moved \ufffdA\ufffd0.05");
        assertThat(listener.summary.errors()).isEqualTo(1);
        assertThat(listener.summary.decoded()).isEqualTo(4);

        RecordingListener strict = dump(bytes, true);
        assertThat(strict.events).endsWith("message 364 Cancel v1 49", strict.events.getLast());
        assertThat(strict.summary.stoppedAt()).isEqualTo(418);
    }

    @Test
    void aHostileLengthIsReportedAndSkippedWithoutAllocating() throws IOException {
        byte[] bytes = OrdersSample.bytes();
        CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN).putInt(197 + 8, Integer.MAX_VALUE);
        RecordingListener listener = dump(bytes, false);
        assertThat(listener.events)
                .startsWith(
                        "message 0 Order v1 185",
                        "error 197 truncated frame: body length 2147483647 but 216 bytes left",
                        "resync 266 69");
    }

    @Test
    void anEmptyInputHasNoFrames() throws IOException {
        RecordingListener listener = dump(new byte[0], true);
        assertThat(listener.events).isEmpty();
        assertThat(listener.summary).isEqualTo(new DumpSummary(0, 0, 0, 0, 0, -1, 0));
    }

    @Test
    void garbageWithNoFrameInItIsSkippedToTheEnd() throws IOException {
        byte[] garbage = new byte[1000];
        new Random(5).nextBytes(garbage);
        RecordingListener listener = dump(garbage, false);
        assertThat(listener.events)
                .containsExactly("error 0 " + listener.events.get(0).substring(8), "resync 1000 1000");
        assertThat(listener.summary.skippedBytes()).isEqualTo(1000);
    }

    @Test
    void randomCorruptionNeverThrowsNeverHangsAndReportsOffsetsInside() throws IOException {
        Schema schema = schema();
        Random random = new Random(2026);
        byte[] sample = OrdersSample.bytes();
        int errors = 0;
        for (int round = 0; round < 3000; round++) {
            byte[] bytes = Arrays.copyOf(sample, sample.length * 3);
            System.arraycopy(sample, 0, bytes, sample.length, sample.length);
            System.arraycopy(sample, 0, bytes, 2 * sample.length, sample.length);
            int end = bytes.length;
            for (int d = 0; d < 1 + random.nextInt(4); d++) {
                int at = random.nextInt(end);
                switch (random.nextInt(4)) {
                    case 0 -> bytes[at] = (byte) random.nextInt();
                    case 1 -> end = Math.max(at, 1);
                    case 2 -> {
                        if (at + 4 <= end) {
                            CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN)
                                    .putInt(at, random.nextBoolean() ? -1 : random.nextInt());
                        }
                    }
                    default -> Arrays.fill(bytes, at, Math.min(end, at + random.nextInt(30)), (byte) 0);
                }
            }
            RecordingListener listener = new RecordingListener();
            DumpSummary summary = new Dumper(schema, random.nextBoolean())
                    .dump(CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN), end, listener);
            assertThat(summary).isSameAs(listener.summary);
            long last = end;
            assertThat(listener.errorOffsets).allSatisfy(o -> assertThat(o).isBetween(0L, last));
            assertThat(listener.events.size())
                    .as("events are bounded by the input")
                    .isLessThanOrEqualTo(2 * end + 2);
            errors += (int) summary.errors();
        }
        assertThat(errors).as("corruption was noticed").isGreaterThan(1500);
    }
}

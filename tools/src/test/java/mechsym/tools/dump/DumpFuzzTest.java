package mechsym.tools.dump;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import mechsym.core.codec.CodecBuffer;
import mechsym.tools.schema.Schema;

/**
 * Coverage-guided fuzz test (Jazzer) of {@code mechsym dump}'s promise: whatever the bytes, the dump
 * ends, reports every problem with an offset inside the input, keeps its counts consistent, and
 * writes JSON Lines that parse. Regression mode under {@code ./mechsym test} (the inputs in {@code
 * src/test/resources/mechsym/tools/dump/DumpFuzzTestInputs/}); {@code ./mechsym fuzz
 * dumpsAnyBytes} fuzzes.
 */
class DumpFuzzTest {
    private static final Schema SCHEMA = schema();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Schema schema() {
        try {
            return DumperTest.schema();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest(maxDuration = "2m")
    void dumpsAnyBytes(FuzzedDataProvider data) throws IOException {
        boolean strict = data.consumeBoolean();
        int maxBodyLength = data.consumeBoolean() ? 64 : Integer.MAX_VALUE;
        byte[] bytes = data.consumeRemainingAsBytes();
        Dumper dumper = new Dumper(SCHEMA, strict, maxBodyLength);

        ByteArrayOutputStream text = new ByteArrayOutputStream();
        DumpSummary summary = dumper.dump(input(bytes), bytes.length, new TextDumpListener(print(text)));
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        assertThat(dumper.dump(input(bytes), bytes.length, new JsonDumpListener(print(json))))
                .isEqualTo(summary);

        assertThat(summary.end()).isEqualTo(bytes.length);
        assertThat(summary.frames()).isGreaterThanOrEqualTo(summary.decoded() + summary.unknown());
        assertThat(summary.errors()).isGreaterThanOrEqualTo(summary.frames() - summary.decoded() - summary.unknown());
        assertThat(summary.skippedBytes()).isBetween(0L, (long) bytes.length);
        if (strict) {
            assertThat(summary.errors()).isLessThanOrEqualTo(1);
            assertThat(summary.stoppedAt() >= 0).isEqualTo(summary.errors() == 1);
        } else {
            assertThat(summary.stoppedAt()).isEqualTo(-1);
        }
        assertThat(text.toString(StandardCharsets.UTF_8)).isNotEmpty();

        List<String> lines = json.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).isNotEmpty();
        for (String line : lines) {
            JsonNode event = JSON.readTree(line);
            if (event.has("offset")) {
                assertThat(event.get("offset").asLong()).as(line).isBetween(0L, (long) bytes.length);
            }
        }
        assertThat(JSON.readTree(lines.getLast()).get("event").asText()).isEqualTo("summary");
    }

    private static CodecBuffer input(byte[] bytes) {
        return CodecBuffer.of(bytes, SCHEMA.byteOrder());
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}

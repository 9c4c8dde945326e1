package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mechsym dump}: the shipped sample, corrupt files, stdin, and usage errors, in-process. */
class DumpCommandTest extends CliTestBase {
    private static final String SCHEMA = "../samples/dump/orders.schema";
    private static final String SAMPLE = "../samples/dump/orders.bin";

    private InputStream originalIn;

    @TempDir
    Path dir;

    @BeforeEach
    void saveStdin() {
        originalIn = System.in;
    }

    @AfterEach
    void restoreStdin() {
        System.setIn(originalIn);
    }

    private Path corruptSample() throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(SAMPLE));
        bytes[197] = 'X'; // the second frame's magic
        Path file = dir.resolve("corrupt.bin");
        Files.write(file, bytes);
        return file;
    }

    @Test
    void dumpsTheShippedSample() {
        assertThat(run("dump", "--schema", SCHEMA, SAMPLE)).as(stderr()).isZero();
        assertThat(stdout())
                .contains("offset 0  Order  type 1  version 1  length 185")
                .contains("  quantities  long[]    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]")
                .contains("  trader      string    \"Zo\u00eb \ud83d\ude80\"")
                .contains("offset 332  type 42  version 1  length 20  (unknown type)")
                .contains("offset 364  Cancel  type 2  version 1  length 49")
                .contains("5 frames: 4 decoded, 1 unknown; 0 errors");
        assertThat(stderr()).isEmpty();
    }

    @Test
    void jsonIsOneObjectPerLine() throws Exception {
        assertThat(run("dump", "--json", "--schema", SCHEMA, SAMPLE)).isZero();
        String[] lines = stdout().split("\n");
        assertThat(lines).hasSize(6);
        ObjectMapper mapper = new ObjectMapper();
        JsonNode order = mapper.readTree(lines[2]);
        assertThat(order.get("type").asText()).isEqualTo("Order");
        assertThat(order.get("version").asInt()).isEqualTo(2);
        assertThat(order.at("/fields/trader").asText()).isEqualTo("Zo\u00eb \ud83d\ude80");
        assertThat(mapper.readTree(lines[5]).get("event").asText()).isEqualTo("summary");
    }

    @Test
    void corruptInputIsReportedAndResynchronisedByDefault() throws Exception {
        assertThat(run("dump", "--schema", SCHEMA, corruptSample().toString())).isZero();
        assertThat(stdout())
                .contains("offset 197  ERROR bad magic 0x5358 (expected 0x534D): not the start of a frame")
                .contains("offset 266  resynchronised: skipped 69 bytes")
                .contains("offset 364  Cancel")
                .contains("1 errors; 69 bytes skipped");
    }

    @Test
    void strictStopsAtTheFirstErrorAndExitsOne() throws Exception {
        assertThat(run("dump", "--strict", "--schema", SCHEMA, corruptSample().toString()))
                .isEqualTo(Main.EXIT_FAILED);
        assertThat(stdout()).contains("offset 197  ERROR bad magic").doesNotContain("offset 266");
        assertThat(stderr()).contains("corrupt.bin: corrupt at offset 197 (--strict)");
        assertThat(run("dump", "--strict", "--schema", SCHEMA, SAMPLE)).isZero();
    }

    @Test
    void readsStandardInput() throws Exception {
        byte[] bytes = Arrays.copyOf(Files.readAllBytes(Path.of(SAMPLE)), 400); // truncated
        System.setIn(new ByteArrayInputStream(bytes));
        assertThat(run("dump", "--schema", SCHEMA, "-")).isZero();
        assertThat(stdout()).contains("offset 364  ERROR truncated frame: body length 49 but 24 bytes left");
    }

    @Test
    void anEmptyFileHasNoFrames() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.bin"));
        assertThat(run("dump", "--strict", "--schema", SCHEMA, empty.toString()))
                .isZero();
        assertThat(stdout()).contains("0 frames");
    }

    @Test
    void aBadSchemaIsAUsageErrorNamingFileLineAndColumn() throws Exception {
        Path schema = dir.resolve("bad.schema");
        Files.writeString(schema, "message A type 1 version 1 {\n    lnog x\n}\n");
        assertThat(run("dump", "--schema", schema.toString(), SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("bad.schema:2:5: unknown field type 'lnog'");
        assertThat(stderr()).doesNotContain("Exception");
    }

    @Test
    void aSchemaThatIsNotUtf8IsAUsageErrorNamingLineColumnAndByte() throws Exception {
        Path schema = dir.resolve("latin1.schema");
        // "# café" written as Latin-1: 0xE9 alone is not UTF-8
        byte[] text = "message A type 1 version 1 {\n    long x # caf\u00e9\n}\n".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(schema, text);
        assertThat(run("dump", "--schema", schema.toString(), SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("latin1.schema:2:17: bytes that are not UTF-8 text (at byte 45)");
        assertThat(stderr()).doesNotContain("Exception");

        // lines ended by \r alone, or \r\n, count as the schema parser counts them
        Files.write(
                schema,
                new String(text, StandardCharsets.ISO_8859_1)
                        .replace("\n", "\r")
                        .getBytes(StandardCharsets.ISO_8859_1));
        assertThat(run("dump", "--schema", schema.toString(), SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("latin1.schema:2:17: bytes that are not UTF-8 text (at byte 45)");
        Files.write(
                schema,
                new String(text, StandardCharsets.ISO_8859_1)
                        .replace("\n", "\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
        assertThat(run("dump", "--schema", schema.toString(), SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("latin1.schema:2:17: bytes that are not UTF-8 text (at byte 46)");
    }

    @Test
    void missingFilesAndArgumentsAreUsageErrors() {
        assertThat(run("dump", "--schema", "no-such.schema", SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("no-such.schema: no such schema file");
        assertThat(run("dump", "--schema", SCHEMA, "no-such.bin")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("no-such.bin: no such file");
        assertThat(run("dump", SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--schema");
        assertThat(run("dump", "--schema", SCHEMA)).isEqualTo(Main.EXIT_USAGE);
    }

    @Test
    void aClosedOutputStopsTheDump() throws Exception {
        // `mechsym dump ... | head`: once the pipe is closed, every further line is wasted work
        byte[] sample = Files.readAllBytes(Path.of(SAMPLE));
        Path many = dir.resolve("many.bin");
        try (var file = Files.newOutputStream(many)) {
            for (int i = 0; i < 4000; i++) {
                file.write(sample);
            }
        }
        long[] attempted = {0};
        System.setOut(new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                attempted[0] += len;
                if (attempted[0] > 10_000) {
                    throw new java.io.IOException("Broken pipe");
                }
            }
        }));
        assertThat(run("dump", "--schema", SCHEMA, many.toString())).isEqualTo(Main.EXIT_FAILED);
        assertThat(attempted[0]).as("bytes written after the pipe closed").isLessThan(2_000_000);
        assertThat(stderr()).isEmpty();
    }

    @Test
    void aSchemaWithNoMessagesIsPointedOut() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.schema"), "# nothing yet\n");
        assertThat(run("dump", "--schema", empty.toString(), SAMPLE)).isZero();
        assertThat(stderr())
                .isEqualTo("mechsym: warning: " + empty + " declares no message types: every frame prints as unknown"
                        + System.lineSeparator());
        assertThat(stdout()).contains("5 frames: 0 decoded, 5 unknown");
    }

    @Test
    void aSchemaOrFileThatIsADirectoryIsAUsageErrorNamingIt() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("folder.schema"));
        assertThat(run("dump", "--schema", folder.toString(), SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("folder.schema: is a directory, not a schema file");
        assertThat(run("dump", "--schema", SCHEMA, dir.toString())).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains(dir + ": is a directory, not a data file").doesNotContain("no such file");
    }

    @Test
    void aSchemaTooLargeToBeOneIsRefusedBeforeItIsRead() throws Exception {
        Path big = dir.resolve("big.bin");
        try (var file = java.nio.channels.FileChannel.open(
                big, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            file.write(java.nio.ByteBuffer.allocate(1), mechsym.tools.schema.SchemaFile.MAX_BYTES); // sparse
        }
        assertThat(run("dump", "--schema", big.toString(), SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("big.bin: 16777217 bytes is too large for a schema");
    }

    @Test
    void aDeviceOrPipeIsRefusedWithTheWayToReadIt() {
        Path device = Path.of("/dev/null");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(device));
        assertThat(run("dump", "--schema", SCHEMA, device.toString())).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr())
                .contains("/dev/null: not a regular file")
                .contains("standard input")
                .doesNotContain("no such file");
        assertThat(run("dump", "--schema", "/dev/zero", SAMPLE)).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("/dev/zero: not a regular file");
    }

    @Test
    void helpDescribesTheCommand() {
        assertThat(run("dump", "--help")).isZero();
        assertThat(stdout())
                .contains("--schema")
                .contains("--json")
                .contains("--strict")
                .contains("FILE|-");
        assertThat(run("--help")).isZero();
        assertThat(stdout()).contains("dump");
    }
}

package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class TradesCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cli = new CommandLine(new TradesCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void generateInfoAndQueryThePostsData() throws Exception {
        String file = dir.resolve("post.rec").toString();
        assertThat(run("generate", "--post", "-n", "1000", "-f", file)).isZero();
        assertThat(out.toString()).contains("wrote 1,000 trades (the post's data)");
        assertThat(run("generate", "--post", "-n", "10", "-f", file)).isEqualTo(1);
        assertThat(err.toString()).contains("exists; use --force");

        assertThat(run("info", "-f", file, "--json")).isZero();
        JsonNode info = new ObjectMapper().readTree(out.toString());
        assertThat(info.get("count").asLong()).isEqualTo(1000);
        assertThat(info.get("recordSize").asInt()).isEqualTo(42);
        assertThat(info.get("isTradeLayout").asBoolean()).isTrue();

        assertThat(run("query", "-f", file, "--by", "instrument-venue", "--top", "1", "--json"))
                .isZero();
        JsonNode query = new ObjectMapper().readTree(out.toString());
        // sum of i*i over even i < 1000, and over odd i
        assertThat(query.at("/cost/buyCostRaw").asLong()).isEqualTo(166_167_000L);
        assertThat(query.at("/cost/sellCostRaw").asLong()).isEqualTo(166_666_500L);
        assertThat(query.at("/groups/instrument-venue/0/instrument").asText()).isEqualTo("BHP");
        assertThat(query.at("/groups/instrument-venue/0/venue").asText()).isEqualTo("XLON");
        assertThat(query.at("/top/0/tradeId").asLong()).isEqualTo(999);

        assertThat(run("query", "-f", file, "--side", "S", "--by", "venue")).isZero();
        assertThat(out.toString()).contains("500 matched").contains("by venue:").contains("XLON");

        assertThat(run("query", "-f", file, "--instrument", "bhp")).isZero();
        assertThat(out.toString()).contains("0 matched");
        assertThat(err.toString()).contains("codes match case and all, so --instrument bhp is not --instrument BHP");
        assertThat(run("query", "-f", file, "--instrument", "RIO")).isZero(); // no match, nothing to hint
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aBadCsvRowIsOneLineNamingLineAndColumnWithExitCode1() throws Exception {
        Path csv = dir.resolve("bad.csv");
        Files.writeString(
                csv,
                "trade_id,client_id,venue,instrument,price,quantity,side\n1,1,XLON,BHP,1.5,10,B\n2,1,XLON,BHP,1.5,ten,B\n");
        String file = dir.resolve("t.rec").toString();
        assertThat(run("import", csv.toString(), "-f", file)).isEqualTo(1);
        assertThat(err.toString().strip())
                .isEqualTo("mechsym trades import: " + csv + ":3: column 6 (quantity): 'ten' is not an integer");
        assertThat(Path.of(file)).doesNotExist();

        Files.writeString(csv, "trade_id,client_id,venue,instrument,price,quantity,side\n1,1,XLON,BHP,1.5,10,B\n");
        assertThat(run("import", csv.toString(), "-f", file)).isZero();
        assertThat(out.toString()).contains("imported 1 trades");
    }

    @Test
    void userErrorsGetMessagesNotStackTraces() throws Exception {
        assertThat(run("info", "-f", dir.resolve("missing.rec").toString())).isEqualTo(2);
        assertThat(err.toString())
                .contains("missing.rec")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");

        Path notStore = dir.resolve("text.rec");
        Files.writeString(notStore, "x".repeat(5000));
        assertThat(run("query", "-f", notStore.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("not a mechsym record file").doesNotContain("\tat ");

        assertThat(run("query", "--by", "colour")).isEqualTo(2);
        assertThat(err.toString()).contains("--by: must be instrument, venue or instrument-venue");
        assertThat(run("query", "--side", "X")).isEqualTo(2);
        assertThat(run("generate", "--count", "many")).isEqualTo(2);
    }

    @Test
    void aDirectoryOrAnEmptyNameGivenAsAFileIsNamed() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("folder"));
        assertThat(run("info", "-f", folder.toString())).isEqualTo(1);
        assertThat(err.toString().strip())
                .isEqualTo("mechsym trades info: " + folder + ": is a directory, not a trade store");
        assertThat(run("query", "-f", folder.toString())).isEqualTo(1);
        assertThat(err.toString()).contains(folder + ": is a directory, not a trade store");
        assertThat(run("generate", "-n", "10", "--force", "-f", folder.toString()))
                .isEqualTo(1);
        assertThat(err.toString()).contains(folder + ": is a directory, not a trade store");
        assertThat(folder).isDirectory();

        assertThat(run("import", folder.toString(), "-f", dir.resolve("t.rec").toString()))
                .isEqualTo(2);
        assertThat(err.toString().strip())
                .isEqualTo("mechsym trades import: " + folder + ": is a directory, not a CSV file");

        assertThat(run("generate", "-n", "10", "-f", "")).isEqualTo(2);
        assertThat(err.toString()).contains("--file: an empty file name");
    }

    @Test
    void forceDoesNotReplaceADeviceOrAPipe() throws Exception {
        Path fifo = dir.resolve("pipe");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo");
        assertThat(run("generate", "-n", "10", "--force", "-f", fifo.toString()))
                .isEqualTo(1);
        assertThat(err.toString().strip())
                .isEqualTo("mechsym trades generate: " + fifo
                        + ": not a regular file (a device or a pipe); --force replaces only files");
        assertThat(Files.isRegularFile(fifo)).as("still the pipe").isFalse();
        assertThat(Path.of(fifo + ".partial")).doesNotExist();

        assertThat(run("import", fifo.toString(), "-f", dir.resolve("t.rec").toString()))
                .isEqualTo(2);
        assertThat(err.toString().strip())
                .isEqualTo("mechsym trades import: " + fifo
                        + ": not a regular file (a device or a pipe); the import reads the CSV twice (to size the"
                        + " store), so save it to a file first");
    }

    @Test
    void aStoreInAFolderThatDoesNotExistNamesTheFolder() {
        Path file = dir.resolve("no-such-folder").resolve("t.rec");
        assertThat(run("generate", "-n", "10", "-f", file.toString())).isEqualTo(1);
        assertThat(err.toString().strip())
                .isEqualTo("mechsym trades generate: " + file + ": the folder " + file.getParent() + " does not exist");
    }

    @Test
    void importRefusesToReplaceItsOwnCsv() throws Exception {
        Path csv = dir.resolve("trades.csv");
        String text = "trade_id,client_id,venue,instrument,price,quantity,side\n1,1,XLON,BHP,1.5,10,B\n";
        Files.writeString(csv, text);
        assertThat(run("import", csv.toString(), "-f", csv.toString(), "--force"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--file: " + csv + " is the CSV file being imported");
        assertThat(csv).hasContent(text);
    }

    @Test
    void aCountNoFileCanHoldIsNamedNotAnArithmeticError() {
        String file = dir.resolve("huge.rec").toString();
        assertThat(run("generate", "-n", String.valueOf(Long.MAX_VALUE), "-f", file))
                .isEqualTo(1);
        assertThat(err.toString())
                .contains("capacity " + Long.MAX_VALUE + " records")
                .doesNotContain("\tat ");
        assertThat(run("generate", "-n", String.valueOf((1L << 48) - 1), "-f", file))
                .isEqualTo(1);
        assertThat(err.toString()).contains("huge.rec.partial: cannot make a file of ");
        assertThat(Path.of(file)).doesNotExist();
        assertThat(Path.of(file + ".partial")).doesNotExist();
    }

    @Test
    void aStoreMadeWithRoomTakesLaterImportsWithAppend() throws Exception {
        String file = dir.resolve("days.rec").toString();
        Path day = dir.resolve("day.csv");
        Files.writeString(
                day,
                "trade_id,client_id,venue,instrument,price,quantity,side\n1,1,XLON,BHP,1.5,10,B\n2,1,XLON,BHP,2.5,4,S\n");
        assertThat(run("import", day.toString(), "-f", file, "--capacity", "5")).isZero();
        assertThat(run("import", day.toString(), "-f", file, "--append")).isZero();
        assertThat(out.toString()).contains("imported 2 trades");
        assertThat(run("info", "-f", file, "--json")).isZero();
        JsonNode info = new ObjectMapper().readTree(out.toString());
        assertThat(info.get("count").asLong()).isEqualTo(4);
        assertThat(info.get("capacity").asLong()).isEqualTo(5);
        // the third day does not fit: refused, and the store keeps its four
        assertThat(run("import", day.toString(), "-f", file, "--append")).isEqualTo(1);
        assertThat(err.toString()).contains("has room for 1 more trades").contains("--capacity N");

        assertThat(run(
                        "generate",
                        "-n",
                        "3",
                        "--capacity",
                        "2",
                        "-f",
                        dir.resolve("g.rec").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--capacity 2 is less than the 3 trades to write");
        assertThat(run("import", day.toString(), "-f", file, "--append", "--columnar"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--append adds to the store as it is: --columnar is for a new store");
        assertThat(run("import", day.toString(), "-f", file, "--append", "--capacity", "9"))
                .isEqualTo(2);
        assertThat(run("info", "-f", file, "--json")).isZero();
        assertThat(new ObjectMapper().readTree(out.toString()).get("count").asLong())
                .isEqualTo(4);
    }

    @Test
    void aBadQueryOptionIsNamed() {
        assertThat(run("query", "--venue", "TOOLONG")).isEqualTo(2);
        assertThat(err.toString()).startsWith("--venue: 'TOOLONG' must be 1 to 4 characters");
        assertThat(run("query", "--instrument", "\u00e9")).isEqualTo(2);
        assertThat(err.toString()).startsWith("--instrument: '\u00e9' has a character");
        assertThat(run("query", "--top", "-3")).isEqualTo(2);
        assertThat(err.toString()).startsWith("--top: must be 0 to 10000, was -3");
        assertThat(run("query", "--side", "X")).isEqualTo(2);
        assertThat(err.toString()).startsWith("--side: must be B or S, was 'X'");
        assertThat(run("query", "--client", "-1")).isEqualTo(2);
        assertThat(err.toString()).startsWith("--client: client ids are 0 or more, was -1");
    }

    @Test
    void aMissingFileIsBadUsage() {
        Path missing = dir.resolve("missing.rec");
        assertThat(run("query", "-f", missing.toString())).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("mechsym trades query: no such file: " + missing);
        assertThat(run("info", "-f", missing.toString())).isEqualTo(2);
        Path csv = dir.resolve("missing.csv");
        assertThat(run("import", csv.toString(), "-f", missing.toString())).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("mechsym trades import: " + csv + ": no such file");
    }

    @Test
    void aTopListTooLongToReadIsRefused() throws Exception {
        String file = dir.resolve("top.rec").toString();
        assertThat(run("generate", "--post", "-n", "10", "-f", file)).isZero();
        assertThat(run("query", "-f", file, "--top", "1000000")).isEqualTo(2);
        assertThat(err.toString()).startsWith("--top: must be 0 to 10000, was 1000000");
    }

    @Test
    void sumsThatWouldWrapALongAreExact() throws Exception {
        Path csv = dir.resolve("big.csv");
        Files.writeString(
                csv,
                "trade_id,client_id,venue,instrument,price,quantity,side\n"
                        + "1,1,XLON,BHP,1,9223372036854775807,B\n2,1,XLON,BHP,1,9223372036854775807,B\n");
        String file = dir.resolve("big.rec").toString();
        assertThat(run("import", csv.toString(), "-f", file)).isZero();
        assertThat(run("query", "-f", file, "--by", "instrument", "--json")).isZero();
        JsonNode group = new ObjectMapper().readTree(out.toString()).findValue("quantity");
        assertThat(group.bigIntegerValue()).isEqualTo(new java.math.BigInteger("18446744073709551614"));
    }
}

package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperimentForCli;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's exit codes and messages, run in-process. */
class MainTest extends CliTestBase {

    @TempDir
    Path dir;

    @Test
    void helpAndVersionExitZero() {
        assertThat(run("--help")).isZero();
        assertThat(stdout()).contains("lab").contains("Exit codes");
        // the command list shows each command's first line: a whole sentence, not half of one
        assertThat(stdout().replaceAll("\\s+", " "))
                .contains("lock-prefixed instructions marked.")
                .contains("JMH's own command line.")
                .doesNotContain("e.g.");
        assertThat(run("--version")).isZero();
        assertThat(stdout()).contains("mechsym");
        assertThat(run("lab", "--help")).isZero();
        assertThat(stdout()).contains("--profile").contains("--out").contains("--list");
        assertThat(run("lab", "compare", "--help")).isZero();
        assertThat(run("trades", "--help")).isZero();
        assertThat(run("--help")).isZero();
        java.util.Deque<picocli.CommandLine> commands =
                new java.util.ArrayDeque<>(Main.commandLine().getSubcommands().values());
        while (!commands.isEmpty()) {
            picocli.CommandLine command = commands.pop();
            commands.addAll(command.getSubcommands().values());
            String[] description = command.getCommandSpec().usageMessage().description();
            if (description.length > 0) {
                assertThat(description[0].strip())
                        .as("the summary of '" + command.getCommandName() + "' in --help is its description's"
                                + " first line: a whole sentence")
                        .endsWith(".");
            }
        }
        assertThat(stdout().replaceAll("\\s+", " "))
                .contains("instrument and/or venue.")
                .doesNotContain("instrument and/or venue,");
    }

    @Test
    void jmhHelpIsJmhsOwnHelp() {
        assertThat(JmhCommand.jmhArguments(List.of("--help"))).containsExactly("-h");
        assertThat(JmhCommand.jmhArguments(List.of("Utf8", "--help", "-f", "1")))
                .containsExactly("-h");
        assertThat(JmhCommand.jmhArguments(List.of("Utf8", "-f", "1"))).containsExactly("Utf8", "-f", "1");
    }

    @Test
    void aBadJmhOptionIsAUsageErrorNamingIt() {
        // JMH's Main would print "Error parsing command line" and exit 1 (and exit this JVM)
        assertThatThrownBy(() -> JmhCommand.checkOptions(List.of("-f", "abc")))
                .isInstanceOf(Main.UsageError.class)
                .hasMessageStartingWith("jmh: Cannot parse argument 'abc' of option f")
                .hasMessageContaining("mechsym jmh -h");
        assertThatThrownBy(() -> JmhCommand.checkOptions(List.of("--bogus")))
                .hasMessageStartingWith("jmh: bogus is not a recognized option");
        JmhCommand.checkOptions(List.of("CallSiteBenchmark", "-f", "1", "-wi", "3"));
    }

    @Test
    void jmhGetsItsOptionsInOrder() {
        picocli.CommandLine.ParseResult parsed =
                Main.commandLine().parseArgs("jmh", "CallSiteBenchmark", "-f", "1", "-wi", "3", "-i", "5", "-l");
        JmhCommand jmh = (JmhCommand) parsed.subcommand().commandSpec().userObject();
        assertThat(jmh.args).containsExactly("CallSiteBenchmark", "-f", "1", "-wi", "3", "-i", "5", "-l");
    }

    @Test
    void listNamesEveryExperiment() {
        assertThat(run("lab", "--list")).isZero();
        assertThat(stdout()).contains("memory-access").contains("dispatch");
    }

    @Test
    void unknownExperimentExitsTwoAndListsTheValidIds() {
        assertThat(run("lab", "no-such-experiment", "--out", dir.toString())).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr())
                .contains("no-such-experiment")
                .contains("memory-access")
                .contains("dispatch");
    }

    @Test
    void unknownProfileExitsTwo() {
        assertThat(run("lab", "memory-access", "--profile", "huge", "--out", dir.toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("huge");
    }

    @Test
    void unwritableOutputExitsTwoBeforeAnyWork() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        assertThat(run("lab", "memory-access", "--out", file.resolve("out").toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("not-a-folder");
        assertThat(stdout()).doesNotContain("memory-access ");
    }

    @Test
    void anOutputFolderWithAnEarlierRunIsReplacedWithANote() throws Exception {
        Path earlier = Files.createDirectories(dir.resolve("run1"));
        Files.writeString(earlier.resolve("results.json"), "{}");
        // herding: the quickest tiny run (memory-access runs end to end in LabEndToEndIT)
        assertThat(run("lab", "herding", "--profile", "tiny", "--quiet", "--out", earlier.toString()))
                .isEqualTo(Main.EXIT_OK);
        assertThat(stderr()).contains("note: " + earlier + " holds an earlier run");
        assertThat(Files.readString(earlier.resolve("results.json"))).contains("herding");
    }

    @Test
    void anEmptyOutputFolderNameExitsTwoInsteadOfWritingIntoTheCurrentFolder() {
        assertThat(run("lab", "memory-access", "--profile", "tiny", "--out", ""))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--out: an empty folder name");
        assertThat(stdout()).doesNotContain("memory-access ");
    }

    @Test
    void anIoFailureIsDescribedInWordsNamingTheFile() {
        // the JDK's message of these is the file's name alone
        assertThat(Main.describe(new java.nio.file.AccessDeniedException("t.rec")))
                .isEqualTo("t.rec: permission denied");
        assertThat(Main.describe(new java.nio.file.NoSuchFileException("t.rec")))
                .isEqualTo("t.rec: no such file");
        assertThat(Main.describe(new java.nio.file.FileSystemException("a", "b", null)))
                .isEqualTo("a -> b: cannot be used");
        assertThat(Main.describe(new java.nio.file.FileSystemException("a", null, "Is a directory")))
                .isEqualTo("a: Is a directory");
        assertThat(Main.describe(new java.io.IOException("File too large"))).isEqualTo("File too large");
    }

    @Test
    void unknownOptionExitsTwo() {
        assertThat(run("lab", "--frobnicate")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--frobnicate");
    }

    @Test
    void compareMissingFileExitsTwo() {
        assertThat(run(
                        "lab",
                        "compare",
                        dir.resolve("a.json").toString(),
                        dir.resolve("b.json").toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("a.json");
    }

    @Test
    void comparePrintsRatiosOfTwoRuns() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        ResultsJson.write(run(2.0), a);
        ResultsJson.write(run(3.0), b);
        assertThat(run("lab", "compare", a.toString(), b.toString())).isZero();
        assertThat(stdout()).contains("1.50x");
    }

    @Test
    void compareTakesARunsFolderForItsResultsFile() throws Exception {
        Path a = Files.createDirectories(dir.resolve("run-a"));
        Path b = Files.createDirectories(dir.resolve("run-b"));
        ResultsJson.write(run(2.0), a.resolve("results.json"));
        ResultsJson.write(run(4.0), b.resolve("results.json"));
        assertThat(run("lab", "compare", a.toString(), b.toString())).isZero();
        assertThat(stdout()).contains("2.00x").contains("results.json");

        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThat(run("lab", "compare", empty.toString(), b.toString())).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("empty" + java.io.File.separator + "results.json");
    }

    @Test
    void anUnknownJmhProfilerIsABadUsageBeforeAnyWork() {
        assertThat(run(
                        "lab",
                        "dispatch",
                        "-prof",
                        "nosuch",
                        "--out",
                        dir.resolve("out").toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--jmh-prof nosuch");
        assertThat(run(
                        "lab",
                        "dispatch",
                        "--jmh-prof",
                        "nosuch:x=1",
                        "--out",
                        dir.resolve("out").toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(dir.resolve("out").resolve("results.json")).doesNotExist();
    }

    @Test
    void anUnknownLabProfilerIsABadUsageBeforeAnyWork() {
        assertThat(run(
                        "lab",
                        "dispatch",
                        "--profiler",
                        "perf",
                        "--out",
                        dir.resolve("out").toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--profiler perf: expected async (flame graphs) or jfr");
        assertThat(dir.resolve("out").resolve("results.json")).doesNotExist();
    }

    @Test
    void jmhsAsyncProfilerIsGivenTheLibraryFromItsJar() {
        List<String> args;
        try {
            args = JmhCommand.jmhArguments(List.of("Utf8", "-prof", "async", "-prof", "gc"));
        } catch (Main.UsageError e) {
            org.junit.jupiter.api.Assumptions.abort("async-profiler cannot load on this machine: " + e.getMessage());
            return;
        }
        assertThat(args.get(2)).startsWith("async:libPath=").contains("libasyncProfiler.so;output=flamegraph;event=");
        assertThat(args).containsSubsequence("Utf8", "-prof").endsWith("-prof", "gc");
        assertThat(JmhCommand.jmhArguments(List.of("-prof", "async:libPath=/x.so;output=jfr;event=wall")))
                .containsExactly(
                        "-prof",
                        "async:libPath=/x.so;output=jfr;event=wall;interval=100000"); // the interval unless given
    }

    @Test
    void compareExitsThreeWhenAFigureGotWorseBeyondNoiseAndZeroWithinIt() throws Exception {
        Path a = dir.resolve("a.json");
        Path within = dir.resolve("within.json");
        Path worse = dir.resolve("worse.json");
        ResultsJson.write(runWithSpread(9.0, 10.0, 11.0), a);
        ResultsJson.write(runWithSpread(10.5, 11.5, 13.0), within);
        ResultsJson.write(runWithSpread(12.5, 13.0, 14.0), worse);

        assertThat(run("lab", "compare", a.toString(), within.toString())).isZero();
        assertThat(stdout()).contains("within noise").contains("0 worse beyond noise");
        assertThat(run("lab", "compare", a.toString(), worse.toString())).isEqualTo(Main.EXIT_WORSE);
        assertThat(stdout()).contains("WORSE").contains("1 worse beyond noise").contains("(exit code 3)");
        assertThat(run("lab", "compare", worse.toString(), a.toString())).isZero(); // better
        assertThat(stdout()).contains("better");
    }

    @Test
    void compareJsonGivesEveryFigureWithItsRangesAndChange() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        ResultsJson.write(runWithSpread(9.0, 10.0, 11.0), a);
        ResultsJson.write(runWithSpread(12.5, 13.0, 14.0), b);
        assertThat(run("lab", "compare", "--json", a.toString(), b.toString())).isEqualTo(Main.EXIT_WORSE);
        com.fasterxml.jackson.databind.JsonNode json =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(stdout());
        assertThat(json.get("worse").asInt()).isOne();
        com.fasterxml.jackson.databind.JsonNode median = null;
        for (com.fasterxml.jackson.databind.JsonNode f : json.get("figures")) {
            if (f.get("column").asText().equals("median")) {
                median = f;
            }
        }
        assertThat(median).isNotNull();
        assertThat(median.get("change").asText()).isEqualTo("WORSE");
        assertThat(median.get("rangeA").get("low").asDouble()).isEqualTo(9.0);
        assertThat(median.get("rangeB").get("high").asDouble()).isEqualTo(14.0);
        assertThat(median.get("ratio").asDouble()).isEqualTo(1.3);
    }

    private static LabRun runWithSpread(double min, double median, double max) {
        ExperimentResult result = FakeExperimentForCli.result(min, median, max);
        return new LabRun(LabRun.SCHEMA, "test", "now", 1, "tiny", "cmd", Environment.probe(), List.of(result));
    }

    @Test
    void compareExitsOneWhenBsFiguresAreNotNumbers() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        ResultsJson.write(run(2.0), a);
        ResultsJson.write(run(3.25), b);
        String good = Files.readString(b);
        assertThat(good).contains("3.25");
        for (String corrupt : List.of("\"3.25\"", "null")) {
            Files.writeString(b, good.replace("3.25", corrupt));
            err.reset();
            assertThat(run("lab", "compare", a.toString(), b.toString()))
                    .as(corrupt)
                    .isEqualTo(Main.EXIT_FAILED);
            assertThat(stderr().strip())
                    .startsWith("mechsym: ")
                    .contains("a number in one run")
                    .contains("median: A 2.0, B " + corrupt.replace("\"", ""));
        }
    }

    @Test
    void compareRefusesADamagedRunNamingTheFileAndTheFault() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        ResultsJson.write(runWithSpread(9.0, 10.0, 11.0), a);
        ResultsJson.write(runWithSpread(9.0, 10.0, 11.0), b);
        String good = Files.readString(b);
        Files.writeString(b, good.replace("10.0", "1.0E301"));
        assertThat(run("lab", "compare", a.toString(), b.toString())).isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr()).contains("b.json").contains("is no measurement");
        Files.writeString(b, good.replaceAll("(?s)\"experiments\"\\s*:\\s*\\[.*\\]", "\"experiments\": []"));
        err.reset();
        assertThat(run("lab", "compare", a.toString(), b.toString())).isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr()).contains("b.json").contains("'experiments' is empty");
    }

    @Test
    void compareTakesSeveralRunsPerSide() throws Exception {
        Path a1 = dir.resolve("a1.json");
        Path a2 = dir.resolve("a2.json");
        Path b1 = dir.resolve("b1.json");
        ResultsJson.write(runWithSpread(9.0, 10.0, 11.0), a1);
        ResultsJson.write(runWithSpread(9.5, 10.5, 11.5), a2);
        ResultsJson.write(runWithSpread(9.0, 10.2, 11.0), b1);
        assertThat(run("lab", "compare", a1.toString(), a2.toString(), "--", b1.toString()))
                .isZero();
        assertThat(stdout()).contains("A1 = ").contains("A2 = ").contains("within noise");
        assertThat(run("lab", "compare", a1.toString(), a2.toString(), b1.toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(run("lab", "compare", "--min-effect", "lots", a1.toString(), b1.toString()))
                .isEqualTo(Main.EXIT_USAGE);
    }

    @Test
    void compareOfAFileThatIsNotResultsExitsOne() throws Exception {
        Path junk = Files.writeString(dir.resolve("junk.json"), "[1,2");
        assertThat(run("lab", "compare", junk.toString(), junk.toString())).isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr()).contains("junk.json");
    }

    private static LabRun run(double median) {
        ExperimentResult result = FakeExperimentForCli.result(median);
        return new LabRun(LabRun.SCHEMA, "test", "now", 1, "tiny", "cmd", Environment.probe(), List.of(result));
    }

    @Test
    void noCommandIsBadUsage() {
        assertThat(run()).isEqualTo(2);
        assertThat(stderr()).startsWith("mechsym: which command?").contains("Usage: mechsym");
        err.reset();
        assertThat(run("trades")).isEqualTo(2);
        assertThat(stderr()).contains("mechsym trades: which one? generate, import, info or query");
    }

    @Test
    void aReadErrorNamesTheFileInCompareAndDump() {
        String unreadable = "/proc/self/mem"; // EIO on any Linux
        assertThat(run("lab", "compare", unreadable, unreadable)).isEqualTo(1);
        assertThat(stderr().strip()).isEqualTo("mechsym: " + unreadable + ": Input/output error");
        err.reset();
        assertThat(run("dump", "--schema", unreadable, "-")).isEqualTo(1);
        assertThat(stderr().strip()).isEqualTo("mechsym: " + unreadable + ": Input/output error");
    }

    @Test
    void jmhWithItsLockHeldElsewhereSaysSoInOneLine() throws Exception {
        String tmp = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", dir.toString()); // a lock of this test's own
        try (java.nio.channels.FileChannel lock = java.nio.channels.FileChannel.open(
                        mechsym.lab.runner.JmhLock.file(),
                        java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.WRITE);
                java.nio.channels.FileLock _ = lock.lock()) {
            err.reset();
            assertThat(run("jmh", "NoSuchBenchmark", "-f", "1")).isEqualTo(1);
            assertThat(stderr().lines()).hasSize(1);
            assertThat(stderr())
                    .startsWith("mechsym jmh: another JMH run holds the machine's JMH lock (" + dir.resolve("jmh.lock"))
                    .doesNotContain("\tat ");
        } finally {
            System.setProperty("java.io.tmpdir", tmp);
        }
    }
}

package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Seed;
import mechsym.lab.Verdict;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerCommandsTest extends CliTestBase {
    @TempDir
    Path dir;

    private Path results(String folder, String startedAt) throws Exception {
        ExperimentResult herding = new ExperimentResult(
                "herding",
                "Herding",
                new Seed("004_herding.txt", "on herding", "Nitsan Wakart", 2013),
                "pinning helps",
                ExperimentResult.Status.OK,
                null,
                1,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                Verdict.fromClaims(List.of(Verdict.Claim.judge(
                        "pinned is faster", true, mechsym.lab.Measure.exact(1, "fact", 2), "fact"))),
                List.of(Goal.judge("a goal", true, mechsym.lab.Measure.exact(1, "fact", 2), "fact")),
                List.of());
        LabRun run = new LabRun(
                LabRun.SCHEMA,
                "test",
                startedAt,
                1,
                "tiny",
                "mechsym lab herding",
                Environment.probe(),
                List.of(herding));
        Path file = Files.createDirectories(dir.resolve(folder)).resolve("results.json");
        ResultsJson.write(run, file);
        return file;
    }

    @Test
    void importHistoryAndAtlasWorkOnOneLedger() throws Exception {
        String ledger = dir.resolve("ledger.db").toString();
        Path first = results("one", "2026-12-01T00:00:00Z");
        Path second = results("two", "2026-12-02T00:00:00Z");
        assertThat(run("lab", "import", first.getParent().toString(), second.toString(), "--ledger", ledger))
                .isEqualTo(Main.EXIT_OK);
        assertThat(stdout()).contains("added").doesNotContain("already");
        assertThat(run("lab", "import", first.toString(), "--ledger", ledger)).isEqualTo(Main.EXIT_OK);
        assertThat(stdout()).contains("already in the ledger");

        Path corrupt =
                Files.writeString(dir.resolve("corrupt.json"), "{\"schema\": \"mechsym-lab-results/1\", \"experi");
        byte[] before = Files.readAllBytes(Path.of(ledger));
        assertThat(run("lab", "import", corrupt.toString(), "--ledger", ledger)).isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr()).contains("refused " + corrupt).contains("not JSON");
        assertThat(Files.readAllBytes(Path.of(ledger))).isEqualTo(before);

        assertThat(run("lab", "history", "--ledger", ledger)).isEqualTo(Main.EXIT_OK);
        assertThat(stdout())
                .contains("herding")
                .contains("2026-12-01T00:00:00Z")
                .contains("2026-12-02T00:00:00Z");
        Path page = dir.resolve("history.html");
        assertThat(run("lab", "history", "herding", "--ledger", ledger, "--html", page.toString()))
                .isEqualTo(Main.EXIT_OK);
        assertThat(page).exists();

        Files.writeString(second.resolveSibling("report.html"), "<html></html>");
        Path atlas = dir.resolve("atlas.html");
        assertThat(run("lab", "atlas", "--ledger", ledger, "--out", atlas.toString()))
                .isEqualTo(Main.EXIT_OK);
        assertThat(Files.readString(atlas))
                .contains(second.resolveSibling("report.html").toUri() + "#herding");
    }

    @Test
    void compareAgainstTheLedgersLastRunsOfTheMachine() throws Exception {
        String ledger = dir.resolve("ledger.db").toString();
        Path first = results("one", "2026-12-01T00:00:00Z");
        Path second = results("two", "2026-12-02T00:00:00Z");
        Path latest = results("three", "2026-12-03T00:00:00Z");
        assertThat(run("lab", "import", first.toString(), second.toString(), "--ledger", ledger))
                .isEqualTo(Main.EXIT_OK);
        assertThat(run("lab", "compare", "--baseline", "ledger", latest.toString(), "--ledger", ledger))
                .isEqualTo(Main.EXIT_OK);
        assertThat(stdout())
                .contains("baseline: the last 2 runs of this machine and profile in the ledger")
                .contains("A1 = " + first)
                .contains("A2 = " + second)
                .contains("B = " + latest);
        assertThat(run(
                        "lab",
                        "compare",
                        "--baseline",
                        "ledger",
                        latest.toString(),
                        first.toString(),
                        "--ledger",
                        ledger))
                .isEqualTo(Main.EXIT_USAGE);
        String empty = dir.resolve("empty.db").toString();
        assertThat(run("lab", "compare", "--baseline", "ledger", latest.toString(), "--ledger", empty))
                .isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr()).contains("no earlier run of this machine");
    }

    @Test
    void compareTakesAFiguresMinimumEffectFromItsBetweenRunNoiseOnThisMachine() throws Exception {
        String ledger = dir.resolve("ledger.db").toString();
        // earlier runs of this machine and profile: the figure moved from 9 to 14 between runs
        Path earlier1 = spread("earlier1", "2026-12-01T00:00:00Z", 8.5, 9.0, 9.5);
        Path earlier2 = spread("earlier2", "2026-12-02T00:00:00Z", 13.5, 14.0, 14.5);
        assertThat(run("lab", "import", earlier1.toString(), earlier2.toString(), "--ledger", ledger))
                .isEqualTo(Main.EXIT_OK);
        // 1.3x with the intervals apart (1.14x at their near ends): worse beyond a 10% minimum effect,
        // within a 43% noise
        Path a = spread("a", "2026-12-03T00:00:00Z", 9.0, 10.0, 11.0);
        Path b = spread("b", "2026-12-04T00:00:00Z", 12.5, 13.0, 13.5);
        Path none = dir.resolve("none.db");
        assertThat(run("lab", "compare", a.toString(), b.toString(), "--ledger", none.toString()))
                .isEqualTo(Main.EXIT_WORSE);
        assertThat(none).doesNotExist(); // reading a ledger never creates one
        assertThat(run("lab", "compare", a.toString(), b.toString(), "--ledger", ledger))
                .isEqualTo(Main.EXIT_OK);
        assertThat(stdout())
                .contains("minimum effect: 10%, or a figure's between-run noise where larger")
                .contains("the ledger's last 2 runs of this machine and profile")
                .contains("within noise")
                .contains("(1 judged figure: its own larger between-run noise)");
        // the compared runs are never their own noise: with them in the ledger, the noise is still 9 to 14
        assertThat(run("lab", "import", a.toString(), b.toString(), "--ledger", ledger))
                .isEqualTo(Main.EXIT_OK);
        assertThat(run("lab", "compare", a.toString(), b.toString(), "--ledger", ledger))
                .isEqualTo(Main.EXIT_OK);
        assertThat(stdout()).contains("the ledger's last 2 runs of this machine and profile");
    }

    /** A run of one figure with its min, median and max, started at {@code startedAt}. */
    private Path spread(String folder, String startedAt, double min, double median, double max) throws Exception {
        LabRun run = new LabRun(
                LabRun.SCHEMA,
                "test",
                startedAt,
                1,
                "tiny",
                "cmd",
                Environment.probe(),
                List.of(mechsym.lab.FakeExperimentForCli.result(min, median, max)));
        Path file = Files.createDirectories(dir.resolve(folder)).resolve("results.json");
        ResultsJson.write(run, file);
        return file;
    }

    @Test
    void badLedgerArgumentsAreBadUsage() throws Exception {
        assertThat(run("lab", "herding", "--ledger", "jdbc:mysql://db/x")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--ledger 'jdbc:mysql://db/x'");
        assertThat(run(
                        "lab",
                        "import",
                        dir.resolve("missing.json").toString(),
                        "--ledger",
                        dir.resolve("l.db").toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(run(
                        "lab",
                        "history",
                        "no-such-row",
                        "--ledger",
                        dir.resolve("l.db").toString()))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(run(
                        "lab",
                        "history",
                        "--window",
                        "3",
                        "--ledger",
                        dir.resolve("l.db").toString()))
                .isEqualTo(Main.EXIT_USAGE);
    }

    @Test
    void aLedgerThatCannotBeOpenedFailsTheLedgerCommandsInOneLine() throws Exception {
        Path corrupt = Files.writeString(dir.resolve("corrupt.db"), "not a database ".repeat(100));
        assertThat(run("lab", "history", "--ledger", corrupt.toString())).isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr().strip()).startsWith("mechsym: ledger " + corrupt).doesNotContain("\n");
    }
}

package mechsym.lab.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.report.Comparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading results.json back: a damaged file is named with the place in it and what is wrong. */
class ResultsJsonTest {
    private static final String TABLE =
            "{'id':'t','source':'MEASURED','columns':[{'name':'walk'},{'name':'ns','unit':'ns/op'}],"
                    + "'rows':[['linear',1.5]]}";
    private static final String EXPERIMENT =
            "{'id':'x','status':'OK','tables':[" + TABLE + "],'charts':[],'headlines':[],'notes':[]}";

    @TempDir
    Path dir;

    private Path file(String json) throws IOException {
        return Files.writeString(dir.resolve("results.json"), json.replace('\'', '"'));
    }

    private static String run(String experiments) {
        return "{'schema':'mechsym-lab-results/1','experiments':" + experiments + "}";
    }

    @Test
    void goalsAndSubClaimsSurviveTheRoundTrip() throws IOException {
        LabRun written = new mechsym.lab.runner.LabRunner(
                        mechsym.lab.Profile.TINY, dir, mechsym.lab.Progress.silent(), "test", "test")
                .run(java.util.List.of(new mechsym.lab.FakeExperiment("one", false)));
        LabRun read = ResultsJson.read(dir.resolve("results.json"));
        assertThat(read.experiment("one").goals())
                .isEqualTo(written.experiment("one").goals())
                .hasSize(1);
        assertThat(read.experiment("one").verdict())
                .isEqualTo(written.experiment("one").verdict());
        assertThat(read.experiment("one").verdict().claims()).hasSize(2);
    }

    @Test
    void aFileWithoutGoalsReadsAsNoGoals() throws IOException {
        assertThat(ResultsJson.read(file(run("[" + EXPERIMENT + "]")))
                        .experiment("x")
                        .goals())
                .isEmpty();
    }

    @Test
    void aCompleteFileReads() throws IOException {
        var run = ResultsJson.read(file(run("[" + EXPERIMENT + "]")));
        assertThat(run.experiment("x").table("t").rows()).hasSize(1);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "'tables':[| 'tables':null,'was':[ | experiments[0]: 'tables' is missing",
                "'id':'x'| 'id':null | experiments[0]: 'id' is missing",
                "['linear',1.5]| ['linear'] | experiments[0].tables[0]: table 't': row [linear] has 1 cells, expected 2",
                "{'name':'walk'}| {'unit':'m'} | experiments[0].tables[0].columns[0]: 'name' is missing",
                "'rows':[[| 'rows':[null,[ | experiments[0].tables[0]: 'rows[0]' is missing",
                "'columns':[| 'columns':[null, | experiments[0].tables[0]: 'columns[0]' is missing",
                "'tables':[| 'tables':[null, | experiments[0]: 'tables[0]' is missing",
                "'headlines':[]| 'headlines':[null] | experiments[0]: 'headlines[0]' is missing",
                "'tables':[| 'tables':[{'id':'t','source':'SEED','columns':[],'rows':[]}, | experiments[0]: 'tables[1]' has the id 't' of 'tables[0]'",
            })
    void aDamagedFileIsNamedWithThePlaceAndTheProblem(String good, String bad, String message) throws IOException {
        String json = run("[" + EXPERIMENT.replace(good.strip(), bad.strip()) + "]");
        assertThat(EXPERIMENT).as("the case's text to replace").contains(good.strip());
        Path file = file(json);
        assertThatThrownBy(() -> ResultsJson.read(file))
                .isInstanceOf(IOException.class)
                .hasMessage(file + ": not a complete mechsym results file: " + message.strip());
    }

    @Test
    void anExperimentTwiceIsRefused() throws IOException {
        Path file = file(run("[" + EXPERIMENT + "," + EXPERIMENT + "]"));
        assertThatThrownBy(() -> ResultsJson.read(file))
                .hasMessage(file + ": not a complete mechsym results file: 'experiments[1]' has the id 'x' of"
                        + " 'experiments[0]'");
        Path nulls = file(run("[" + EXPERIMENT + ",null]"));
        assertThatThrownBy(() -> ResultsJson.read(nulls))
                .hasMessage(nulls + ": not a complete mechsym results file: 'experiments[1]' is missing");
    }

    @Test
    void aFigureThatIsNotANumberIsWrittenAsNullAndComparesAsNoFigure() throws IOException {
        Table table = Table.measured("t", "title")
                .column("way")
                .column("score", "ns/op")
                .column("error", "ns/op")
                .row("a", 1.5, Double.NaN)
                .row("b", 2.5, Double.POSITIVE_INFINITY)
                .build();
        LabRun written = new LabRun(
                LabRun.SCHEMA,
                "v",
                "now",
                Double.NaN,
                "quick",
                "lab",
                null,
                List.of(new ExperimentResult(
                        "x",
                        "title",
                        null,
                        null,
                        ExperimentResult.Status.OK,
                        null,
                        1.0,
                        List.of(table),
                        List.of(),
                        List.of(),
                        List.of(),
                        null,
                        List.of(),
                        List.of())));
        Path file = dir.resolve("nan.json");
        ResultsJson.write(written, file);

        assertThat(Files.readString(file)).doesNotContain("NaN").doesNotContain("Infinity");
        LabRun read = ResultsJson.read(file);
        assertThat(read.experiment("x").table("t").rows())
                .containsExactly(Arrays.asList("a", 1.5, null), Arrays.asList("b", 2.5, null));
        // rows still match by their text cells: the scores compare, the missing errors are no figure
        assertThat(Comparison.compare(written, read))
                .extracting(Comparison.Line::row, Comparison.Line::column, Comparison.Line::ratio)
                .containsExactly(tuple("a", "score", 1.0), tuple("b", "score", 1.0));
    }

    @Test
    void theTextNaNThatOlderFilesHoldInAColumnWithAUnitReadsAsNoFigure() throws IOException {
        String table = TABLE.replace("['linear',1.5]", "['linear','NaN'],['strided','Infinity']");
        LabRun run = ResultsJson.read(file(run("[" + EXPERIMENT.replace(TABLE, table) + "]")));
        assertThat(run.experiment("x").table("t").rows())
                .containsExactly(Arrays.asList("linear", null), Arrays.asList("strided", null));
        // in a text column it is text
        String text = TABLE.replace("['linear',1.5]", "['NaN',1.5]");
        LabRun other = ResultsJson.read(file(run("[" + EXPERIMENT.replace(TABLE, text) + "]")));
        assertThat(other.experiment("x").table("t").rows()).containsExactly(List.of("NaN", 1.5));
    }

    @Test
    void aFileCutShortNamesLineAndColumnOnOneLine() throws IOException {
        Path file = file(run("[" + EXPERIMENT + "]").substring(0, 60));
        assertThatThrownBy(() -> ResultsJson.read(file))
                .hasMessageStartingWith(file + ":1:61: not JSON (Unexpected end-of-input")
                .hasMessageNotContaining("\n")
                .hasMessageNotContaining("REDACTED");
        Path garbage = file("{'schema':'mechsym-lab-results/1',\n  nope}");
        assertThatThrownBy(() -> ResultsJson.read(garbage))
                .hasMessageStartingWith(garbage + ":2:3: not JSON (Unexpected character ('n'")
                .hasMessageNotContaining("\n");
    }

    @Test
    void jsonOfAnotherShapeIsNotAResultsFile() throws IOException {
        for (String other : List.of("", "[1,2,3]", "{'a':1}", "null", "42")) {
            Path file = file(other);
            assertThatThrownBy(() -> ResultsJson.read(file))
                    .as(other)
                    .hasMessage(file + ": not a mechsym results file (no 'schema'; expected 'mechsym-lab-results/1')");
        }
        Path shape = file(run("'x'"));
        assertThatThrownBy(() -> ResultsJson.read(shape))
                .hasMessage(
                        shape + ": not a complete mechsym results file: experiments: expected an array, found text");
        Path table = file(run("[" + EXPERIMENT.replace("'rows':[['linear',1.5]]", "'rows':{}") + "]"));
        assertThatThrownBy(() -> ResultsJson.read(table))
                .hasMessage(table + ": not a complete mechsym results file: experiments[0].tables[0].rows:"
                        + " expected an array, found an object");
    }

    @Test
    void aFileWithoutExperimentsSaysSo() throws IOException {
        Path file = file("{'schema':'mechsym-lab-results/1'}");
        assertThatThrownBy(() -> ResultsJson.read(file))
                .hasMessage(file + ": not a complete mechsym results file: 'experiments' is missing");
    }
}

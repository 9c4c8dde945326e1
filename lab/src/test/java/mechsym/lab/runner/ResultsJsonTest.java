package mechsym.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
                "'rows':[[| 'rows':[null,[ | experiments[0].tables[0]: 'row' is missing",
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
    void aFileWithoutExperimentsSaysSo() throws IOException {
        Path file = file("{'schema':'mechsym-lab-results/1'}");
        assertThatThrownBy(() -> ResultsJson.read(file))
                .hasMessage(file + ": not a complete mechsym results file: 'experiments' is missing");
    }
}

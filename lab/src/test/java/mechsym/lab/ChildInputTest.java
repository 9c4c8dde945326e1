package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildInputTest {
    enum Stride {
        LINEAR,
        RANDOM
    }

    record Input(String storage, Stride stride, long bytes, int runs, List<String> cells) {}

    /** Stands for a forked main in the errors. */
    static final class WalkMain {}

    private static final Input INPUT = new Input("heap", Stride.RANDOM, 1L << 30, 5, List.of("0:1:2:3"));

    @Test
    void aRecordSurvivesTheTripAsOneArgument() {
        String json = ChildInput.write(INPUT);

        assertThat(ChildInput.read(new String[] {json}, Input.class, WalkMain.class))
                .isEqualTo(INPUT);
    }

    @Test
    void anInputInAFileIsReadFromItsPath(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("walk.input.json"), ChildInput.write(INPUT));

        assertThat(ChildInput.read(new String[] {ChildInput.FILE_PREFIX + file}, Input.class, WalkMain.class))
                .isEqualTo(INPUT);
    }

    @Test
    void aFieldOfTheWrongTypeIsNamedWithTheMain() {
        String json = ChildInput.write(INPUT).replace("\"runs\":5", "\"runs\":\"five\"");

        assertThatThrownBy(() -> ChildInput.read(new String[] {json}, Input.class, WalkMain.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("WalkMain: input Input field 'runs': ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aMissingFieldOrAnUnknownEnumIsNamed() {
        String missing = ChildInput.write(INPUT).replace(",\"runs\":5", "");
        String badEnum = ChildInput.write(INPUT).replace("RANDOM", "SIDEWAYS");

        assertThatThrownBy(() -> ChildInput.read(new String[] {missing}, Input.class, WalkMain.class))
                .hasMessageStartingWith("WalkMain: input Input")
                .hasMessageContaining("runs")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> ChildInput.read(new String[] {badEnum}, Input.class, WalkMain.class))
                .hasMessageStartingWith("WalkMain: input Input field 'stride': ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void anythingButOneJsonArgumentIsRefused() {
        assertThatThrownBy(() -> ChildInput.read(new String[] {"heap", "RANDOM"}, Input.class, WalkMain.class))
                .hasMessage("WalkMain: expects one argument, its Input as JSON (or @FILE), got 2");
        assertThatThrownBy(() -> ChildInput.read(new String[] {"{\"storage\":"}, Input.class, WalkMain.class))
                .hasMessageStartingWith("WalkMain: input Input")
                .hasMessageNotContaining("\n");
    }
}

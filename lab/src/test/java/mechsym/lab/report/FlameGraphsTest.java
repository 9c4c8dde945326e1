package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A flame graph's sample count read from async-profiler's HTML: its root frame's width. */
class FlameGraphsTest {
    private static final String NAMES = "<script>\nconst cpool = [\n'all',\n' main'\n];\nunpack(cpool);\n\n";

    @Test
    void theRootFramesWidthInEitherForm(@TempDir Path dir) throws Exception {
        Path shortForm = Files.writeString(dir.resolve("a.html"), NAMES + "n(3,10103)\nu(1203,8)\nn(2528)\n");
        Path longForm = Files.writeString(dir.resolve("b.html"), NAMES + "f(0,0,0,1234,0,0,0)\nu(1,1000)\n");
        assertThat(FlameGraphs.samples(shortForm)).hasValue(10_103);
        assertThat(FlameGraphs.samples(longForm)).hasValue(1_234);
    }

    @Test
    void aFileOfAnotherFormatHasNoCount(@TempDir Path dir) throws Exception {
        Path other = Files.writeString(dir.resolve("c.html"), "<html>n(3,10103)</html>\n");
        Path noFrames = Files.writeString(dir.resolve("d.html"), NAMES + "</script>\n");
        assertThat(FlameGraphs.samples(other)).isEmpty();
        assertThat(FlameGraphs.samples(noFrames)).isEmpty();
    }
}

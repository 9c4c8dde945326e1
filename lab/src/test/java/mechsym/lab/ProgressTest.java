package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void plainModePrintsLinesAtQuarters() {
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, false);
        p.prefix("[1/1 x]");
        p.start("work", 8);
        for (int i = 0; i < 8; i++) {
            p.step();
        }
        p.finish();
        assertThat(text())
                .contains("work: 0% (0/8)")
                .contains("work: 50% (4/8)")
                .contains("work: 100% (8/8)");
        assertThat(text()).doesNotContain("\r");
    }

    @Test
    void terminalModeRedrawsOneBar() {
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), true, false);
        p.start("work", 2);
        p.step();
        p.message("hello");
        p.step();
        p.finish();
        assertThat(text())
                .contains("\r")
                .contains("[###############---------------]")
                .contains("hello");
    }

    @Test
    void finishOrStepWithoutATaskIsHarmless() {
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), true, false);
        p.finish();
        p.step();
        assertThat(text()).isEmpty();
    }

    @Test
    void quietPrintsNothing() {
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, true);
        p.start("work", 1);
        p.message("x");
        p.finish();
        assertThat(text()).isEmpty();
    }
}

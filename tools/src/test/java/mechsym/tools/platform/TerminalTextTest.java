package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TerminalTextTest {
    @Test
    void escapeSequencesLineBreaksAndBidiOverridesAreEscaped() {
        assertThat(TerminalText.escape("\u001B]0;title\u0007\u001B[2J\u001B[31mred"))
                .isEqualTo("\\u001B]0;title\\u0007\\u001B[2J\\u001B[31mred");
        assertThat(TerminalText.escape("one\nline\r")).isEqualTo("one\\u000Aline\\u000D");
        assertThat(TerminalText.escape("\u009B31m\u007F")).isEqualTo("\\u009B31m\\u007F");
        assertThat(TerminalText.escape("abc\u202Edef\u2066")).isEqualTo("abc\\u202Edef\\u2066");
    }

    @Test
    void printableTextPassesUnchanged() {
        String text = "p99 1.2 µs → 10.0.0.2, Größe ÄÖÜ 東京";
        assertThat(TerminalText.escape(text)).isSameAs(text);
        assertThat(TerminalText.escape(null)).isEqualTo("null");
    }

    @Test
    void aQuoteIsCutAndEscaped() {
        assertThat(TerminalText.quote("\u001Babcdef", 3)).isEqualTo("\\u001Bab…");
        assertThat(TerminalText.quote("abc", 3)).isEqualTo("abc");
    }

    @Test
    void untrustedFilesRefuseDevicesAndOverLongFiles(@TempDir Path dir) throws Exception {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UntrustedFiles.read("--x", Path.of("/dev/zero"), 10))
                .hasMessage("--x /dev/zero: a character device, not a regular file");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UntrustedFiles.read("--x", dir, 10))
                .hasMessage("--x " + dir + ": is a directory, not a file");
        Path file = Files.writeString(dir.resolve("f"), "12345678901");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UntrustedFiles.read("--x", file, 10))
                .hasMessage("--x " + file + ": longer than the 10 bytes allowed");
        assertThat(UntrustedFiles.read("--x", file, 11)).hasSize(11);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UntrustedFiles.read("--x", dir.resolve("no"), 10))
                .hasMessage("--x " + dir.resolve("no") + ": no such file");
    }
}

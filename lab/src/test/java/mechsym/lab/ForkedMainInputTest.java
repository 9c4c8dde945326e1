package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The lab's process boundary is typed: a main reads one input ({@link ForkedJvm#input(String[],
 * Class)}), never positional arguments past the first.
 */
class ForkedMainInputTest {
    /** The lab's sources and the tools' (the broker and servers the lab starts as children). */
    private static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("../tools/src/main/java"));

    private static final Pattern MAIN = Pattern.compile("static\\s+void\\s+main\\s*\\(");
    private static final Pattern POSITIONAL = Pattern.compile("\\bargs\\s*\\[\\s*[1-9]\\s*]");

    @Test
    void noMainReadsPositionalArgumentsPastTheFirst() throws IOException {
        List<String> offenders = new java.util.ArrayList<>();
        for (Path sources : SOURCES) {
            assertThat(sources).isDirectory();
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(f -> f.toString().endsWith(".java"))
                        .filter(f -> {
                            String source = read(f);
                            return MAIN.matcher(source).find()
                                    && POSITIONAL.matcher(source).find();
                        })
                        .map(Path::toString)
                        .sorted()
                        .forEach(offenders::add);
            }
        }

        assertThat(offenders)
                .as("mains reading args[1..9]: give them an Input record, read with ForkedJvm.input(args, Input.class)")
                .isEmpty();
    }

    @Test
    void theScanSeesAPositionalMain() {
        String source = "public static void main(String[] args) { int n = Integer.parseInt(args[2]); }";

        assertThat(MAIN.matcher(source).find()).isTrue();
        assertThat(POSITIONAL.matcher(source).find()).isTrue();
        assertThat(POSITIONAL.matcher("args[0]").find()).isFalse();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The codec reaches memory through the FFM API only: no class refers to Unsafe or jdk.internal. */
class NoUnsafeTest {
    @Test
    void noCodecClassRefersToUnsafeOrJdkInternal() throws IOException {
        Path classes = Path.of("target/classes/mechsym/core/codec");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertThat(files).hasSizeGreaterThan(10);
        for (Path file : files) {
            String constants = read(file);
            assertThat(constants).as(file.toString()).doesNotContain("sun/misc/Unsafe", "jdk/internal");
        }
        assertThat(read(classes.resolve("CodecBuffer.class"))).contains("java/lang/foreign/MemorySegment");
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

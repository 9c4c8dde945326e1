package mechsym.tools.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaFileTest {
    @TempDir
    Path dir;

    @Test
    void readsTheShippedSample() throws IOException {
        assertThat(SchemaFile.read(Path.of("../samples/dump/orders.schema")).messages())
                .isNotEmpty();
    }

    @Test
    void aReadErrorNamesTheFile() {
        Path unreadable = Path.of("/proc/self/mem"); // EIO on any Linux
        assertThatThrownBy(() -> SchemaFile.read(unreadable))
                .isInstanceOf(IOException.class)
                .hasMessage(unreadable + ": Input/output error");
    }

    @Test
    void whatIsNotASchemaIsNamed() throws IOException {
        assertThatThrownBy(() -> SchemaFile.read(dir.resolve("none.schema"))).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> SchemaFile.read(dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(dir + ": is a directory, not a schema file");
        Path latin1 = Files.write(dir.resolve("l.schema"), new byte[] {'#', ' ', 'o', '\n', 'a', (byte) 0xE9});
        assertThatThrownBy(() -> SchemaFile.read(latin1)).isInstanceOfSatisfying(SchemaParseException.class, e -> {
            assertThat(e.line()).isEqualTo(2);
            assertThat(e.column()).isEqualTo(2);
            assertThat(e.reason()).isEqualTo("bytes that are not UTF-8 text (at byte 5)");
        });
    }
}

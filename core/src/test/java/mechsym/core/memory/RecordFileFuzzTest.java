package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Coverage-guided fuzz test (Jazzer) of opening a record file that may be anything: a damaged or
 * hostile file is refused with a {@link RecordFileException} naming it, never another exception or
 * a crash, and a file that opens can be read to its last record. Opening read-only changes no byte.
 * Regression mode under {@code ./mechsym test} (seeds: a small store of each form); {@code
 * ./mechsym fuzz anyFileOpensOrIsRefused} fuzzes.
 */
class RecordFileFuzzTest {
    private static final RecordLayout LAYOUT = AllTypes.PACKED;

    @FuzzTest(maxDuration = "2m")
    void anyFileOpensOrIsRefused(FuzzedDataProvider data) throws IOException {
        byte[] bytes = data.consumeRemainingAsBytes();
        Path file = Files.createTempFile("fuzz-", ".rec");
        try {
            Files.write(file, bytes);
            try {
                RecordFileInfo info = RecordStore.describe(file);
                assertThat(info.count()).isBetween(0L, info.capacity());
                try (RecordStore store = RecordStore.builder(LAYOUT).openReadOnly(file)) {
                    AllTypes record = store.bind(new AllTypes(LAYOUT));
                    for (long i = 0; i < store.size(); i++) {
                        record.moveTo(i);
                        record.read();
                    }
                }
            } catch (RecordFileException e) {
                assertThat(e.getMessage()).startsWith(file.toString());
            }
            assertThat(Files.readAllBytes(file))
                    .as("a read-only open changed the file")
                    .isEqualTo(bytes);
        } finally {
            Files.delete(file);
        }
    }
}

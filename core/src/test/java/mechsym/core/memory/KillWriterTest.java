package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A writer process is killed (SIGKILL, as {@code kill -9}) while appending; a reopen must see a
 * consistent prefix: the published count, and every record it counts complete.
 */
class KillWriterTest {
    static final RecordLayout LAYOUT =
            RecordLayout.packed().int64("index").int64("square").int32("check").build();
    static final LongField INDEX = LAYOUT.longField("index");
    static final LongField SQUARE = LAYOUT.longField("square");
    static final IntField CHECK = LAYOUT.intField("check");
    static final long CAPACITY = 20_000_000;

    static final class Row extends Flyweight {
        Row() {
            super(LAYOUT);
        }
    }

    static int check(long i) {
        return Long.hashCode(i * 0x9E3779B97F4A7C15L);
    }

    /** The child: appends records forever (until full), publishing every 7 records. */
    public static void main(String[] args) throws IOException {
        Path path = Path.of(args[0]);
        StorageForm form = StorageForm.valueOf(args[1]);
        try (RecordStore store =
                RecordStore.builder(LAYOUT).form(form).capacity(CAPACITY).create(path)) {
            Row row = store.bind(new Row());
            for (long i = 0; i < CAPACITY; i++) {
                store.append(row);
                INDEX.set(row, i);
                SQUARE.set(row, i * i);
                CHECK.set(row, check(i));
                if (i % 7 == 6) {
                    store.publish();
                }
            }
        }
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void reopenAfterKill9SeesAConsistentPrefix(StorageForm form) throws Exception {
        Path path = dir.resolve("killed-" + form + ".rec");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "-Xmx64m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        KillWriterTest.class.getName(),
                        path.toString(),
                        form.name())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("child-" + form + ".log").toFile())
                .start();
        try {
            long published = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (published < 200_000 && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
                if (Files.exists(path) && Files.size(path) > RecordFileHeader.SIZE) {
                    try {
                        published = RecordStore.describe(path).count();
                    } catch (RecordFileException headerNotYetWritten) {
                        published = 0;
                    }
                }
            }
            assertThat(child.isAlive())
                    .as("child still writing (log: %s)", Files.readString(dir.resolve("child-" + form + ".log")))
                    .isTrue();
            assertThat(published).isGreaterThanOrEqualTo(200_000);
        } finally {
            child.destroyForcibly(); // SIGKILL on Linux
            child.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(child.exitValue()).as("killed by SIGKILL").isEqualTo(137);

        try (RecordStore store = RecordStore.builder(LAYOUT).open(path)) {
            long count = store.size();
            assertThat(count).isGreaterThanOrEqualTo(200_000).isLessThan(CAPACITY);
            assertThat(count % 7).as("only whole batches are published").isZero();
            Row row = store.bind(new Row());
            for (long i = 0; i < count; i++) {
                row.moveTo(i);
                if (INDEX.get(row) != i || SQUARE.get(row) != i * i || CHECK.get(row) != check(i)) {
                    throw new AssertionError("record " + i + " of " + count + " is not complete");
                }
            }
            // the reopened file accepts appends after the prefix
            assertThat(store.append(row)).isEqualTo(count);
            INDEX.set(row, count);
            store.flush();
            assertThat(RecordStore.describe(path).count()).isEqualTo(count + 1);
        }
    }
}

package mechsym.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerFilesTest {
    @TempDir
    Path tmp;

    @Test
    void aFolderWhoseOwnerWasKilledIsRemovedByTheNextOne() throws Exception {
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        Path orphan = Files.createDirectory(tmp.resolve("mechsym-broker-1"));
        Files.writeString(orphan.resolve(ServerFiles.OWNER), dead.pid() + " 2020-01-01T00:00:00Z");
        Files.writeString(orphan.resolve("broker.log"), "x".repeat(8192));
        Path reused = Files.createDirectory(tmp.resolve("mechsym-broker-2"));
        // a pid alive now but started at another time: a new process took the dead owner's pid
        Files.writeString(
                reused.resolve(ServerFiles.OWNER), ProcessHandle.current().pid() + " 2020-01-01T00:00:00Z");
        Path unmarked = Files.createDirectory(tmp.resolve("mechsym-broker-3"));
        Path other = Files.createDirectory(tmp.resolve("someone-else"));
        Files.writeString(other.resolve(ServerFiles.OWNER), dead.pid() + " x");

        Path mine = ServerFiles.temporaryFolder(tmp, "mechsym-broker-");

        assertThat(orphan).doesNotExist();
        assertThat(reused).doesNotExist();
        assertThat(unmarked).as("no owner mark: not known to be ours").exists();
        assertThat(other).as("another prefix").exists();
        assertThat(mine).isDirectory().hasFileName(mine.getFileName().toString());
        assertThat(mine.getFileName().toString()).startsWith("mechsym-broker-");

        Path next = ServerFiles.temporaryFolder(tmp, "mechsym-broker-");
        assertThat(mine).as("its owner, this process, still runs").exists();
        assertThat(next).exists();
    }
}

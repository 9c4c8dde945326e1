package mechsym.tools;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Removes the files a server started by mechsym leaves behind. Stateless; thread-safe. */
public final class ServerFiles {
    private ServerFiles() {}

    /** Deletes {@code root} and everything under it; nothing if it does not exist. Symbolic links are not followed. */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                deleteIfThere(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE; // gone meanwhile
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                deleteIfThere(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** The file in a {@link #temporaryFolder} naming the process that owns it: pid and start time. */
    static final String OWNER = "owner.pid";

    /**
     * A new folder in {@code parent} named {@code prefix...}, marked as this process's; first removes
     * the folders of that prefix whose owner process is gone (killed with -9: it could not remove its
     * own). A folder without an owner mark, or whose owner still runs, is left alone.
     */
    public static Path temporaryFolder(Path parent, String prefix) throws IOException {
        removeOrphans(parent, prefix);
        Path folder = Files.createTempDirectory(parent, prefix);
        ProcessHandle self = ProcessHandle.current();
        Files.writeString(folder.resolve(OWNER), self.pid() + " " + startOf(self));
        return folder;
    }

    /** Removes the folders {@code parent/prefix*} whose owner process has ended. */
    static void removeOrphans(Path parent, String prefix) {
        try (var folders = Files.newDirectoryStream(parent, prefix + "*")) {
            for (Path folder : folders) {
                if (Files.isDirectory(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS) && ownerGone(folder)) {
                    try {
                        deleteTree(folder);
                    } catch (IOException e) {
                        // another user's, or being removed by its owner's child: not ours to insist
                    }
                }
            }
        } catch (IOException e) {
            // an unreadable temporary folder: nothing to clean, the new folder says what fails
        }
    }

    private static boolean ownerGone(Path folder) {
        String[] owner;
        try {
            owner = Files.readString(folder.resolve(OWNER)).strip().split(" ", 2);
        } catch (IOException e) {
            return false; // no mark: not known to be ours
        }
        try {
            long pid = Long.parseLong(owner[0]);
            String started = owner.length > 1 ? owner[1] : "";
            // the same pid with another start time is another process: the owner is gone
            return ProcessHandle.of(pid)
                    .filter(ProcessHandle::isAlive)
                    .map(p -> !startOf(p).equals(started))
                    .orElse(true);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String startOf(ProcessHandle process) {
        return process.info().startInstant().map(Object::toString).orElse("unknown");
    }

    private static void deleteIfThere(Path path) throws IOException {
        Files.deleteIfExists(path);
    }
}

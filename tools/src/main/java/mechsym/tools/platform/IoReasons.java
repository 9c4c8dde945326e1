package mechsym.tools.platform;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * I/O failures in words for users: the file, and what was wrong with it, no exception class names.
 * Stateless and thread-safe.
 */
public final class IoReasons {
    private IoReasons() {}

    /**
     * Why {@code e} failed, in words: its reason, or when the JDK gave none (its message is then the
     * file's name alone) the one its type means ("permission denied", "no such file").
     */
    public static String reason(FileSystemException e) {
        if (e.getReason() != null) {
            return e.getReason();
        }
        return switch (e) {
            case AccessDeniedException denied -> "permission denied";
            case NoSuchFileException missing -> "no such file";
            case FileAlreadyExistsException exists -> "already exists";
            default -> "cannot be used";
        };
    }

    /** {@code e} as one line naming its file(s) and the {@link #reason}, or its message. */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            return fs.getFile() + (fs.getOtherFile() != null ? " -> " + fs.getOtherFile() : "") + ": " + reason(fs);
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * {@code e} as thrown while reading or writing {@code file}, naming the file: a read error such as
     * EIO carries only the system's words ("Input/output error"), a {@link FileSystemException} that
     * names a file is returned as it is.
     */
    public static IOException naming(Path file, IOException e) {
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            return e;
        }
        return new IOException(file + ": " + (e.getMessage() != null ? e.getMessage() : "cannot be read"), e);
    }
}

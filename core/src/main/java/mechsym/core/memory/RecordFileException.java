package mechsym.core.memory;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A record file that cannot be used as asked: not a record file, a newer format, a corrupt or
 * truncated header or body, a different layout (the file's own storage form is used, whatever the builder asked). Thrown before anything is mapped
 * for writing, so the file is left exactly as it was. The message names the file and what is wrong.
 */
public final class RecordFileException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path path;

    /** Creates an exception about {@code path}. */
    public RecordFileException(Path path, String problem) {
        super(path + ": " + problem);
        this.path = path;
    }

    /** The file concerned. */
    public Path path() {
        return path;
    }
}

package mechsym.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** The checks every command makes of a file the user named for it to read. */
final class InputFiles {
    private InputFiles() {}

    /**
     * Why {@code file} cannot be read as {@code what} ("a data file", "a CSV file"): a directory, no
     * such file, or not a regular file (a device or a pipe), then {@code otherwise}, what to do
     * instead ("" for nothing); null if it is a regular file.
     */
    static String problem(Path file, String what, String otherwise) {
        if (Files.isDirectory(file)) {
            return file + ": is a directory, not " + what;
        }
        if (!Files.exists(file)) {
            return file + ": no such file";
        }
        if (!Files.isRegularFile(file)) {
            return file + ": not a regular file (a device or a pipe)" + otherwise;
        }
        return null;
    }
}

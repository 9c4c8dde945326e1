package mechsym.tools.platform;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files named on the command line that another program or host wrote: read only when they are
 * regular files (a FIFO nobody writes would block the read for ever, a device such as
 * {@code /dev/zero} never ends), and only up to a byte limit. Errors are one line naming the option,
 * the file and the limit. Stateless and thread-safe.
 */
public final class UntrustedFiles {
    private UntrustedFiles() {}

    /**
     * The bytes of {@code file}, given to {@code option}.
     *
     * @throws IOException one line: no such file, a directory, a FIFO/device/socket, longer than
     *     {@code maxBytes}, or the system's reason it cannot be read
     */
    public static byte[] read(String option, Path file, int maxBytes) throws IOException {
        refuseSpecial(option, file);
        if (!Files.exists(file)) {
            throw new IOException(option + " " + file + ": no such file");
        }
        // the type was checked, but a file can still grow while it is read: the limit holds regardless
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw new IOException(option + " " + file + ": longer than the " + maxBytes + " bytes allowed");
            }
            return bytes;
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(option + " ")) {
                throw e;
            }
            throw new IOException(option + " " + file + ": cannot be read (" + IoReasons.describe(e) + ")", e);
        }
    }

    /**
     * Refuses {@code file} if it exists and is not a regular file or a directory (a FIFO, a device, a
     * socket), naming which; for options that write a file as well as those that read one.
     *
     * @throws IOException one line naming the option, the file and its type
     */
    public static void refuseSpecial(String option, Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException(option + " " + file + ": is a directory, not a file");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IOException(option + " " + file + ": " + kind(file) + ", not a regular file");
        }
    }

    /** What kind of special file {@code file} is, from its mode bits where the system gives them. */
    private static String kind(Path file) {
        try {
            int mode = (Integer) Files.getAttribute(file, "unix:mode");
            return switch (mode & 0170000) {
                case 0010000 -> "a FIFO (a named pipe)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "a special file (a device or a pipe)";
        }
    }
}

package mechsym.lab.runner;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * JMH's machine-wide lock: one JMH run at a time, so that two runs do not measure each other. JMH
 * takes it in {@code java.io.tmpdir/jmh.lock} and, when another run holds it, fails with a stack
 * trace; this looks first, so that a command can say so in one line. Stateless and thread-safe.
 */
public final class JmhLock {
    private JmhLock() {}

    /** The file JMH locks, as JMH 1.37 names it. */
    public static Path file() {
        return Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    }

    /**
     * Whether another run holds the lock now (this process included), unless JMH is told to ignore it
     * ({@code -Djmh.ignoreLock=true}). A lock file that cannot be opened is not held: JMH reports that.
     */
    public static boolean isHeld() {
        if (Boolean.getBoolean("jmh.ignoreLock")) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(file(), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}

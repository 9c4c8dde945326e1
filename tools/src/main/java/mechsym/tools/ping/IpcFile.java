package mechsym.tools.ping;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import mechsym.tools.platform.IoReasons;

/**
 * The memory-mapped file of the {@code ipc} transport: one request and one response slot, each
 * published by a sequence word written with release and read with acquire semantics (no network,
 * no system call on the hot path).
 *
 * <pre>
 *   offset  field             writer      access
 *        0  magic  "MSPING01" server      plain, before the server pid
 *        8  server pid        server      release (0 = no server)
 *       16  max message size  server      plain, before the server pid
 *       20  layout version    server      plain, before the server pid
 *      128  request sequence  client      release / acquire   (own cache line pair)
 *      256  response sequence server      release / acquire
 *      384  request length    client      plain, before the request sequence
 *      512  client pid        client      compare-and-set (one client at a time)
 *     1024  request bytes     client      plain, published by the request sequence
 * 1024+max  response bytes    server      plain, published by the response sequence
 * </pre>
 *
 * <p>The client writes the request bytes and length, then the request sequence (release); the
 * server sees it (acquire), copies the bytes to the response slot and writes the response sequence
 * (release); the client sees it (acquire) and reads the response. Thread safety: one server thread
 * and one client thread (the holder of the client slot's file lock) at a time; every method is for
 * those two.
 *
 * <p>Ownership: a server only ever takes a path that is free, or holds a file of this layout (magic
 * word and version) whose server process has ended; any other file is refused, never overwritten,
 * and a live server's file is refused as a port in use is. A server's file is written whole under a
 * temporary name and linked into place, never truncated in place, so a mapping of a stopped server's
 * file stays valid. On stop, a server removes the file only while the path still names its own
 * file. A file that changes size under a mapping (truncated by hand) fails that side with an
 * {@link IOException} naming the file, not a JVM crash. Every error names the file.
 */
final class IpcFile implements AutoCloseable {
    static final long MAGIC = 0x3130474e4950534dL; // "MSPING01" little-endian
    static final int LAYOUT_VERSION = 1;
    private static final long MAGIC_OFFSET = 0;
    private static final long SERVER_PID = 8;
    private static final long MAX_SIZE = 16;
    private static final long VERSION = 20;
    private static final long REQUEST_SEQUENCE = 128;
    private static final long RESPONSE_SEQUENCE = 256;
    private static final long REQUEST_LENGTH = 384;
    private static final long CLIENT_PID = 512;
    private static final long DATA = 1024;

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final Arena arena;
    private final FileChannel channel;
    private final MemorySegment segment;
    private final int maxSize;
    private final Path path;
    private final Object fileKey;
    /** The client slot's lock while this process's client holds it; client thread only. */
    private FileLock clientLock;

    private IpcFile(Path path, FileChannel channel, Arena arena, MemorySegment segment, int maxSize, Object fileKey) {
        this.path = path;
        this.channel = channel;
        this.arena = arena;
        this.segment = segment;
        this.maxSize = maxSize;
        this.fileKey = fileKey;
    }

    /** The file a server on {@code port} uses unless told otherwise: in /dev/shm when it exists. */
    static Path defaultPath(int port) {
        Path shm = Path.of("/dev/shm");
        Path dir =
                Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        return dir.resolve("mechsym-ping-" + port);
    }

    /**
     * Makes the file for a server answering messages up to {@code maxSize} bytes: at a free path, or in
     * place of a stopped server's file of this layout.
     *
     * @throws IOException naming the file when it is another kind of file, of another layout version,
     *     or the file of a server still running
     */
    static IpcFile create(Path path, int maxSize) throws IOException {
        long me = ProcessHandle.current().pid();
        Path temp = path.resolveSibling("." + path.getFileName() + "." + me + ".new");
        for (int attempt = 0; ; attempt++) {
            if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                refuseUnlessStopped(path);
                Files.deleteIfExists(path); // a stopped server's file of this layout
            }
            IpcFile file = initialise(path, temp, maxSize);
            try {
                link(path, temp);
                return file;
            } catch (FileAlreadyExistsException e) {
                file.close(); // another server took the path meanwhile: look at it again
                if (attempt == 2) {
                    throw new IOException(path + ": taken by another server while this one started");
                }
            } catch (IOException e) {
                file.close();
                throw new IOException("cannot create the ipc file " + IoReasons.describe(e), e);
            } finally {
                Files.deleteIfExists(temp);
            }
        }
    }

    /** Writes a whole new file at {@code temp}, this process its server, mapped. */
    private static IpcFile initialise(Path path, Path temp, int maxSize) throws IOException {
        long bytes = DATA + 2L * maxSize;
        Arena arena = Arena.ofShared();
        FileChannel channel = null;
        try {
            Files.deleteIfExists(temp);
            channel = FileChannel.open(
                    temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
            segment.set(ValueLayout.JAVA_LONG, MAGIC_OFFSET, MAGIC);
            segment.set(ValueLayout.JAVA_INT, MAX_SIZE, maxSize);
            segment.set(ValueLayout.JAVA_INT, VERSION, LAYOUT_VERSION);
            LONG.setRelease(segment, SERVER_PID, ProcessHandle.current().pid());
            Object key = Files.readAttributes(temp, BasicFileAttributes.class).fileKey();
            return new IpcFile(path, channel, arena, segment, maxSize, key);
        } catch (IOException | RuntimeException e) {
            arena.close();
            if (channel != null) {
                channel.close();
            }
            throw new IOException("cannot create the ipc file " + path + ": " + describe(e), e);
        }
    }

    /** Puts {@code temp} at {@code path}, failing when {@code path} exists (a hard link, else a move). */
    private static void link(Path path, Path temp) throws IOException {
        try {
            Files.createLink(path, temp);
        } catch (UnsupportedOperationException e) {
            Files.move(temp, path);
        }
    }

    /** Throws naming {@code path} unless it holds a file of this layout whose server has stopped. */
    private static void refuseUnlessStopped(Path path) throws IOException {
        Header header = Header.read(path);
        if (header.serverAlive()) {
            throw new IOException(path + " is in use by the ipc ping server of process " + header.pid
                    + " (the port is in use; stop it or choose another --port or --file)");
        }
    }

    /** The header as read with a plain read (no mapping), checked to be a file of this layout. */
    private record Header(long pid, int maxSize, long size) {
        static Header read(Path path) throws IOException {
            if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(path + " is not a regular file; an ipc file is one mechsym ping made"
                        + " (choose another --file)");
            }
            long size;
            ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.nativeOrder());
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
                size = channel.size();
                while (header.hasRemaining() && channel.read(header, header.position()) > 0) {
                    // read the whole header
                }
            } catch (IOException e) {
                throw IoReasons.naming(path, e);
            }
            if (header.hasRemaining() || header.getLong(0) != MAGIC) {
                throw new IOException(path + " is not a mechsym ping file (no MSPING01 header); it is left as it"
                        + " is (choose another --file)");
            }
            int version = header.getInt((int) VERSION);
            if (version != LAYOUT_VERSION) {
                throw new IOException(path + " is a mechsym ping file of layout version " + version
                        + ", this mechsym reads version " + LAYOUT_VERSION + "; remove it");
            }
            return new Header(header.getLong((int) SERVER_PID), header.getInt((int) MAX_SIZE), size);
        }

        boolean serverAlive() {
            return pid != 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
    }

    /**
     * Opens a server's file.
     *
     * @throws IOException naming the file when it is missing, not a ping file of this layout, its
     *     header does not fit its size, or it has no live server
     */
    static IpcFile open(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new IOException("no ipc ping server: " + path + " does not exist (start: mechsym ping server"
                    + " --transport ipc)");
        }
        Header header = Header.read(path);
        if (header.maxSize < 1 || header.maxSize > (header.size - DATA) / 2) {
            throw new IOException(path + " is not a mechsym ping file: its max message size " + header.maxSize
                    + " does not fit its " + header.size + " bytes");
        }
        if (!header.serverAlive()) {
            throw new IOException("no ipc ping server: the server of " + path + " has stopped");
        }
        Arena arena = Arena.ofShared();
        FileChannel channel = null;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, DATA + 2L * header.maxSize, arena);
            return new IpcFile(path, channel, arena, segment, header.maxSize, null);
        } catch (IOException | RuntimeException | InternalError e) {
            arena.close();
            if (channel != null) {
                channel.close();
            }
            throw new IOException(path + ": " + describe(e), e);
        }
    }

    private static String describe(Throwable e) {
        return e instanceof IOException io ? IoReasons.describe(io) : Objects.toString(e.getMessage(), e.toString());
    }

    int maxSize() {
        return maxSize;
    }

    Path path() {
        return path;
    }

    /**
     * Client: takes the client slot, or fails when another client holds it. The slot is a lock on the
     * client-pid word's bytes of the file (an fcntl record lock: the system releases it when its
     * process ends, however it ends), not a compare-and-set in the mapping: the JVM turns a fault in a
     * plain, acquire or release access into an {@link InternalError}, but a fault in a compare-and-set
     * on a file truncated under it kills the process. The pid written there only names the holder.
     */
    void claimClient() throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock(CLIENT_PID, Long.BYTES, false);
        } catch (OverlappingFileLockException e) {
            lock = null; // another client of this JVM holds it
        }
        try {
            if (lock == null) {
                long holder = (long) LONG.getVolatile(segment, CLIENT_PID);
                throw new IOException("the ipc ping server at " + path + " is busy with client process "
                        + (holder != 0 ? holder : "(unknown)"));
            }
            clientLock = lock;
            LONG.setVolatile(segment, CLIENT_PID, ProcessHandle.current().pid());
        } catch (InternalError e) {
            throw changedSize(e);
        }
    }

    void releaseClient() {
        FileLock lock = clientLock;
        if (lock == null) {
            return;
        }
        clientLock = null;
        try {
            LONG.setVolatile(segment, CLIENT_PID, 0L);
        } catch (InternalError e) {
            // the file shrank: there is no word left to clear
        }
        try {
            lock.release();
        } catch (IOException e) {
            // the channel is closing: the lock goes with it
        }
    }

    long requestSequence() throws IOException {
        try {
            return (long) LONG.getAcquire(segment, REQUEST_SEQUENCE);
        } catch (InternalError e) {
            throw changedSize(e);
        }
    }

    long responseSequence() throws IOException {
        try {
            return (long) LONG.getAcquire(segment, RESPONSE_SEQUENCE);
        } catch (InternalError e) {
            throw changedSize(e);
        }
    }

    /** Client: writes the request bytes, then publishes them as {@code sequence}. */
    void sendRequest(MemorySegment message, long sequence) throws IOException {
        try {
            MemorySegment.copy(message, 0, segment, DATA, message.byteSize());
            segment.set(ValueLayout.JAVA_INT, REQUEST_LENGTH, (int) message.byteSize());
            LONG.setRelease(segment, REQUEST_SEQUENCE, sequence);
        } catch (InternalError e) {
            throw changedSize(e);
        }
    }

    /** Client: copies the published response into {@code into}. */
    void readResponse(MemorySegment into) throws IOException {
        try {
            MemorySegment.copy(segment, DATA + maxSize, into, 0, into.byteSize());
        } catch (InternalError e) {
            throw changedSize(e);
        }
    }

    /** Server: echoes the request published as {@code sequence} and publishes the response. */
    void echo(long sequence) throws IOException {
        try {
            int length = Math.min(maxSize, Math.max(0, segment.get(ValueLayout.JAVA_INT, REQUEST_LENGTH)));
            MemorySegment.copy(segment, DATA, segment, DATA + maxSize, length);
            LONG.setRelease(segment, RESPONSE_SEQUENCE, sequence);
        } catch (InternalError e) {
            throw changedSize(e);
        }
    }

    /** Whether the server still runs, and the file still has the size mapped (a system call: not per message). */
    void checkServing() throws IOException {
        if (channel.size() < segment.byteSize()) {
            throw changedSize(null);
        }
        try {
            if ((long) LONG.getAcquire(segment, SERVER_PID) == 0) {
                throw new IOException("the ipc ping server of " + path + " stopped");
            }
        } catch (InternalError e) {
            throw changedSize(e);
        }
    }

    /**
     * The mapped file no longer has the bytes mapped (the system's SIGBUS, turned into an {@link
     * InternalError} by the JVM, which compiled code may throw a little after the access: callers
     * catch it around their whole loop too).
     */
    IOException changedSize(InternalError cause) {
        String now;
        try {
            now = channel.size() + " bytes";
        } catch (IOException e) {
            now = "size unknown";
        }
        return new IOException(
                path + " changed size under mechsym ping (" + segment.byteSize() + " bytes mapped, now " + now
                        + "): truncated by another program?",
                cause);
    }

    /**
     * Server: says it has stopped (clients fail at once instead of timing out), unmaps, and removes the
     * file while its path still names this server's file.
     */
    void closeAndRemove() {
        try {
            LONG.setRelease(segment, SERVER_PID, 0L);
        } catch (InternalError e) {
            // the file shrank: nothing to mark
        }
        close();
        try {
            if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)
                    && Objects.equals(
                            fileKey,
                            Files.readAttributes(path, BasicFileAttributes.class)
                                    .fileKey())) {
                Files.delete(path);
            }
        } catch (IOException e) {
            // left in place: it says its server stopped, so the next server takes it
        }
    }

    @Override
    public void close() {
        arena.close();
        try {
            channel.close();
        } catch (IOException e) {
            // the mapping is gone already
        }
    }
}

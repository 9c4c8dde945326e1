package mechsym.tools.ping;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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
 * and one client thread (per the client-pid word) at a time; every method is for those two.
 */
final class IpcFile implements AutoCloseable {
    static final long MAGIC = 0x3130474e4950534dL; // "MSPING01" little-endian
    private static final long MAGIC_OFFSET = 0;
    private static final long SERVER_PID = 8;
    private static final long MAX_SIZE = 16;
    private static final long REQUEST_SEQUENCE = 128;
    private static final long RESPONSE_SEQUENCE = 256;
    private static final long REQUEST_LENGTH = 384;
    private static final long CLIENT_PID = 512;
    private static final long DATA = 1024;

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final Arena arena;
    private final MemorySegment segment;
    private final int maxSize;
    private final Path path;

    private IpcFile(Path path, Arena arena, MemorySegment segment, int maxSize) {
        this.path = path;
        this.arena = arena;
        this.segment = segment;
        this.maxSize = maxSize;
    }

    /** The file a server on {@code port} uses unless told otherwise: in /dev/shm when it exists. */
    static Path defaultPath(int port) {
        Path shm = Path.of("/dev/shm");
        Path dir =
                Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        return dir.resolve("mechsym-ping-" + port);
    }

    /** Creates (or overwrites) the file for a server answering messages up to {@code maxSize} bytes. */
    static IpcFile create(Path path, int maxSize) throws IOException {
        long bytes = DATA + 2L * maxSize;
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(
                path,
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            channel.truncate(0);
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
            segment.fill((byte) 0);
            segment.set(ValueLayout.JAVA_LONG, MAGIC_OFFSET, MAGIC);
            segment.set(ValueLayout.JAVA_INT, MAX_SIZE, maxSize);
            LONG.setRelease(segment, SERVER_PID, ProcessHandle.current().pid());
            return new IpcFile(path, arena, segment, maxSize);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Opens a server's file.
     *
     * @throws IOException naming the file when it is missing, not a ping file or has no live server
     */
    static IpcFile open(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new IOException("no ipc ping server: " + path + " does not exist (start: mechsym ping server"
                    + " --transport ipc)");
        }
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            if (size < DATA) {
                throw new IOException(path + " is not a mechsym ping file (" + size + " bytes)");
            }
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            if (segment.get(ValueLayout.JAVA_LONG, MAGIC_OFFSET) != MAGIC) {
                throw new IOException(path + " is not a mechsym ping file (no MSPING01 header)");
            }
            long pid = (long) LONG.getAcquire(segment, SERVER_PID);
            if (pid == 0 || ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) {
                throw new IOException("no ipc ping server: the server of " + path + " has stopped");
            }
            int maxSize = segment.get(ValueLayout.JAVA_INT, MAX_SIZE);
            return new IpcFile(path, arena, segment, maxSize);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    int maxSize() {
        return maxSize;
    }

    Path path() {
        return path;
    }

    /** Client: takes the client slot, or fails when another live process holds it. */
    void claimClient() throws IOException {
        long me = ProcessHandle.current().pid();
        long holder = (long) LONG.getVolatile(segment, CLIENT_PID);
        if (holder != 0
                && holder != me
                && ProcessHandle.of(holder).map(ProcessHandle::isAlive).orElse(false)) {
            throw new IOException("the ipc ping server at " + path + " is busy with client process " + holder);
        }
        if (!LONG.compareAndSet(segment, CLIENT_PID, holder, me)) {
            throw new IOException("the ipc ping server at " + path + " was claimed by another client");
        }
    }

    void releaseClient() {
        long me = ProcessHandle.current().pid();
        LONG.compareAndSet(segment, CLIENT_PID, me, 0L);
    }

    long requestSequence() {
        return (long) LONG.getAcquire(segment, REQUEST_SEQUENCE);
    }

    long responseSequence() {
        return (long) LONG.getAcquire(segment, RESPONSE_SEQUENCE);
    }

    /** Client: writes the request bytes, then publishes them as {@code sequence}. */
    void sendRequest(MemorySegment message, long sequence) {
        MemorySegment.copy(message, 0, segment, DATA, message.byteSize());
        segment.set(ValueLayout.JAVA_INT, REQUEST_LENGTH, (int) message.byteSize());
        LONG.setRelease(segment, REQUEST_SEQUENCE, sequence);
    }

    /** Client: copies the published response into {@code into}. */
    void readResponse(MemorySegment into) {
        MemorySegment.copy(segment, DATA + maxSize, into, 0, into.byteSize());
    }

    /** Server: echoes the request published as {@code sequence} and publishes the response. */
    void echo(long sequence) {
        int length = Math.min(maxSize, Math.max(0, segment.get(ValueLayout.JAVA_INT, REQUEST_LENGTH)));
        MemorySegment.copy(segment, DATA, segment, DATA + maxSize, length);
        LONG.setRelease(segment, RESPONSE_SEQUENCE, sequence);
    }

    /** Server: says it has stopped, so that clients fail at once instead of timing out. */
    void markStopped() {
        LONG.setRelease(segment, SERVER_PID, 0L);
    }

    boolean serverAlive() {
        return (long) LONG.getAcquire(segment, SERVER_PID) != 0;
    }

    @Override
    public void close() {
        arena.close();
    }
}

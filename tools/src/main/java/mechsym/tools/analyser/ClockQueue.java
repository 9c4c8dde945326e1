package mechsym.tools.analyser;

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
 * The real-time input queue: a memory-mapped file shared with the clock source process
 * ({@code native/clock_source.c}), one writer (the source) and one reader (the analyser).
 *
 * <pre>
 *   offset  field            written by          read by
 *        0  magic "MSCLOCK1" analyser (create)   source (checks it)
 *        8  capacity (slots) analyser            source
 *       16  interval ns      analyser            source
 *       24  state            both, release       both, acquire   0 created, 1 running, 2 stop, 3 stopped
 *       32  source pid       source              analyser (messages)
 *       40  dropped          source, release     analyser        sequence numbers the full queue refused
 *       64  write position   source, release     analyser, acquire   (own cache line)
 *      128  read position    analyser, release   source, acquire     (own cache line)
 *      256  slots            source, plain       analyser, plain after acquiring the write position
 * </pre>
 *
 * <p>The source writes sequence number n into slot {@code position % capacity} (each side keeps its
 * slot index and wraps it at the capacity, no division per packet), then publishes the
 * write position with a release store; the analyser reads it with an acquire load, so each slot it
 * reads below that position is the one written (happens-before through the position). The source
 * reads the read position with acquire to see which slots are free; a full queue makes it drop the
 * sequence number and count it, so the analyser sees a gap. Fields are native-order longs, as the C
 * side reads them. Thread safety: one reader thread in this process.
 */
public final class ClockQueue implements AutoCloseable {
    static final long MAGIC = 0x314B434F4C43534DL; // "MSCLOCK1" in little-endian bytes
    static final long MAGIC_OFFSET = 0;
    static final long CAPACITY_OFFSET = 8;
    static final long INTERVAL_OFFSET = 16;
    static final long STATE_OFFSET = 24;
    static final long PID_OFFSET = 32;
    static final long DROPPED_OFFSET = 40;
    static final long WRITE_OFFSET = 64;
    static final long READ_OFFSET = 128;
    static final long SLOTS_OFFSET = 256;

    public static final long STATE_CREATED = 0;
    public static final long STATE_RUNNING = 1;
    public static final long STATE_STOP = 2;
    public static final long STATE_STOPPED = 3;

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final Path file;
    private final Arena arena;
    private final MemorySegment segment;
    private final long capacity;
    private final long intervalNs;
    /** The reader's next slot, wrapped at the capacity by a compare (no 64-bit division per packet). */
    private long readSlot;
    /** The writer's next slot (the Java writer's side), wrapped alike. */
    private long writeSlot;

    private ClockQueue(Path file, Arena arena, MemorySegment segment, long capacity, long intervalNs) {
        this.file = file;
        this.arena = arena;
        this.segment = segment;
        this.capacity = capacity;
        this.intervalNs = intervalNs;
    }

    /**
     * The queue's capacity for {@code intervalNs}: MAX_CAPTURING_DELAY_MS of packets (the post: 100 ms
     * at 1,000 ns = 100,000 slots).
     */
    public static long capacityFor(long intervalNs, int maxCapturingDelayMs) {
        return Math.max(1, maxCapturingDelayMs * 1_000_000L / intervalNs);
    }

    /** A new queue file in {@code /dev/shm} when it exists (memory, not disk), else the temp folder. */
    public static Path newFileName() {
        Path shm = Path.of("/dev/shm");
        Path dir =
                Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        return dir.resolve("mechsym-clock-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".queue");
    }

    /**
     * Creates and maps the file (it must not exist) and writes the header the source checks.
     *
     * @throws IOException when the file cannot be created or mapped
     */
    public static ClockQueue create(Path file, long capacity, long intervalNs) throws IOException {
        if (capacity < 1 || intervalNs < 1) {
            throw new IllegalArgumentException(
                    "clock queue: capacity " + capacity + ", interval " + intervalNs + " ns");
        }
        long size = SLOTS_OFFSET + capacity * Long.BYTES;
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            file.toFile().deleteOnExit(); // Ctrl-C before close() still removes it
            channel.truncate(size);
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            segment.set(ValueLayout.JAVA_LONG, CAPACITY_OFFSET, capacity);
            segment.set(ValueLayout.JAVA_LONG, INTERVAL_OFFSET, intervalNs);
            LONG.setRelease(segment, STATE_OFFSET, STATE_CREATED);
            LONG.setRelease(segment, MAGIC_OFFSET, MAGIC); // last: the header is whole once the magic is there
            return new ClockQueue(file, arena, segment, capacity, intervalNs);
        } catch (IOException | RuntimeException e) {
            arena.close();
            Files.deleteIfExists(file);
            throw e;
        }
    }

    public Path file() {
        return file;
    }

    public long capacity() {
        return capacity;
    }

    public long intervalNs() {
        return intervalNs;
    }

    /** The source's write position (acquire): every slot below it holds a published sequence number. */
    public long writePositionAcquire() {
        return (long) LONG.getAcquire(segment, WRITE_OFFSET);
    }

    /**
     * The sequence number at the reader's next position (0, 1, 2, ... in turn), then moves on; call
     * only below a write position read with acquire.
     */
    public long nextSequence() {
        long slot = readSlot;
        readSlot = slot + 1 == capacity ? 0 : slot + 1;
        return segment.get(ValueLayout.JAVA_LONG, SLOTS_OFFSET + slot * Long.BYTES);
    }

    /** Frees the slots below {@code position} for the source (release). */
    public void readPositionRelease(long position) {
        LONG.setRelease(segment, READ_OFFSET, position);
    }

    public long stateAcquire() {
        return (long) LONG.getAcquire(segment, STATE_OFFSET);
    }

    /** Asks the source to stop (release); it answers with {@link #STATE_STOPPED}. */
    public void requestStop() {
        LONG.setRelease(segment, STATE_OFFSET, STATE_STOP);
    }

    /** The sequence numbers the source dropped because the queue was full, as it counted them. */
    public long droppedAcquire() {
        return (long) LONG.getAcquire(segment, DROPPED_OFFSET);
    }

    public long sourcePid() {
        return (long) LONG.getAcquire(segment, PID_OFFSET);
    }

    /** Unmaps and deletes the file. */
    @Override
    public void close() throws IOException {
        arena.close();
        Files.deleteIfExists(file);
    }

    /**
     * The writer's side in Java, for tests and for a source written in Java: sequence number {@code
     * sequence} at write position {@code position} (0, 1, 2, ... in turn: the positions of the offers
     * that returned true), published with release. Returns false (nothing written) when the queue is
     * full.
     */
    public boolean offer(long position, long sequence) {
        long read = (long) LONG.getAcquire(segment, READ_OFFSET);
        if (position - read >= capacity) {
            return false;
        }
        long slot = writeSlot;
        writeSlot = slot + 1 == capacity ? 0 : slot + 1;
        segment.set(ValueLayout.JAVA_LONG, SLOTS_OFFSET + slot * Long.BYTES, sequence);
        LONG.setRelease(segment, WRITE_OFFSET, position + 1);
        return true;
    }

    /** The writer's side: sets the state (release), e.g. running or stopped. */
    public void setStateRelease(long state) {
        LONG.setRelease(segment, STATE_OFFSET, state);
    }
}

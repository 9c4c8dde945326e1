package mechsym.tools.analyser;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Builds an analyser from the command line's words and runs real-time trials against the clock
 * source: what {@code mechsym analyser} and the lab's forked runs share.
 *
 * @param analyserCase the load case
 * @param strategy the buffer strategy
 * @param buffers heap or native buffers
 * @param sizes the pools' sizes
 * @param parse parse objects per packet (the post's Java) or flat fields in the packet
 */
public record AnalyserSetup(
        AnalyserCase analyserCase,
        Strategy strategy,
        Buffers buffers,
        PacketStrategy.PoolSizes sizes,
        Analyser.Parse parse) {

    /** A setup whose processor allocates its parse objects, as the post's Java. */
    public AnalyserSetup(
            AnalyserCase analyserCase, Strategy strategy, Buffers buffers, PacketStrategy.PoolSizes sizes) {
        this(analyserCase, strategy, buffers, sizes, Analyser.Parse.OBJECTS);
    }

    /** Heap bytes one heap packet holds: the packet, its ByteBuffer and 1 KiB array, a parse result. */
    static final long HEAP_PACKET_BYTES = 1_200;
    /** Heap bytes one native packet holds: the packet object and a parse result. */
    static final long NATIVE_PACKET_BYTES = 120;

    /** Heap the live packets need at most (a lower bound of what the run needs; the GC wants more). */
    public long heapNeeded() {
        long live = analyserCase.livePackets();
        long packets = switch (strategy) {
            case DUMMY -> 1;
            case ALLOC -> live;
            case MIX -> Math.max(live, sizes.mix());
            case POOL -> Math.max(live, sizes.pool());
        };
        long perPacket = buffers == Buffers.HEAP ? HEAP_PACKET_BYTES : NATIVE_PACKET_BYTES;
        return packets * perPacket + analyserCase.storedCount() * 8L + analyserCase.internalQueueSize() * 8L;
    }

    /**
     * @throws IllegalArgumentException saying what the run needs and what this JVM has, when the heap
     *     ({@code -Xmx}) cannot hold the live packets
     */
    public void checkHeap(long maxHeapBytes) {
        long needed = heapNeeded();
        if (needed > maxHeapBytes) {
            throw new IllegalArgumentException("case " + analyserCase.label() + " " + strategy.label() + " with "
                    + buffers.label() + " buffers keeps about " + needed / (1 << 20) + " MiB of packets alive, but this"
                    + " JVM's heap is " + maxHeapBytes / (1 << 20) + " MiB: impossible (give the JVM more heap with"
                    + " -Xmx, for mechsym in MECHSYM_JAVA_OPTS, or use native buffers)");
        }
    }

    /** A new analyser, its pool (if any) filled. */
    public Analyser newAnalyser(long seed) {
        return new Analyser(analyserCase, PacketStrategy.create(strategy, buffers, sizes), seed, parse);
    }

    /**
     * One real-time trial at {@code intervalNs}: a fresh queue of MAX_CAPTURING_DELAY_MS of packets
     * and a fresh clock source, both gone (process stopped, file deleted) when it returns or throws.
     */
    public static RealTimeRun.Result trial(
            Analyser analyser, Path clockSource, long intervalNs, RealTimeRun run, Consumer<RealTimeRun.Line> onLine)
            throws IOException {
        if (intervalNs < 1) {
            throw new IllegalArgumentException("interval must be > 0 ns, was " + intervalNs);
        }
        long capacity = ClockQueue.capacityFor(intervalNs, AnalyserCase.MAX_CAPTURING_DELAY_MS);
        try (ClockQueue queue = ClockQueue.create(ClockQueue.newFileName(), capacity, intervalNs);
                ClockSource _ = ClockSource.start(clockSource, queue)) {
            return run.run(analyser, queue, onLine);
        }
    }
}

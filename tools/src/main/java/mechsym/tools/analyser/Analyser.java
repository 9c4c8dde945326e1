package mechsym.tools.analyser;

import java.lang.foreign.MemorySegment;

/**
 * The post's model, one packet at a time on one thread: the data source fills a packet, the packet
 * waits in the internal FIFO until INTERNAL_QUEUE_SIZE newer ones are behind it, then the processor
 * parses its headers; 1 in 16 (TCP) is kept in a store of STORED_COUNT slots with random
 * replacement and the evicted packet released, the rest released at once.
 *
 * <p>Correctness guard: the source sums the header fields it writes and the processor the fields it
 * parses; after {@link #drain()} the two must agree ({@link #checkConsistent()}), so a fast variant
 * that parses wrongly or loses packets fails. Not thread-safe.
 */
public final class Analyser implements AutoCloseable {
    private final PacketStrategy strategy;
    private final PacketFifo queue;
    /** The strategy's slab segment (null for heap buffers): the flat parse reads native buffers here. */
    private final MemorySegment slab;

    private final int queueSize;
    private final Packet[] store;
    /** Each stored packet's slab offset, beside it (as the FIFO keeps them). */
    private final long[] storeOffsets;

    private long random;
    private long written;
    private long writtenSum;
    private long parsed;
    private long parsedSum;
    private long tcp;

    /**
     * How the processor records what it parsed: {@link #OBJECTS} allocates an {@link IpHeader} and two
     * {@link Ipv4Address} per packet (the post's Java); {@link #FLAT} writes primitive fields kept
     * inside the packet (the post's flat C++, in Java: nothing allocated per packet).
     */
    public enum Parse {
        OBJECTS,
        FLAT;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /**
         * @throws IllegalArgumentException naming the text and the valid names
         */
        public static Parse parse(String text) {
            for (Parse p : values()) {
                if (p.label().equalsIgnoreCase(text.strip())) {
                    return p;
                }
            }
            throw new IllegalArgumentException("unknown parse '" + text + "' (expected objects or flat)");
        }
    }

    private final Parse parse;

    /** An analyser whose processor allocates its parse objects, as the post's Java does. */
    public Analyser(AnalyserCase analyserCase, PacketStrategy strategy, long seed) {
        this(analyserCase, strategy, seed, Parse.OBJECTS);
    }

    public Analyser(AnalyserCase analyserCase, PacketStrategy strategy, long seed, Parse parse) {
        this.parse = parse;
        this.strategy = strategy;
        this.queueSize = analyserCase.internalQueueSize();
        this.queue = new PacketFifo(queueSize + 1);
        this.slab = strategy.slabSegment();
        this.store = new Packet[analyserCase.storedCount()];
        this.storeOffsets = new long[store.length];
        this.random = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
    }

    /** One arriving packet: acquire, fill, queue; process the oldest once the FIFO is full. */
    public void onPacket() {
        Packet packet = strategy.acquire();
        long at = strategy.acquiredOffset(); // from the pool, beside the packet: the packet is not read
        fill(packet, at);
        queue.addLast(packet, at);
        if (queue.size() > queueSize) {
            processFirst();
        }
    }

    /**
     * {@code count} arriving packets, as {@link #onPacket()} each: one loop the compiler sees whole, so
     * what does not change from packet to packet (the slab segment's fields) is loaded once.
     */
    public void onPackets(long count) {
        for (long i = 0; i < count; i++) {
            onPacket();
        }
    }

    /** Processes every packet still in the FIFO (end of a run). */
    public void drain() {
        while (queue.size() > 0) {
            processFirst();
        }
    }

    private void processFirst() {
        long slabOffset = queue.firstSlabOffset();
        Packet packet = queue.pollFirst();
        if (parse == Parse.FLAT && slab != null) {
            processFlatNative(packet, slabOffset);
        } else {
            process(packet, slabOffset);
        }
    }

    /** Releases every stored packet (end of a run, before a leak check). */
    public void releaseStored() {
        for (int i = 0; i < store.length; i++) {
            if (store[i] != null) {
                release(store[i], storeOffsets[i]);
                store[i] = null;
            }
        }
    }

    /**
     * @throws IllegalStateException when what was parsed differs from what was written
     */
    public void checkConsistent() {
        // the dummy strategy refills its one packet before the queued copies are parsed: counts only
        boolean sumsComparable = !(strategy instanceof PacketStrategy.Dummy);
        if (parsed != written || sumsComparable && parsedSum != writtenSum) {
            throw new IllegalStateException("the processor parsed " + parsed + " packets (checksum " + parsedSum
                    + ") but the source wrote " + written + " (checksum " + writtenSum + ")");
        }
    }

    public long packets() {
        return written;
    }

    public long tcpPackets() {
        return tcp;
    }

    public PacketStrategy strategy() {
        return strategy;
    }

    /**
     * The data source: a random IPv4 packet, TCP 1 time in 16, else UDP. A native packet is written
     * through the analyser's own slab segment at {@code at}, without reading the packet object.
     */
    void fill(Packet p, long at) {
        long r = nextRandom();
        int source = (int) r;
        int destination = (int) (r >>> 32);
        long r2 = nextRandom();
        boolean isTcp = (r2 & 15) == 0;
        int protocol = isTcp ? PacketLayout.PROTOCOL_TCP : PacketLayout.PROTOCOL_UDP;
        int sourcePort = (int) (r2 >>> 8) & 0xFFFF;
        int destinationPort = (int) (r2 >>> 24) & 0xFFFF;
        int transportLength = isTcp ? 20 : 8;
        int payload = (int) (r2 >>> 40) & 511;
        int totalLength = PacketLayout.IPV4_HEADER_SIZE + transportLength + payload;

        // The same bytes as field-by-field stores, in a few big-endian words (as g++ merges the C++
        // version's stores): version/IHL 0x45, TOS 0, total length, identification, flags DF.
        putLong(
                p,
                at,
                PacketLayout.VERSION_IHL,
                0x45L << 56 | (long) totalLength << 32 | (written & 0xFFFF) << 16 | 0x4000);
        putInt(p, at, PacketLayout.TTL, 64 << 24 | protocol << 16); // TTL, protocol, header checksum 0
        putLong(p, at, PacketLayout.SOURCE_ADDRESS, (long) source << 32 | destination & 0xFFFFFFFFL);
        int t = PacketLayout.IPV4_HEADER_SIZE;
        putInt(p, at, t + PacketLayout.SOURCE_PORT, sourcePort << 16 | destinationPort);
        if (isTcp) {
            putLong(p, at, t + PacketLayout.TCP_SEQUENCE, (long) (int) r << 32); // sequence, acknowledgement 0
            // data offset 0x50, flags PSH+ACK 0x18, window 0xFFFF, checksum 0, urgent pointer 0
            putLong(p, at, t + PacketLayout.TCP_DATA_OFFSET, 0x5018_FFFFL << 32);
        } else {
            putInt(p, at, t + PacketLayout.UDP_LENGTH, (transportLength + payload) << 16); // length, checksum 0
        }
        written++;
        writtenSum +=
                PacketLayout.checksumTerm(source, destination, protocol, totalLength, sourcePort, destinationPort);
    }

    private void putLong(Packet p, long at, int offset, long value) {
        if (slab != null) {
            NativePacket.putLong(slab, at + offset, value);
        } else {
            p.putLong(offset, value);
        }
    }

    private void putInt(Packet p, long at, int offset, int value) {
        if (slab != null) {
            NativePacket.putInt(slab, at + offset, value);
        } else {
            p.putInt(offset, value);
        }
    }

    /** The processor: parse (allocating, as the post's Java), then store or release. */
    void process(Packet p, long at) {
        int versionIhl = p.getByte(PacketLayout.VERSION_IHL);
        if (versionIhl >>> 4 != 4) {
            throw new IllegalStateException("not an IPv4 packet: version " + (versionIhl >>> 4));
        }
        int transport = (versionIhl & 0xF) * 4;
        int protocol;
        if (parse == Parse.OBJECTS) {
            IpHeader header = new IpHeader(
                    new Ipv4Address(p.getInt(PacketLayout.SOURCE_ADDRESS)),
                    new Ipv4Address(p.getInt(PacketLayout.DESTINATION_ADDRESS)),
                    p.getByte(PacketLayout.PROTOCOL),
                    p.getShort(PacketLayout.TOTAL_LENGTH),
                    p.getShort(transport + PacketLayout.SOURCE_PORT),
                    p.getShort(transport + PacketLayout.DESTINATION_PORT));
            p.header = header;
            protocol = header.protocol();
            parsedSum += header.checksumTerm();
        } else {
            p.parsedSource = p.getInt(PacketLayout.SOURCE_ADDRESS);
            p.parsedDestination = p.getInt(PacketLayout.DESTINATION_ADDRESS);
            p.parsedProtocol = p.getByte(PacketLayout.PROTOCOL);
            p.parsedTotalLength = p.getShort(PacketLayout.TOTAL_LENGTH);
            p.parsedSourcePort = p.getShort(transport + PacketLayout.SOURCE_PORT);
            p.parsedDestinationPort = p.getShort(transport + PacketLayout.DESTINATION_PORT);
            protocol = p.parsedProtocol;
            parsedSum += PacketLayout.checksumTerm(
                    p.parsedSource,
                    p.parsedDestination,
                    p.parsedProtocol,
                    p.parsedTotalLength,
                    p.parsedSourcePort,
                    p.parsedDestinationPort);
        }
        keepOrRelease(p, at, protocol);
    }

    /**
     * The flat parse of a native packet: reads the buffer in the slab at the offset the FIFO kept
     * (not through the packet object, so the two cache misses overlap) and writes the results into
     * the packet's fields. Same fields, same results, same guard as {@link #process}.
     */
    void processFlatNative(Packet p, long at) {
        int versionIhl = NativePacket.getByte(slab, at + PacketLayout.VERSION_IHL);
        if (versionIhl >>> 4 != 4) {
            throw new IllegalStateException("not an IPv4 packet: version " + (versionIhl >>> 4));
        }
        long transport = at + (versionIhl & 0xF) * 4;
        int source = NativePacket.getInt(slab, at + PacketLayout.SOURCE_ADDRESS);
        int destination = NativePacket.getInt(slab, at + PacketLayout.DESTINATION_ADDRESS);
        int protocol = NativePacket.getByte(slab, at + PacketLayout.PROTOCOL);
        int totalLength = NativePacket.getShort(slab, at + PacketLayout.TOTAL_LENGTH);
        int sourcePort = NativePacket.getShort(slab, transport + PacketLayout.SOURCE_PORT);
        int destinationPort = NativePacket.getShort(slab, transport + PacketLayout.DESTINATION_PORT);
        p.parsedSource = source;
        p.parsedDestination = destination;
        p.parsedProtocol = protocol;
        p.parsedTotalLength = totalLength;
        p.parsedSourcePort = sourcePort;
        p.parsedDestinationPort = destinationPort;
        parsedSum += PacketLayout.checksumTerm(source, destination, protocol, totalLength, sourcePort, destinationPort);
        keepOrRelease(p, at, protocol);
    }

    /** Counts the parsed packet; keeps a TCP one in the store (releasing the one it evicts), else releases it. */
    private void keepOrRelease(Packet p, long at, int protocol) {
        parsed++;
        if (protocol == PacketLayout.PROTOCOL_TCP) {
            tcp++;
            int slot = (int) ((nextRandom() >>> 33) % store.length);
            Packet evicted = store[slot];
            long evictedAt = storeOffsets[slot];
            store[slot] = p;
            storeOffsets[slot] = at;
            if (evicted != null) {
                release(evicted, evictedAt);
            }
        } else {
            release(p, at);
        }
    }

    /** Back to the strategy; the post's parse drops its result first (the flat parse has none to drop). */
    private void release(Packet p, long at) {
        if (parse == Parse.OBJECTS) {
            p.header = null;
        }
        strategy.release(p, at);
    }

    /** xorshift64*: no allocation, good enough to scatter addresses and store slots. */
    private long nextRandom() {
        long x = random;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        random = x;
        return x * 0x2545F4914F6CDD1DL;
    }

    @Override
    public void close() {
        strategy.close();
    }
}

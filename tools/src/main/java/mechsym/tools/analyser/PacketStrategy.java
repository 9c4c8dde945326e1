package mechsym.tools.analyser;

import java.lang.foreign.MemorySegment;
import mechsym.core.pool.ObjectPool;

/**
 * Where packets come from and go back to: one of the post's {@link Strategy strategies} over heap or
 * native {@link Buffers}. Not thread-safe: the analyser's thread only. {@link #close()} frees the
 * native slab, if any.
 */
public abstract sealed class PacketStrategy implements AutoCloseable {
    /** The off-heap slab the packets' buffers live in; null for heap buffers. */
    private final NativeSlab slab;

    private PacketStrategy(NativeSlab slab) {
        this.slab = slab;
    }

    /** Sizes of the post's pools; tests and the tiny profile scale them down. */
    public record PoolSizes(int pool, int mix) {
        public static final PoolSizes POST = new PoolSizes(AnalyserCase.POOL_SIZE, AnalyserCase.MIX_POOL_SIZE);

        public PoolSizes {
            if (pool < 1 || mix < 1 || mix > pool) {
                throw new IllegalArgumentException("pool sizes: pool " + pool + ", mix " + mix);
            }
        }
    }

    /** The strategy {@code strategy} over {@code buffers}, with its pool (if any) filled. */
    public static PacketStrategy create(Strategy strategy, Buffers buffers, PoolSizes sizes) {
        NativeSlab slab = null;
        if (buffers == Buffers.NATIVE && strategy != Strategy.DUMMY) {
            int reserved = switch (strategy) {
                case POOL -> sizes.pool();
                case MIX -> sizes.mix();
                default -> 0;
            };
            slab = new NativeSlab(sizes.pool(), reserved);
        }
        return switch (strategy) {
            case DUMMY -> new Dummy(buffers == Buffers.HEAP ? null : new NativeSlab(1, 1));
            case ALLOC -> new Allocating(slab);
            case MIX -> new Pooled(sizes.mix(), slab);
            case POOL -> new Pooled(sizes.pool(), slab);
        };
    }

    /** A packet to fill; its buffer's slab offset is then {@link #acquiredOffset()}. */
    public abstract Packet acquire();

    /**
     * Where the buffer of the packet the last {@link #acquire()} returned starts in the slab ({@link
     * Packet#slabOffset()}), kept beside the packet so that the caller need not read the packet for it;
     * -1 for heap buffers.
     */
    abstract long acquiredOffset();

    /**
     * Gives a packet back.
     *
     * @param slabOffset its {@link Packet#slabOffset()}, as {@link #acquiredOffset()} gave it
     */
    public abstract void release(Packet packet, long slabOffset);

    /** Gives a packet back, reading its slab offset from it. */
    public final void release(Packet packet) {
        release(packet, packet.slabOffset());
    }

    /** Packets acquired and not released. */
    public abstract long outstanding();

    /**
     * After everything was released: null when every packet came back, else a sentence saying how
     * many did not (the pool's own count for the pooled strategies).
     */
    public String leakCheck() {
        long out = outstanding();
        return out == 0 ? null : out + " packets were acquired and never released";
    }

    /**
     * The segment every packet's buffer of this strategy lives in (see {@link NativePacket#slabOffset()}),
     * or null for heap buffers.
     */
    final MemorySegment slabSegment() {
        return slab == null ? null : slab.segment();
    }

    final NativeSlab slab() {
        return slab;
    }

    /** Frees the native slab, if any. */
    @Override
    public final void close() {
        if (slab != null) {
            slab.close();
        }
    }

    /** One packet for everything (the post's dummy strategy: it measures the framework). */
    static final class Dummy extends PacketStrategy {
        private final Packet packet;
        private final long offset;
        private long outstanding;

        Dummy(NativeSlab slab) {
            super(slab);
            this.packet = slab == null ? new HeapPacket() : slab.reservedPacket(0);
            this.offset = packet.slabOffset();
        }

        @Override
        public Packet acquire() {
            outstanding++;
            return packet;
        }

        @Override
        long acquiredOffset() {
            return offset;
        }

        @Override
        public void release(Packet p, long slabOffset) {
            outstanding--;
        }

        @Override
        public long outstanding() {
            return outstanding;
        }
    }

    /** A new packet every time; native buffers still come from the slab's free slots. */
    static final class Allocating extends PacketStrategy {
        private long acquiredOffset = -1;
        private long outstanding;

        Allocating(NativeSlab slab) {
            super(slab);
        }

        @Override
        public Packet acquire() {
            outstanding++;
            if (slab() == null) {
                return new HeapPacket();
            }
            NativePacket p = slab().newPacket();
            acquiredOffset = p.slabOffset();
            return p;
        }

        @Override
        long acquiredOffset() {
            return acquiredOffset;
        }

        @Override
        public void release(Packet p, long slabOffset) {
            outstanding--;
            if (slab() != null) {
                slab().freeSlot(slabOffset);
            }
        }

        @Override
        public long outstanding() {
            return outstanding;
        }
    }

    /**
     * A pool made up front that allocates when empty and drops when full (mix and pool differ in size);
     * the pool keeps each packet's slab offset beside it, and counts what it lends and takes back.
     */
    static final class Pooled extends PacketStrategy {
        private final int reserved;
        private int nextReserved;
        private final ObjectPool<Packet> pool;

        Pooled(int capacity, NativeSlab slab) {
            super(slab);
            this.reserved = capacity;
            this.pool = ObjectPool.allocatingWhenEmpty(capacity, this::newPacket, Packet::slabOffset);
        }

        private Packet newPacket() {
            NativeSlab slab = slab();
            if (slab == null) {
                return new HeapPacket();
            }
            return nextReserved < reserved ? slab.reservedPacket(nextReserved++) : slab.newPacket();
        }

        @Override
        public Packet acquire() {
            return pool.acquire();
        }

        @Override
        long acquiredOffset() {
            return pool.acquiredTag();
        }

        @Override
        public void release(Packet p, long slabOffset) {
            if (!pool.release(p, slabOffset) && slab() != null) {
                slab().freeSlot(slabOffset);
            }
        }

        @Override
        public long outstanding() {
            return pool.outstanding();
        }

        @Override
        public String leakCheck() {
            return pool.leakCheck();
        }
    }
}

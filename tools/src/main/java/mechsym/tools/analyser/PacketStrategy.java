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

    private long acquired;
    private long released;

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

    public final Packet acquire() {
        acquired++;
        return take();
    }

    public final void release(Packet packet) {
        released++;
        packet.header = null;
        giveBack(packet);
    }

    abstract Packet take();

    abstract void giveBack(Packet packet);

    /** Packets acquired and not released. */
    public long outstanding() {
        return acquired - released;
    }

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

        Dummy(NativeSlab slab) {
            super(slab);
            this.packet = slab == null ? new HeapPacket() : slab.reservedPacket(0);
        }

        @Override
        Packet take() {
            return packet;
        }

        @Override
        void giveBack(Packet p) {}
    }

    /** A new packet every time; native buffers still come from the slab's free slots. */
    static final class Allocating extends PacketStrategy {
        Allocating(NativeSlab slab) {
            super(slab);
        }

        @Override
        Packet take() {
            return slab() == null ? new HeapPacket() : slab().newPacket();
        }

        @Override
        void giveBack(Packet p) {
            if (slab() != null) {
                slab().freeSlot((NativePacket) p);
            }
        }
    }

    /** A pool made up front that allocates when empty and drops when full (mix and pool differ in size). */
    static final class Pooled extends PacketStrategy {
        private final int reserved;
        private int nextReserved;
        private final ObjectPool<Packet> pool;

        Pooled(int capacity, NativeSlab slab) {
            super(slab);
            this.reserved = capacity;
            this.pool = ObjectPool.allocatingWhenEmpty(capacity, this::newPacket);
        }

        private Packet newPacket() {
            NativeSlab slab = slab();
            if (slab == null) {
                return new HeapPacket();
            }
            return nextReserved < reserved ? slab.reservedPacket(nextReserved++) : slab.newPacket();
        }

        @Override
        Packet take() {
            return pool.acquire();
        }

        @Override
        void giveBack(Packet p) {
            if (!pool.release(p) && slab() != null) {
                slab().freeSlot((NativePacket) p);
            }
        }

        @Override
        public String leakCheck() {
            return pool.leakCheck();
        }
    }
}

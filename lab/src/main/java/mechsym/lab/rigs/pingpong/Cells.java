package mechsym.lab.rigs.pingpong;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import mechsym.core.concurrent.Sequence;
import mechsym.lab.rigs.threads.PaddedCell;

/**
 * The two cells a ping-pong hands its counter through, in one of three layouts, each written with
 * one {@link StoreMode}. A forked JVM should load one layout only, so the calls in the spin loops
 * stay monomorphic; the store mode is a final field, a branch the CPU predicts.
 *
 * <p>Not thread-safe by itself: one thread writes {@code ping}, the other {@code pong}, each reads
 * the other's; the store mode sets the ordering (a read is acquire for {@link StoreMode#RELEASE},
 * volatile otherwise, as the lazySet post's {@code get} always is).
 */
public abstract sealed class Cells permits Cells.Unpadded, Cells.Padded, Cells.OfSequence {
    /** How the two cells sit in memory. */
    public enum Layout {
        /** The posts' layout: two long fields of one object, so on one cache line. */
        UNPADDED("the post's: two fields on one line"),
        /** The lab's hand-written cells, each alone on its 128 bytes. */
        PADDED("padded cells (128 bytes apart)"),
        /** Core's {@link Sequence} (padded), the component itself. */
        SEQUENCE("core's Sequence (padded)");

        public final String label;

        Layout(String label) {
            this.label = label;
        }
    }

    final StoreMode mode;

    private Cells(StoreMode mode) {
        this.mode = mode;
    }

    /** A fresh pair of cells, both at {@code initial}. */
    public static Cells of(Layout layout, StoreMode mode, long initial) {
        Cells cells = switch (layout) {
            case UNPADDED -> new Unpadded(mode);
            case PADDED -> new Padded(mode);
            case SEQUENCE -> new OfSequence(mode);
        };
        cells.publishPing(initial);
        cells.publishPong(initial);
        return cells;
    }

    abstract void publishPing(long value);

    abstract void publishPong(long value);

    abstract long readPing();

    abstract long readPong();

    /** Two fields of one object: the posts' static fields side by side. */
    static final class Unpadded extends Cells {
        private static final VarHandle PING = field("ping");
        private static final VarHandle PONG = field("pong");

        @SuppressWarnings("unused") // accessed through the VarHandles
        private volatile long ping;

        @SuppressWarnings("unused")
        private volatile long pong;

        Unpadded(StoreMode mode) {
            super(mode);
        }

        @Override
        void publishPing(long value) {
            mode.store(PING, this, value);
        }

        @Override
        void publishPong(long value) {
            mode.store(PONG, this, value);
        }

        @Override
        long readPing() {
            return mode.load(PING, this);
        }

        @Override
        long readPong() {
            return mode.load(PONG, this);
        }

        private static VarHandle field(String name) {
            try {
                return MethodHandles.lookup().findVarHandle(Unpadded.class, name, long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    /** Two {@link PaddedCell}s, each alone on its 128 bytes. */
    static final class Padded extends Cells {
        private final PaddedCell ping = new PaddedCell(0);
        private final PaddedCell pong = new PaddedCell(0);

        Padded(StoreMode mode) {
            super(mode);
        }

        @Override
        void publishPing(long value) {
            mode.store(PaddedCell.VALUE, ping, value);
        }

        @Override
        void publishPong(long value) {
            mode.store(PaddedCell.VALUE, pong, value);
        }

        @Override
        long readPing() {
            return mode.load(PaddedCell.VALUE, ping);
        }

        @Override
        long readPong() {
            return mode.load(PaddedCell.VALUE, pong);
        }
    }

    /** Two of core's {@link Sequence}s, through their own access methods. */
    static final class OfSequence extends Cells {
        private final Sequence ping = new Sequence(0);
        private final Sequence pong = new Sequence(0);

        OfSequence(StoreMode mode) {
            super(mode);
        }

        @Override
        void publishPing(long value) {
            store(ping, value);
        }

        @Override
        void publishPong(long value) {
            store(pong, value);
        }

        @Override
        long readPing() {
            return mode == StoreMode.RELEASE ? ping.getAcquire() : ping.getVolatile();
        }

        @Override
        long readPong() {
            return mode == StoreMode.RELEASE ? pong.getAcquire() : pong.getVolatile();
        }

        private void store(Sequence sequence, long value) {
            switch (mode) {
                case VOLATILE -> sequence.setVolatile(value);
                case RELEASE -> sequence.setRelease(value);
                case PLAIN -> sequence.setPlain(value);
            }
        }
    }
}

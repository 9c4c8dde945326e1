package mechsym.lab.experiments.lazyset;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import mechsym.lab.rigs.threads.PaddedCell;

/**
 * The post's Counter: a single-writer long whose {@code get} is always a volatile read and whose
 * {@code set} is volatile, lazy ({@code lazySet} = {@code setRelease}) or direct (a plain store), in
 * five storages. The set method is fixed per JVM by {@code -Dmechsym.lazyset.set}, a {@code static
 * final} the JIT folds, and a JVM only ever loads one storage, so every call site is monomorphic.
 *
 * <pre>
 *   storage            two counters ...                          as in
 *   AtomicLong         two AtomicLong objects, allocated together  the post
 *   field              two small objects with a volatile long      the post's VolatileLong
 *   field padded       each value alone on 128 bytes (PaddedCell: class-hierarchy padding)
 *   segment            off-heap, 8 bytes apart (one cache line)    FFM instead of Unsafe
 *   segment padded     off-heap, 128 bytes apart
 *   core Sequence      mechsym's padded Sequence: setVolatile /   the component itself
 *                      setRelease / setPlain, getVolatile
 * </pre>
 */
final class Counters {
    /** How {@link Counter#set} writes. */
    enum SetMethod {
        VOLATILE,
        LAZY,
        DIRECT
    }

    /** Where the two counters live. */
    enum Storage {
        ATOMIC_LONG("AtomicLong"),
        FIELD("field"),
        FIELD_PADDED("field padded"),
        SEGMENT("segment"),
        SEGMENT_PADDED("segment padded"),
        SEQUENCE("core Sequence");

        final String label;

        Storage(String label) {
            this.label = label;
        }

        /** Whether the post measured this storage (the padded and off-heap ones it set aside for later). */
        boolean postsOwn() {
            return this == ATOMIC_LONG || this == FIELD;
        }
    }

    /** The post's interface: get is a volatile read, set is the method under test. */
    interface Counter {
        long get();

        void set(long value);
    }

    static final String SET_PROPERTY = "mechsym.lazyset.set";
    static final SetMethod SET = SetMethod.valueOf(System.getProperty(SET_PROPERTY, SetMethod.VOLATILE.name()));

    private Counters() {}

    /** Two counters, one per thread, in the given storage. */
    static Counter[] pair(Storage storage, Arena arena) {
        return switch (storage) {
            case ATOMIC_LONG -> new Counter[] {new AtomicCounter(), new AtomicCounter()};
            case FIELD -> new Counter[] {new FieldCounter(), new FieldCounter()};
            case FIELD_PADDED -> new Counter[] {new PaddedFieldCounter(), new PaddedFieldCounter()};
            case SEGMENT -> segmentPair(arena, 8);
            case SEGMENT_PADDED -> segmentPair(arena, 128);
            case SEQUENCE -> new Counter[] {new SequenceCounter(), new SequenceCounter()};
        };
    }

    private static Counter[] segmentPair(Arena arena, long distance) {
        MemorySegment segment = arena.allocate(256, 128);
        return new Counter[] {new SegmentCounter(segment, 0), new SegmentCounter(segment, distance)};
    }

    /** mechsym's own Sequence: the component, measured beside the post's hand-written counters. */
    static final class SequenceCounter implements Counter {
        private final mechsym.core.concurrent.Sequence value = new mechsym.core.concurrent.Sequence(0);

        @Override
        public long get() {
            return value.getVolatile();
        }

        @Override
        public void set(long v) {
            switch (SET) {
                case VOLATILE -> value.setVolatile(v);
                case LAZY -> value.setRelease(v);
                case DIRECT -> value.setPlain(v);
            }
        }
    }

    static final class AtomicCounter implements Counter {
        private final AtomicLong value = new AtomicLong();

        @Override
        public long get() {
            return value.get();
        }

        @Override
        public void set(long v) {
            if (SET == SetMethod.VOLATILE) {
                value.set(v);
            } else if (SET == SetMethod.LAZY) {
                value.lazySet(v);
            } else {
                value.setPlain(v);
            }
        }
    }

    static final class FieldCounter implements Counter {
        private static final VarHandle VALUE = handle(FieldCounter.class);
        private volatile long value;

        @Override
        public long get() {
            return value;
        }

        @Override
        public void set(long v) {
            store(VALUE, this, v);
        }
    }

    static final class PaddedFieldCounter implements Counter {
        private final PaddedCell cell = new PaddedCell(0);

        @Override
        public long get() {
            return cell.value;
        }

        @Override
        public void set(long v) {
            store(PaddedCell.VALUE, cell, v);
        }
    }

    /** A field's set, by the JVM's set method: setVolatile is what a volatile field store compiles to. */
    private static void store(VarHandle handle, Object holder, long v) {
        if (SET == SetMethod.VOLATILE) {
            handle.setVolatile(holder, v);
        } else if (SET == SetMethod.LAZY) {
            handle.setRelease(holder, v);
        } else {
            handle.set(holder, v);
        }
    }

    static final class SegmentCounter implements Counter {
        private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
        private final MemorySegment segment;
        private final long offset;

        SegmentCounter(MemorySegment segment, long offset) {
            this.segment = segment;
            this.offset = offset;
            LONG.setVolatile(segment, offset, 0L);
        }

        @Override
        public long get() {
            return (long) LONG.getVolatile(segment, offset);
        }

        @Override
        public void set(long v) {
            if (SET == SetMethod.VOLATILE) {
                LONG.setVolatile(segment, offset, v);
            } else if (SET == SetMethod.LAZY) {
                LONG.setRelease(segment, offset, v);
            } else {
                LONG.set(segment, offset, v);
            }
        }
    }

    private static VarHandle handle(Class<?> owner) {
        try {
            return MethodHandles.lookup().findVarHandle(owner, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}

package mechsym.lab.experiments.queues;

import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.function.Supplier;
import mechsym.core.concurrent.BoundedQueue;
import mechsym.core.concurrent.MpscQueue;
import mechsym.core.concurrent.Sequence;
import mechsym.core.concurrent.SpscQueue;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;
import org.jctools.queues.varhandle.MpscVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscVarHandleArrayQueue;

/**
 * The queues the benchmarks compare, by the name the report uses, each behind the same two-method
 * {@link Transfer}. Every JMH fork uses one kind only, so each call site stays monomorphic.
 */
enum QueueKind {
    MECHSYM_SPSC("mechsym-spsc", "SPSC") {
        @Override
        Transfer create(int capacity) {
            return new CoreTransfer(new SpscQueue<>(capacity));
        }
    },
    MECHSYM_SPSC_CLASS("mechsym-spsc-class", "SPSC, called through its class") {
        @Override
        Transfer create(int capacity) {
            return new SpscClassTransfer(new SpscQueue<>(capacity));
        }
    },
    MECHSYM_SPSC_INDEXED("mechsym-spsc-indexed", "SPSC, cached indices, release") {
        @Override
        Transfer create(int capacity) {
            return new IndexedTransfer(new IndexedSpscQueue.Release<>(capacity));
        }
    },
    MECHSYM_SPSC_INDEXED_VOLATILE("mechsym-spsc-indexed-volatile", "SPSC, cached indices, volatile") {
        @Override
        Transfer create(int capacity) {
            return new IndexedTransfer(new IndexedSpscQueue.Volatile<>(capacity));
        }
    },
    JCTOOLS_SPSC("jctools-spsc", "SPSC") {
        @Override
        Transfer create(int capacity) {
            return new QueueTransfer(new SpscArrayQueue<>(capacity));
        }
    },
    JCTOOLS_SPSC_CLASS("jctools-spsc-class", "SPSC, called through its class") {
        @Override
        Transfer create(int capacity) {
            return new JctoolsSpscClassTransfer(new SpscArrayQueue<>(capacity));
        }
    },
    /**
     * JCTools' Unsafe-free SPSC queue (jctools-core-jdk11, VarHandle access): what users who turn
     * Unsafe off pick, so the like-for-like anchor for mechsym's queues, which never use Unsafe.
     */
    JCTOOLS_SPSC_VARHANDLE("jctools-spsc-varhandle", "SPSC, VarHandle (no Unsafe)") {
        @Override
        Transfer create(int capacity) {
            return new QueueTransfer(new SpscVarHandleArrayQueue<>(capacity));
        }
    },
    AGRONA_ONE_TO_ONE("agrona-one-to-one", "SPSC") {
        @Override
        Transfer create(int capacity) {
            return new QueueTransfer(new OneToOneConcurrentArrayQueue<>(capacity));
        }
    },
    MECHSYM_MPSC("mechsym-mpsc", "MPSC") {
        @Override
        Transfer create(int capacity) {
            return new CoreTransfer(new MpscQueue<>(capacity));
        }
    },
    JCTOOLS_MPSC("jctools-mpsc", "MPSC") {
        @Override
        Transfer create(int capacity) {
            return new QueueTransfer(new MpscArrayQueue<>(capacity));
        }
    },
    /**
     * JCTools' MPSC queue polled with {@code relaxedPoll}: {@code null} when the next slot is empty,
     * without reading the producers' index to tell an empty queue from a claimed slot not yet stored.
     * That is what mechsym's and Agrona's MPSC {@code poll} do, so this is the like-for-like row.
     */
    JCTOOLS_MPSC_RELAXED("jctools-mpsc-relaxed", "MPSC, relaxedPoll") {
        @Override
        Transfer create(int capacity) {
            return new RelaxedPollTransfer(new MpscArrayQueue<>(capacity));
        }
    },
    /** JCTools' Unsafe-free MPSC queue (VarHandle access), the anchor for mechsym's MPSC queue. */
    JCTOOLS_MPSC_VARHANDLE("jctools-mpsc-varhandle", "MPSC, VarHandle (no Unsafe)") {
        @Override
        Transfer create(int capacity) {
            return new QueueTransfer(new MpscVarHandleArrayQueue<>(capacity));
        }
    },
    AGRONA_MANY_TO_ONE("agrona-many-to-one", "MPSC") {
        @Override
        Transfer create(int capacity) {
            return new QueueTransfer(new ManyToOneConcurrentArrayQueue<>(capacity));
        }
    },
    ARRAY_BLOCKING_QUEUE("array-blocking-queue", "MPMC, lock") {
        @Override
        Transfer create(int capacity) {
            return new QueueTransfer(new ArrayBlockingQueue<>(capacity));
        }
    },
    CONCURRENT_LINKED_QUEUE("concurrent-linked-queue", "MPMC, unbounded") {
        @Override
        Transfer create(int capacity) {
            return new BoundedByCount(
                    new ConcurrentLinkedQueue<>(), Math.max(capacity, 4 * BoundedByCount.PUBLISH_EVERY));
        }
    };

    final String label;
    final String kind;

    QueueKind(String label, String kind) {
        this.label = label;
        this.kind = kind;
    }

    abstract Transfer create(int capacity);

    static QueueKind of(String label) {
        for (QueueKind kind : values()) {
            if (kind.label.equals(label)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown queue " + label);
    }

    /**
     * One producer thread offers, one consumer thread polls; {@code fill} and {@code drain} are the
     * queue's batch operations where it has them, else loops of offers and polls.
     */
    abstract static class Transfer {
        /** A supplier that every library's {@code fill} takes as it is: no adapter per call. */
        interface Source extends Supplier<Integer>, MessagePassingQueue.Supplier<Integer> {}

        /** A consumer that every library's {@code drain} takes as it is. */
        interface Sink extends Consumer<Integer>, MessagePassingQueue.Consumer<Integer> {}

        abstract boolean offer(Integer element);

        abstract Integer poll();

        int fill(Source supplier, int limit) {
            int filled = 0;
            while (filled < limit && offer(supplier.get())) { // drops one element when full: benchmarks only
                filled++;
            }
            return filled;
        }

        int drain(Sink consumer, int limit) {
            int drained = 0;
            for (Integer element; drained < limit && (element = poll()) != null; drained++) {
                consumer.accept(element);
            }
            return drained;
        }
    }

    private static final class CoreTransfer extends Transfer {
        private final BoundedQueue<Integer> queue;

        CoreTransfer(BoundedQueue<Integer> queue) {
            this.queue = queue;
        }

        @Override
        boolean offer(Integer element) {
            return queue.offer(element);
        }

        @Override
        Integer poll() {
            return queue.poll();
        }

        @Override
        int fill(Source supplier, int limit) {
            return queue.fill(supplier, limit);
        }

        @Override
        int drain(Sink consumer, int limit) {
            return queue.drain(consumer, limit);
        }
    }

    /**
     * mechsym's SPSC queue held by its class: no interface call, so no receiver check in the loops.
     * The transfers below repeat one shape on purpose: each names its queue's own static type, which
     * is the whole difference between them (docs/queues.md).
     */
    private static final class SpscClassTransfer extends Transfer {
        private final SpscQueue<Integer> queue;

        SpscClassTransfer(SpscQueue<Integer> queue) {
            this.queue = queue;
        }

        @Override
        boolean offer(Integer element) {
            return queue.offer(element);
        }

        @Override
        Integer poll() {
            return queue.poll();
        }
    }

    /** JCTools' SPSC queue held by its class, the same way as {@link SpscClassTransfer}. */
    private static final class JctoolsSpscClassTransfer extends Transfer {
        private final SpscArrayQueue<Integer> queue;

        JctoolsSpscClassTransfer(SpscArrayQueue<Integer> queue) {
            this.queue = queue;
        }

        @Override
        boolean offer(Integer element) {
            return queue.offer(element);
        }

        @Override
        Integer poll() {
            return queue.poll();
        }
    }

    private static final class IndexedTransfer extends Transfer {
        private final IndexedSpscQueue<Integer> queue;

        IndexedTransfer(IndexedSpscQueue<Integer> queue) {
            this.queue = queue;
        }

        @Override
        boolean offer(Integer element) {
            return queue.offer(element);
        }

        @Override
        Integer poll() {
            return queue.poll();
        }
    }

    /** A {@link Queue}; its batch operations are JCTools' or Agrona's where it has them. */
    private static final class QueueTransfer extends Transfer {
        private final Queue<Integer> queue;
        private final MessagePassingQueue<Integer> messagePassing; // JCTools, or null
        private final org.agrona.concurrent.Pipe<Integer> pipe; // Agrona, or null

        @SuppressWarnings("unchecked")
        QueueTransfer(Queue<Integer> queue) {
            this.queue = queue;
            this.messagePassing = queue instanceof MessagePassingQueue<?> m ? (MessagePassingQueue<Integer>) m : null;
            this.pipe =
                    queue instanceof org.agrona.concurrent.Pipe<?> p ? (org.agrona.concurrent.Pipe<Integer>) p : null;
        }

        @Override
        int fill(Source supplier, int limit) {
            return messagePassing != null ? messagePassing.fill(supplier, limit) : super.fill(supplier, limit);
        }

        @Override
        int drain(Sink consumer, int limit) {
            if (messagePassing != null) {
                return messagePassing.drain(consumer, limit);
            }
            return pipe != null ? pipe.drain(consumer, limit) : super.drain(consumer, limit);
        }

        @Override
        boolean offer(Integer element) {
            return queue.offer(element);
        }

        @Override
        Integer poll() {
            return queue.poll();
        }
    }

    /** A JCTools queue polled with {@code relaxedPoll} (see {@link #JCTOOLS_MPSC_RELAXED}). */
    private static final class RelaxedPollTransfer extends Transfer {
        private final MessagePassingQueue<Integer> queue;

        RelaxedPollTransfer(MessagePassingQueue<Integer> queue) {
            this.queue = queue;
        }

        @Override
        boolean offer(Integer element) {
            return queue.offer(element);
        }

        @Override
        Integer poll() {
            return queue.relaxedPoll();
        }
    }

    /**
     * An unbounded queue held to the others' capacity, so that a faster producer cannot fill the
     * heap: the consumer publishes its count every {@value #PUBLISH_EVERY} elements (a padded
     * sequence), and the producer re-reads it only when its cached limit is hit, the way the bounded
     * queues cache their consumer index. Needs a capacity well above {@value #PUBLISH_EVERY}, or a
     * producer at its limit could wait for a count the consumer has not published yet.
     */
    private static final class BoundedByCount extends Transfer {
        private static final int PUBLISH_EVERY = 256;

        private final Queue<Integer> queue;
        private final int capacity;
        private final Sequence consumed = new Sequence(0);
        private long produced;
        private long limit;
        private long polled;

        BoundedByCount(Queue<Integer> queue, int capacity) {
            this.queue = queue;
            this.capacity = capacity;
            this.limit = capacity;
        }

        @Override
        boolean offer(Integer element) {
            if (produced >= limit) {
                limit = consumed.getAcquire() + capacity;
                if (produced >= limit) {
                    return false;
                }
            }
            produced++;
            return queue.offer(element);
        }

        @Override
        Integer poll() {
            Integer element = queue.poll();
            if (element != null && ++polled % PUBLISH_EVERY == 0) {
                consumed.setRelease(polled);
            }
            return element;
        }
    }
}

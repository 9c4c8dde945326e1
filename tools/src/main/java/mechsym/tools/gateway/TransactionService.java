package mechsym.tools.gateway;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;
import mechsym.core.concurrent.MpscQueue;
import mechsym.core.concurrent.ThresholdListener;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;
import mechsym.tools.platform.ServerThreads;

/**
 * The asynchronous transaction service behind the gateway: {@code S} service threads, each fed by
 * its own input queue (core's {@link MpscQueue}: every gateway thread produces, the one service
 * thread consumes), each answering through the submitting gateway thread's output queue.
 *
 * <pre>
 *  gateway threads ──offer──▶ [input queue 0] ──poll──▶ service thread 0 ──answer──▶ gateway output queues
 *                  ──offer──▶ [input queue 1] ──poll──▶ service thread 1 ──answer──▶
 * </pre>
 *
 * <p><b>Bounds:</b> the queues hold {@link QueueSizing#length()} transactions in all, split evenly;
 * each queue admits through a permit count (a compare-and-set below its share), because core's
 * queues round their capacity up to a power of two and the sized length is usually not one.
 * {@link QueuePolicy#REJECT} refuses a transaction when every queue is at its share; {@link
 * QueuePolicy#BLOCK} waits (parking 20 us at a time) on the calling gateway thread; {@link
 * QueuePolicy#UNBOUNDED} uses {@link ConcurrentLinkedQueue}s and never refuses.
 *
 * <p><b>Alert:</b> each bounded queue carries core's {@link ThresholdListener} at the configured
 * fraction of its share; an upward crossing logs a line and counts an alert.
 *
 * <p><b>A service thread that dies</b> (an {@link Error} out of a transaction's work) is reported to
 * the gateway and its queue admits nothing more; the transactions left in it are never answered, so
 * the gateway's request timeout answers their clients.
 *
 * <p><b>Thread safety:</b> {@link #submit} from any number of gateway threads; {@link #depth()} and
 * the counters from any thread. Transaction times (service thread, from poll to answer) go into a
 * shared {@link LatencyRecorder}.
 */
public final class TransactionService implements AutoCloseable {
    private final GatewayConfig config;
    private final GatewayCounters counters;
    private final Inbox[] inboxes;
    private final Work[] works;
    private final LatencyRecorder transactionTimes = new LatencyRecorder(LoadMode.CLOSED_LOOP);
    private final int hashRounds;
    private volatile boolean running = true;

    /** What one service thread runs for a transaction: its answer's body from the request's. */
    interface Work {
        byte[] run(byte[] body);
    }

    TransactionService(GatewayConfig config, GatewayCounters counters, IntFunction<Work> work) {
        this.config = config;
        this.counters = counters;
        int services = config.serviceThreads();
        int length = config.sizing().length();
        this.inboxes = new Inbox[services];
        this.works = new Work[services];
        for (int i = 0; i < services; i++) {
            int share = length / services + (i < length % services ? 1 : 0);
            inboxes[i] = new Inbox(i, share);
            works[i] = work.apply(i);
        }
        this.hashRounds = works[0] instanceof TransactionWork real ? real.hashRounds() : 1;
    }

    /**
     * Starts the service threads on {@code threads}; one that dies is marked so (its queue refuses)
     * and reported to {@code died} with its name.
     */
    void start(ServerThreads threads, BiConsumer<String, Throwable> died) {
        for (int i = 0; i < inboxes.length; i++) {
            Inbox inbox = inboxes[i];
            Work work = works[i];
            String name = "mechsym-service-" + i;
            threads.start(name, () -> {
                try {
                    serve(inbox, work);
                } catch (Throwable t) {
                    inbox.dead = true;
                    died.accept(name, t);
                }
            });
        }
    }

    /** How a {@link #submit} ended. */
    enum Admission {
        ACCEPTED,
        REJECTED
    }

    /**
     * Offers {@code transaction} to the input queue {@code hint} (mod S), then to the others; with
     * {@link QueuePolicy#BLOCK} waits until one has room.
     */
    Admission submit(Transaction transaction, int hint) {
        int n = inboxes.length;
        int first = Math.floorMod(hint, n);
        while (true) {
            for (int i = 0; i < n; i++) {
                Inbox inbox = inboxes[(first + i) % n];
                transaction.queue = inbox.index; // before the offer publishes it
                if (inbox.offer(transaction)) {
                    counters.accepted.increment();
                    counters.inFlight.incrementAndGet();
                    return Admission.ACCEPTED;
                }
            }
            if (config.policy() != QueuePolicy.BLOCK || !running || allDead()) {
                transaction.queue = -1;
                counters.rejected.increment();
                return Admission.REJECTED;
            }
            counters.blockedWaits.increment();
            LockSupport.parkNanos(20_000);
        }
    }

    /** Whether the service thread of input queue {@code queue} died. */
    boolean isDead(int queue) {
        return queue >= 0 && inboxes[queue].dead;
    }

    private boolean allDead() {
        for (Inbox inbox : inboxes) {
            if (!inbox.dead) {
                return false;
            }
        }
        return true;
    }

    /** Transactions waiting in the input queues (not yet taken by a service thread). */
    public int depth() {
        int depth = 0;
        for (Inbox inbox : inboxes) {
            depth += inbox.depth();
        }
        return depth;
    }

    /** The recorder of transaction times (poll to answer, on the service threads). */
    public LatencyRecorder transactionTimes() {
        return transactionTimes;
    }

    /** SHA-256 rounds per transaction ({@link WorkKind#HASH}), as calibrated at start. */
    int hashRounds() {
        return hashRounds;
    }

    private void serve(Inbox inbox, Work work) {
        while (running) {
            Transaction transaction = inbox.take();
            if (transaction == null) {
                continue;
            }
            long start = System.nanoTime();
            try {
                transaction.result = work.run(transaction.body);
            } catch (RuntimeException e) {
                // an accepted transaction is always answered, and the service thread goes on
                transaction.status = 500;
                transaction.result =
                        ("transaction failed: " + e + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
            transactionTimes.record(System.nanoTime() - start);
            counters.answered.increment();
            counters.inFlight.decrementAndGet();
            transaction.answers.answered(transaction);
        }
    }

    /** Tells the service threads to stop (the gateway joins them); transactions still queued are not run. */
    @Override
    public void close() {
        running = false;
        for (Inbox inbox : inboxes) {
            LockSupport.unpark(inbox.consumer);
        }
    }

    /**
     * One service thread's input queue with its admission count and the consumer's parking: the
     * consumer spins briefly, then parks after announcing it ({@code sleeping}); a producer that sees
     * the announcement unparks it.
     */
    private final class Inbox implements ThresholdListener {
        private final int index;
        private final int share;
        private final Queue<Transaction> unbounded;
        private final MpscQueue<Transaction> bounded;
        private final AtomicInteger depth = new AtomicInteger();
        private volatile boolean sleeping;
        private volatile Thread consumer;
        /** Its service thread died: it admits nothing more. */
        private volatile boolean dead;

        Inbox(int index, int share) {
            this.index = index;
            this.share = share;
            if (config.policy() == QueuePolicy.UNBOUNDED) {
                this.unbounded = new ConcurrentLinkedQueue<>();
                this.bounded = null;
            } else {
                int capacity = Integer.highestOneBit(Math.max(1, share - 1)) << (share > 1 ? 1 : 0);
                // the alert level is a fraction of the share, which the queue sees as a fraction of its capacity
                double fraction = Math.min(1.0, config.alertFraction() * share / capacity);
                this.bounded = new MpscQueue<>(share, fraction, this);
                this.unbounded = null;
            }
        }

        boolean offer(Transaction transaction) {
            if (dead) {
                return false;
            }
            if (bounded == null) {
                depth.incrementAndGet();
                unbounded.offer(transaction);
            } else {
                int now;
                do {
                    now = depth.get();
                    if (now >= share) {
                        return false;
                    }
                } while (!depth.compareAndSet(now, now + 1));
                if (!bounded.offer(transaction)) {
                    throw new IllegalStateException("input queue refused below its share: " + bounded);
                }
            }
            if (sleeping) {
                LockSupport.unpark(consumer);
            }
            return true;
        }

        /** The next transaction, waiting for one; {@code null} when stopping. Consumer thread only. */
        Transaction take() {
            consumer = Thread.currentThread();
            for (int spins = 0; running; spins++) {
                Transaction transaction = bounded != null ? bounded.poll() : unbounded.poll();
                if (transaction != null) {
                    depth.decrementAndGet();
                    return transaction;
                }
                if (spins < 100) {
                    Thread.onSpinWait();
                } else {
                    sleeping = true;
                    if (depth.get() == 0 && running) {
                        LockSupport.parkNanos(1_000_000);
                    }
                    sleeping = false;
                    spins = 0;
                }
            }
            return null;
        }

        int depth() {
            return depth.get();
        }

        @Override
        public void onThresholdCrossed(boolean above, int size, int capacity) {
            if (above) {
                counters.alerts.increment();
                System.out.println("mechsym gateway: ALERT input queue " + index + " is at " + size + " of " + share
                        + " (" + Math.round(config.alertFraction() * 100) + "% threshold)");
            }
        }
    }
}

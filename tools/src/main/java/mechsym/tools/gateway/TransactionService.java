package mechsym.tools.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import mechsym.core.concurrent.MpscQueue;
import mechsym.core.concurrent.ThresholdListener;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;

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
 * <p><b>Thread safety:</b> {@link #submit} from any number of gateway threads; {@link #depth()} and
 * the counters from any thread. Transaction times (service thread, from poll to answer) go into a
 * shared {@link LatencyRecorder}.
 */
public final class TransactionService implements AutoCloseable {
    private final GatewayConfig config;
    private final GatewayCounters counters;
    private final Inbox[] inboxes;
    private final List<Thread> threads = new ArrayList<>();
    private final LatencyRecorder transactionTimes = new LatencyRecorder(LoadMode.CLOSED_LOOP);
    private final int hashRounds;
    private volatile boolean running = true;

    TransactionService(GatewayConfig config, GatewayCounters counters) {
        this.config = config;
        this.counters = counters;
        int services = config.serviceThreads();
        int length = config.sizing().length();
        this.inboxes = new Inbox[services];
        int rounds = 1;
        for (int i = 0; i < services; i++) {
            int share = length / services + (i < length % services ? 1 : 0);
            inboxes[i] = new Inbox(i, share);
            TransactionWork work = new TransactionWork(config.work(), config.transactionMicros());
            rounds = work.hashRounds();
            Inbox inbox = inboxes[i];
            Thread thread = Thread.ofPlatform()
                    .name("mechsym-service-" + i)
                    .daemon(true)
                    .unstarted(() -> serve(inbox, work));
            threads.add(thread);
        }
        this.hashRounds = rounds;
        threads.forEach(Thread::start);
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
                if (inbox.offer(transaction)) {
                    counters.accepted.increment();
                    counters.inFlight.incrementAndGet();
                    return Admission.ACCEPTED;
                }
            }
            if (config.policy() != QueuePolicy.BLOCK || !running) {
                counters.rejected.increment();
                return Admission.REJECTED;
            }
            counters.blockedWaits.increment();
            LockSupport.parkNanos(20_000);
        }
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

    private void serve(Inbox inbox, TransactionWork work) {
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

    /** Stops the service threads; transactions still queued are not run. */
    @Override
    public void close() {
        running = false;
        for (Inbox inbox : inboxes) {
            LockSupport.unpark(inbox.consumer);
        }
        for (Thread thread : threads) {
            try {
                thread.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
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

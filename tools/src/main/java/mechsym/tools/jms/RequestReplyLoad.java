package mechsym.tools.jms;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;
import mechsym.tools.latency.SendSchedule;
import org.HdrHistogram.Histogram;

/**
 * An open-loop JMS request-reply load: requests leave on the schedule of a {@link Ramp} (not when the
 * previous reply arrives), each with a reply-to temporary queue and its own correlation id, and each
 * reply is timed from the request's <em>intended</em> send time, so a stalled broker or service shows
 * in every request it held up (no coordinated omission). Latencies go into one {@link LatencyRecorder}
 * ({@link LoadMode#FIXED_RATE}) and into a histogram per second of the ramp (by intended send time).
 *
 * <pre>
 *   sender 1..s --TextMessage(replyTo=tmp, corrId=k)--> [queue] --> service
 *   reply listener <--TEXT------------------------------ [tmp]  <--
 *   sweeper: a request unanswered after the timeout counts as a timeout
 * </pre>
 *
 * <p>Senders are several threads because a persistent send blocks until the broker has written the
 * message to its journal; one thread would cap the rate at one over the write time.
 *
 * <p>Not thread-safe: {@link #run} once, from one thread.
 */
public final class RequestReplyLoad {
    /** What to send and check. */
    public record Scenario(
            String queue,
            String body,
            String propertyName,
            String propertyValue,
            String expectedReply,
            boolean persistent) {}

    /** Figures of the requests due in one second of the ramp. */
    public record Second(
            int second,
            long offered,
            long replies,
            long failedChecks,
            long timeouts,
            long sendErrors,
            long completedInSecond,
            Histogram latencies) {}

    /** The outcome of a run. */
    public record Result(List<Second> seconds, LatencyRecorder recorder, long lateReplies, double wallSeconds) {
        /** Requests answered with the expected body. */
        public long ok() {
            return seconds.stream()
                    .mapToLong(s -> s.replies() - s.failedChecks())
                    .sum();
        }

        public long failedChecks() {
            return seconds.stream().mapToLong(Second::failedChecks).sum();
        }

        public long timeouts() {
            return seconds.stream().mapToLong(Second::timeouts).sum();
        }

        public long sendErrors() {
            return seconds.stream().mapToLong(Second::sendErrors).sum();
        }

        public long offered() {
            return seconds.stream().mapToLong(Second::offered).sum();
        }
    }

    private final ConnectionFactory factory;
    private final Scenario scenario;
    private final Ramp ramp;
    private final int senders;
    private final long timeoutNanos;

    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong next = new AtomicLong();
    private final AtomicLong lateReplies = new AtomicLong();
    private Bucket[] buckets;
    private long startNanos;

    private record Pending(long index, long dueNanos) {}

    /** Per-second counters: written by the sender, listener and sweeper threads under its lock. */
    private static final class Bucket {
        final Histogram latencies = new Histogram(3);
        long offered;
        long replies;
        long failedChecks;
        long timeouts;
        long sendErrors;
        long completed;
    }

    public RequestReplyLoad(ConnectionFactory factory, Scenario scenario, Ramp ramp, int senders, long timeoutMillis) {
        this.factory = factory;
        this.scenario = scenario;
        this.ramp = ramp;
        this.senders = senders;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /**
     * Runs the ramp, then waits for the last replies (at most the timeout).
     *
     * @param everySecond called about once a second with a progress line
     */
    public Result run(Consumer<String> everySecond) throws JMSException, InterruptedException {
        SendSchedule sends = ramp.sends();
        long requests = sends.count();
        int secondsCount = (int) Math.ceil(ramp.seconds()) + 1;
        buckets = new Bucket[secondsCount];
        for (int i = 0; i < secondsCount; i++) {
            buckets[i] = new Bucket();
        }
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.FIXED_RATE);
        try (Connection connection = factory.createConnection()) {
            Session replySession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            TemporaryQueue replyTo = replySession.createTemporaryQueue();
            MessageConsumer replies = replySession.createConsumer(replyTo);
            replies.setMessageListener(reply -> onReply(reply, recorder));
            connection.start();
            startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200); // time to start the senders
            List<Thread> threads = new ArrayList<>();
            List<JMSException> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
            for (int i = 0; i < senders; i++) {
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                Thread sender = Thread.ofPlatform().name("jms-load-sender-" + i).start(() -> {
                    try {
                        send(session, replyTo, sends);
                    } catch (JMSException e) {
                        failures.add(e);
                    }
                });
                threads.add(sender);
            }
            long endOfRamp = startNanos + sends.totalNanos();
            long lastLine = System.nanoTime();
            while (threadsAlive(threads) || (!pending.isEmpty() && System.nanoTime() < endOfRamp + timeoutNanos)) {
                Thread.sleep(100);
                sweep(System.nanoTime());
                if (System.nanoTime() - lastLine > 1_000_000_000L) {
                    lastLine = System.nanoTime();
                    everySecond.accept(progressLine(requests));
                }
            }
            for (Thread t : threads) {
                t.join();
            }
            sweep(Long.MAX_VALUE); // whatever is left now is past the timeout
            if (!failures.isEmpty() && recorder.total().count() == 0) {
                throw failures.getFirst();
            }
        }
        List<Second> seconds = new ArrayList<>();
        for (int i = 0; i < buckets.length; i++) {
            Bucket b = buckets[i];
            synchronized (b) {
                if (b.offered > 0 || b.completed > 0) {
                    seconds.add(new Second(
                            i,
                            b.offered,
                            b.replies,
                            b.failedChecks,
                            b.timeouts,
                            b.sendErrors,
                            b.completed,
                            b.latencies.copy()));
                }
            }
        }
        return new Result(seconds, recorder, lateReplies.get(), (System.nanoTime() - startNanos) / 1e9);
    }

    private void send(Session session, Queue replyTo, SendSchedule sends) throws JMSException {
        long requests = sends.count();
        Queue queue = session.createQueue(scenario.queue());
        MessageProducer producer = session.createProducer(queue);
        producer.setDeliveryMode(scenario.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
        for (long k = next.getAndIncrement(); k < requests; k = next.getAndIncrement()) {
            long due = startNanos + sends.dueNanos(k);
            for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            Bucket bucket = bucketOf(due);
            synchronized (bucket) {
                bucket.offered++;
            }
            String id = "mechsym-" + k;
            TextMessage request = session.createTextMessage(scenario.body());
            request.setStringProperty(scenario.propertyName(), scenario.propertyValue());
            request.setJMSReplyTo(replyTo);
            request.setJMSCorrelationID(id);
            pending.put(id, new Pending(k, due));
            try {
                producer.send(request);
            } catch (JMSException e) {
                if (pending.remove(id) != null) {
                    synchronized (bucket) {
                        bucket.sendErrors++;
                    }
                }
            }
        }
    }

    private void onReply(Message reply, LatencyRecorder recorder) {
        long now = System.nanoTime();
        try {
            Pending request = pending.remove(reply.getJMSCorrelationID());
            if (request == null) {
                lateReplies.incrementAndGet(); // after its timeout, or not ours
                return;
            }
            boolean ok = reply instanceof TextMessage text
                    && scenario.expectedReply().equals(text.getText());
            long latency = Math.max(0, now - request.dueNanos());
            recorder.recordFromIntendedStart(request.dueNanos(), now);
            Bucket due = bucketOf(request.dueNanos());
            synchronized (due) {
                due.replies++;
                if (!ok) {
                    due.failedChecks++;
                }
                due.latencies.recordValue(latency);
            }
            Bucket done = bucketOf(now);
            synchronized (done) {
                done.completed++;
            }
        } catch (JMSException e) {
            lateReplies.incrementAndGet();
        }
    }

    private void sweep(long now) {
        for (Iterator<Map.Entry<String, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Pending> e = it.next();
            if (now - e.getValue().dueNanos() > timeoutNanos && pending.remove(e.getKey()) != null) {
                Bucket b = bucketOf(e.getValue().dueNanos());
                synchronized (b) {
                    b.timeouts++;
                }
            }
        }
    }

    private Bucket bucketOf(long nanos) {
        int second = (int) Math.max(0, (nanos - startNanos) / 1_000_000_000L);
        return buckets[Math.min(second, buckets.length - 1)];
    }

    private String progressLine(long requests) {
        long sent = Math.min(next.get(), requests);
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        return String.format(
                java.util.Locale.ROOT,
                "%.0f s: offered %.0f/s, sent %d of %d, awaiting %d replies",
                elapsed,
                ramp.rateAt(elapsed),
                sent,
                requests,
                pending.size());
    }

    private static boolean threadsAlive(List<Thread> threads) {
        return threads.stream().anyMatch(Thread::isAlive);
    }
}

package mechsym.lab.experiments.queues;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Round-trip latency through a pair of queues: the benchmark thread offers one element to {@code
 * ping} and spins until the echo thread has moved it to {@code pong} and it comes back.
 *
 * <pre>
 *   benchmark thread  --ping-->  echo thread
 *                     <--pong--
 * </pre>
 *
 * <p>One element in flight, so the queue is always nearly empty: this measures how fast a
 * published element becomes visible to the other core (two cache-line transfers per hop), not
 * batching. Average time per round trip; the returned element is checked to be the one sent.
 *
 * <p>How to run: {@code ./mechsym jmh QueueRoundTripBenchmark -f 1 -wi 3 -i 5}. Needs two free
 * cores: a descheduled echo thread adds a whole time slice to a round trip.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class QueueRoundTripBenchmark {
    private static final Integer ELEMENT = 7;

    @Param({
        "mechsym-spsc",
        "mechsym-spsc-indexed",
        "mechsym-spsc-indexed-volatile",
        "jctools-spsc",
        "jctools-spsc-varhandle",
        "agrona-one-to-one",
        "mechsym-mpsc",
        "jctools-mpsc",
        "jctools-mpsc-varhandle",
        "jctools-mpsc-relaxed",
        "agrona-many-to-one",
        "array-blocking-queue",
        "concurrent-linked-queue"
    })
    public String queue;

    private QueueKind.Transfer ping;
    private QueueKind.Transfer pong;
    private Thread echo;
    private volatile boolean running;

    @Setup(Level.Trial)
    public void setUp() {
        QueueKind kind = QueueKind.of(queue);
        ping = kind.create(1024);
        pong = kind.create(1024);
        running = true;
        echo = Thread.ofPlatform().name("echo").daemon().start(this::echo);
    }

    private void echo() {
        QueueKind.Transfer in = ping;
        QueueKind.Transfer out = pong;
        while (running) {
            Integer element = in.poll();
            if (element == null) {
                Thread.onSpinWait();
            } else {
                while (!out.offer(element)) {
                    Thread.onSpinWait();
                }
            }
        }
    }

    @Benchmark
    public Integer roundTrip() {
        while (!ping.offer(ELEMENT)) {
            Thread.onSpinWait();
        }
        Integer back;
        while ((back = pong.poll()) == null) {
            Thread.onSpinWait();
        }
        if (back != ELEMENT) {
            throw new IllegalStateException(queue + ": sent " + ELEMENT + ", got " + back + " back");
        }
        return back;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        running = false;
        echo.join();
    }
}

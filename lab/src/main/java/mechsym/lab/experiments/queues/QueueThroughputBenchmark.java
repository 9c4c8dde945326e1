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
 * Throughput of one producer handing elements to one consumer through each queue.
 *
 * <pre>
 *   benchmark thread (producer)            consumer thread (started in setup)
 *   offer(ELEMENT), spin while full  --->  poll(), spin while empty, count
 * </pre>
 *
 * <p>One operation is one element offered; since every queue is bounded (the unbounded
 * ConcurrentLinkedQueue is held to the same capacity), the producer can run ahead of the consumer
 * by at most {@code capacity} elements, so in steady state the producer's rate is the transfer
 * rate. The element is one pre-allocated {@code Integer}: nothing is allocated per operation. At
 * the end of the trial the consumer must have received exactly as many elements as were offered,
 * or the benchmark fails (a fast wrong queue fails).
 *
 * <p>Needs two free cores (producer and consumer both spin); on a loaded machine the scores say
 * more about the scheduler than about the queues.
 *
 * <p>How to run: {@code ./mechsym jmh QueueThroughputBenchmark -f 1 -wi 3 -i 5}. Compare
 * mechsym-spsc with jctools-spsc and agrona-one-to-one, mechsym-mpsc with jctools-mpsc and
 * agrona-many-to-one; the lock-based ArrayBlockingQueue and the allocating ConcurrentLinkedQueue
 * are the JDK baselines.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class QueueThroughputBenchmark {
    private static final Integer ELEMENT = 1;

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
        "concurrent-linked-queue",
        "mechsym-spsc-class",
        "jctools-spsc-class"
    })
    public String queue;

    @Param("16384")
    public int capacity;

    private QueueKind.Transfer transfer;
    private Thread consumer;
    private volatile boolean running;
    /** The producer's count, alone on its cache lines: the consumer reads {@code running} often. */
    private final long[] offered = new long[PADDED];

    private long received;

    private static final int PADDED = 33;
    private static final int SLOT = 16;

    @Setup(Level.Trial)
    public void setUp() {
        transfer = QueueKind.of(queue).create(capacity);
        running = true;
        consumer = Thread.ofPlatform().name("consumer").daemon().start(this::consume);
    }

    private void consume() {
        QueueKind.Transfer t = transfer;
        long count = 0;
        while (true) {
            if (t.poll() != null) {
                count++;
            } else if (!running) {
                // Every offer happened before running was cleared; the poll above may have run
                // before the last of them, so drain once more now that they are all visible.
                while (t.poll() != null) {
                    count++;
                }
                break;
            } else {
                Thread.onSpinWait();
            }
        }
        received = count;
    }

    @Benchmark
    public void offer() {
        while (!transfer.offer(ELEMENT)) {
            Thread.onSpinWait();
        }
        offered[SLOT]++;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        running = false;
        consumer.join();
        if (received != offered[SLOT]) {
            throw new IllegalStateException(
                    queue + ": offered " + offered[SLOT] + " but the consumer received " + received);
        }
    }
}

package mechsym.lab.experiments.queues;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The instruction cost of each queue with no other thread involved: one thread offers a burst of
 * {@value #BURST} elements and polls them back, so every cache line stays in this core's cache.
 *
 * <p>This is what a queue's code costs (bounds and type checks, index arithmetic, the fences its
 * access modes imply) without the cache-line transfers that dominate the two-thread benchmarks, and
 * without their sensitivity to scheduling: on a shared or loaded machine it is the stable figure.
 * Reported per element (one offer plus one poll). The burst's checksum guards against a queue that
 * loses or reorders.
 *
 * <p>{@link #batch} does the same with the batch operations: one {@code fill} of the burst from a
 * supplier, one {@code drain} into a consumer (JCTools' {@code MessagePassingQueue} methods, which
 * mechsym's queues implement; Agrona has {@code drain} only, so its fill is a loop of offers, as is
 * every operation a queue lacks). A call that adds or takes fewer than asked is called again for
 * the rest: JCTools' MPSC {@code fill} stops at its cached view of the consumer's index, where
 * mechsym's re-reads the index when the batch would not fit.
 *
 * <p>How to run: {@code ./mechsym jmh QueueBurstCostBenchmark -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class QueueBurstCostBenchmark {
    static final int BURST = 100;

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

    /** The queues this benchmark measures by default, from its {@code queue} parameter. */
    static List<String> queues() {
        try {
            return List.of(QueueBurstCostBenchmark.class
                    .getField("queue")
                    .getAnnotation(Param.class)
                    .value());
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private QueueKind.Transfer transfer;
    private final Integer[] elements = new Integer[BURST];
    private int supplied;
    private int drained;
    private int checksum;
    private final QueueKind.Transfer.Source supplier = () -> elements[supplied++];
    private final QueueKind.Transfer.Sink consumer = this::take;

    @Setup(Level.Trial)
    public void setUp() {
        transfer = QueueKind.of(queue).create(1024);
        for (int i = 0; i < BURST; i++) {
            elements[i] = i;
        }
    }

    @Benchmark
    @OperationsPerInvocation(BURST)
    public int burst() {
        QueueKind.Transfer t = transfer;
        for (Integer element : elements) {
            if (!t.offer(element)) {
                throw new IllegalStateException(queue + " refused an offer with room left");
            }
        }
        int checksum = 0;
        for (int i = 0; i < BURST; i++) {
            Integer element = t.poll();
            if (element == null || element != i) {
                throw new IllegalStateException(queue + " returned " + element + " where " + i + " was due");
            }
            checksum += element;
        }
        return checksum;
    }

    @Benchmark
    @OperationsPerInvocation(BURST)
    public int batch() {
        QueueKind.Transfer t = transfer;
        supplied = 0;
        for (int filled = 0; filled < BURST; ) { // JCTools' MPSC fill may stop at its cached limit: call again
            int added = t.fill(supplier, BURST - filled);
            if (added == 0) {
                throw new IllegalStateException(queue + " filled " + filled + " of " + BURST + " with room left");
            }
            filled += added;
        }
        drained = 0;
        checksum = 0;
        for (int taken = 0; taken < BURST; ) {
            int got = t.drain(consumer, BURST - taken);
            if (got == 0) {
                throw new IllegalStateException(queue + " drained " + taken + " of " + BURST);
            }
            taken += got;
        }
        return checksum;
    }

    private void take(Integer element) {
        if (element != drained) {
            throw new IllegalStateException(queue + " returned " + element + " where " + drained + " was due");
        }
        drained++;
        checksum += element;
    }
}

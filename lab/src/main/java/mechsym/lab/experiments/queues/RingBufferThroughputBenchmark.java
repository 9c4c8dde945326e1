package mechsym.lab.experiments.queues;

import com.lmax.disruptor.BatchEventProcessorBuilder;
import java.util.concurrent.TimeUnit;
import mechsym.core.concurrent.BatchEventProcessor;
import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
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
 * Throughput of a one-to-one ring buffer: mechsym's {@link RingBuffer} against the LMAX Disruptor
 * 4, both single-producer with a busy-spinning batch event processor.
 *
 * <pre>
 *   benchmark thread (producer)                consumer thread
 *   next(); get(s).value = s; publish(s)  ---> BatchEventProcessor: sum += value
 * </pre>
 *
 * <p>One operation is one event claimed, written and published; the producer waits when it laps
 * the consumer, so in steady state its rate is the transfer rate. Nothing is allocated per event.
 * At the end the consumer must have seen every sequence once (count and sum of the values), or the
 * benchmark fails.
 *
 * <p>How to run: {@code ./mechsym jmh RingBufferThroughputBenchmark -f 1 -wi 3 -i 5}. Needs two free
 * cores.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class RingBufferThroughputBenchmark {
    /** The pre-allocated event. */
    public static final class Event {
        long value;
    }

    @Param({"mechsym", "disruptor"})
    public String ring;

    @Param("65536")
    public int size;

    private Ring impl;
    private Thread consumer;
    private long published;
    /** The consumer's count and sum, alone on their cache lines, away from {@code published}. */
    private final long[] totals = new long[34];

    private static final int COUNT = 16;
    private static final int SUM = 17;

    /** The two ring buffers behind one producer-side interface. */
    private interface Ring {
        void publish(long value);

        long cursor();

        long consumed();

        void halt();
    }

    @Setup(Level.Trial)
    public void setUp() {
        impl = switch (ring) {
            case "mechsym" -> mechsym();
            case "disruptor" -> disruptor();
            default -> throw new IllegalArgumentException("unknown ring " + ring);
        };
    }

    /**
     * The consumer's handler for either ring. It captures the padded array, not {@code this}: the
     * benchmark object holds {@code published}, which the producer writes on every operation, and a
     * handler reading a field of it on every event would measure that false sharing instead of the
     * ring (more or less, depending on whether the JIT hoists the read out of each ring's loop).
     */
    private static void count(long[] totals, Event event) {
        totals[COUNT]++;
        totals[SUM] += event.value;
    }

    private Ring mechsym() {
        RingBuffer<Event> buffer = RingBuffer.createSingleProducer(Event::new, size, new BusySpinWaitStrategy());
        long[] counts = totals;
        BatchEventProcessor<Event> processor =
                new BatchEventProcessor<>(buffer, (event, sequence, endOfBatch) -> count(counts, event));
        buffer.addGatingSequences(processor.getSequence());
        consumer = Thread.ofPlatform().name("consumer").daemon().start(processor);
        return new Ring() {
            @Override
            public void publish(long value) {
                long sequence = buffer.next();
                buffer.get(sequence).value = value;
                buffer.publish(sequence);
            }

            @Override
            public long cursor() {
                return buffer.getCursor();
            }

            @Override
            public long consumed() {
                return processor.getSequence().getAcquire();
            }

            @Override
            public void halt() {
                processor.halt();
            }
        };
    }

    private Ring disruptor() {
        long[] counts = totals;
        com.lmax.disruptor.RingBuffer<Event> buffer = com.lmax.disruptor.RingBuffer.createSingleProducer(
                Event::new, size, new com.lmax.disruptor.BusySpinWaitStrategy());
        com.lmax.disruptor.BatchEventProcessor<Event> processor = new BatchEventProcessorBuilder()
                .build(buffer, buffer.newBarrier(), (event, sequence, endOfBatch) -> count(counts, event));
        buffer.addGatingSequences(processor.getSequence());
        consumer = Thread.ofPlatform().name("consumer").daemon().start(processor);
        return new Ring() {
            @Override
            public void publish(long value) {
                long sequence = buffer.next();
                buffer.get(sequence).value = value;
                buffer.publish(sequence);
            }

            @Override
            public long cursor() {
                return buffer.getCursor();
            }

            @Override
            public long consumed() {
                return processor.getSequence().get();
            }

            @Override
            public void halt() {
                processor.halt();
            }
        };
    }

    @Benchmark
    public void publish() {
        impl.publish(++published);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        long last = impl.cursor();
        while (impl.consumed() < last) {
            Thread.onSpinWait();
        }
        impl.halt();
        consumer.join();
        long expectedSum = published * (published + 1) / 2;
        if (totals[COUNT] != published || totals[SUM] != expectedSum) {
            throw new IllegalStateException(ring + ": published " + published + " events (sum " + expectedSum
                    + ") but the consumer saw " + totals[COUNT] + " (sum " + totals[SUM] + ")");
        }
    }
}

package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hot paths allocate nothing: after a warm-up, 100,000 operations must allocate less than a
 * few hundred bytes in total on the calling thread (the JDK's per-thread allocation counter; a
 * single object per operation would show as megabytes). Counts bytes, not time.
 */
// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class NoAllocationTest {
    private static final int OPERATIONS = 100_000;

    /** Well under one byte per operation: room for a stray allocation by the runtime, not per call. */
    private static final long ALLOWED_BYTES = 4_096;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void queueOfferPollAndDrainAllocateNothing() {
        Integer element = 42;
        long[] sink = new long[1];
        for (BoundedQueue<Integer> queue : java.util.List.<BoundedQueue<Integer>>of(
                new SpscQueue<>(64), new MpscQueue<>(64), new SpscQueue<>(64, 0.5, (a, s, c) -> sink[0]++))) {
            java.util.function.Consumer<Integer> handler = e -> sink[0] += e; // one instance, made here
            Runnable operations = () -> {
                for (int i = 0; i < OPERATIONS; i++) {
                    queue.offer(element);
                    queue.offer(element);
                    sink[0] += queue.poll();
                    queue.drain(handler, 1);
                }
            };
            operations.run(); // warm-up
            assertThat(allocatedBy(operations)).as(queue.toString()).isLessThan(ALLOWED_BYTES);
        }
        assertThat(sink[0]).isPositive();
    }

    @Test
    void ringBufferClaimAndPublishAllocateNothing() {
        RingBuffer<long[]> ring = RingBuffer.createMultiProducer(() -> new long[1], 64, new BusySpinWaitStrategy());
        Sequence consumer = new Sequence();
        ring.addGatingSequences(consumer);
        Runnable operations = () -> {
            for (int i = 0; i < OPERATIONS; i++) {
                long sequence = ring.next();
                ring.get(sequence)[0] = sequence;
                ring.publish(sequence);
                consumer.setRelease(sequence); // this thread is also the consumer
            }
        };
        operations.run();
        assertThat(allocatedBy(operations)).isLessThan(ALLOWED_BYTES);
        assertThat(ring.get(ring.getCursor())[0]).isEqualTo(ring.getCursor());
    }

    @Test
    void theBatchEventProcessorLoopAllocatesNothing() throws InterruptedException {
        RingBuffer<long[]> ring = RingBuffer.createSingleProducer(() -> new long[1], 64, new YieldingWaitStrategy());
        long from = OPERATIONS;
        long to = 2L * OPERATIONS;
        long[] allocated = {-1, -1}; // -1: the handler never saw that sequence
        BatchEventProcessor<long[]> processor = new BatchEventProcessor<>(ring, (event, sequence, endOfBatch) -> {
            if (sequence == from) {
                allocated[0] = THREADS.getCurrentThreadAllocatedBytes();
            } else if (sequence == to) {
                allocated[1] = THREADS.getCurrentThreadAllocatedBytes();
            }
        });
        ring.addGatingSequences(processor.getSequence());
        Thread consumer = Thread.ofPlatform().start(processor);
        for (long i = 0; i <= to; i++) {
            long sequence = ring.next();
            ring.get(sequence)[0] = i;
            ring.publish(sequence);
        }
        RingBufferTest.awaitSequence(processor.getSequence(), to);
        processor.halt();
        consumer.join();
        assertThat(allocated).as("readings at sequences %d and %d", from, to).doesNotContain(-1L);
        assertThat(allocated[1] - allocated[0])
                .as("bytes the consumer thread allocated over %d events", to - from)
                .isLessThan(ALLOWED_BYTES);
    }

    private static long allocatedBy(Runnable operations) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        operations.run();
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }
}

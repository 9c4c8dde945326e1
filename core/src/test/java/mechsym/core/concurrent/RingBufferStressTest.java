package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pushes {@link StressCheck#ELEMENTS} events through rings of 1024 slots with several producers,
 * pipelines and fan-out, checking count, checksum and per-producer order in every consumer.
 *
 * <pre>
 * multi-producer:  P0..Pn -> ring -> C
 * pipeline:        P -> ring -> stage 1 (doubles) -> stage 2 (checks the double) -> stage 3 (counts)
 * fan-out:         P0, P1 -> ring -> { left, right }   both see every event (also with a ring of 64)
 * </pre>
 */
// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RingBufferStressTest {

    static final class Event {
        long value;
        long doubled;
    }

    @ParameterizedTest(name = "{0} producer(s), multi-producer ring: {1}, {2}")
    @CsvSource({"1, false, busy-spin", "1, true, yielding", "2, true, sleeping", "4, true, blocking"})
    void everyEventArrivesOnceInProducerOrder(int producers, boolean multiProducer, String waitStrategy)
            throws InterruptedException {
        RingBuffer<Event> ring = multiProducer
                ? RingBuffer.createMultiProducer(Event::new, 1024, strategy(waitStrategy))
                : RingBuffer.createSingleProducer(Event::new, 1024, strategy(waitStrategy));
        long perProducer = StressCheck.ELEMENTS / producers;
        StressCheck check = new StressCheck(producers, perProducer);
        BatchEventProcessor<Event> consumer =
                new BatchEventProcessor<>(ring, (event, sequence, endOfBatch) -> check.accept(event.value));
        ring.addGatingSequences(consumer.getSequence());
        Thread consumerThread = Thread.ofPlatform().name("consumer").start(consumer);
        List<Thread> producerThreads = startProducers(ring, producers, perProducer);
        for (Thread thread : producerThreads) {
            thread.join();
        }
        RingBufferTest.awaitSequence(consumer.getSequence(), ring.getCursor());
        consumer.halt();
        consumerThread.join();
        check.assertComplete();
        assertThat(ring.size()).isZero();
    }

    @Test
    void aPipelineStageSeesTheWritesOfTheStageBeforeIt() throws InterruptedException {
        RingBuffer<Event> ring = RingBuffer.createSingleProducer(Event::new, 1024, new YieldingWaitStrategy());
        long[] mismatches = new long[1];
        BatchEventProcessor<Event> doubler =
                new BatchEventProcessor<>(ring, (event, sequence, endOfBatch) -> event.doubled = 2 * event.value);
        BatchEventProcessor<Event> checker = new BatchEventProcessor<>(
                ring,
                (event, sequence, endOfBatch) -> {
                    if (event.doubled != 2 * event.value) {
                        mismatches[0]++;
                    }
                },
                doubler.getSequence());
        StressCheck check = new StressCheck(1, StressCheck.ELEMENTS);
        BatchEventProcessor<Event> counter = new BatchEventProcessor<>(
                ring, (event, sequence, endOfBatch) -> check.accept(event.value), checker.getSequence());
        ring.addGatingSequences(counter.getSequence());

        List<Thread> consumers = new ArrayList<>();
        for (BatchEventProcessor<Event> processor : List.of(doubler, checker, counter)) {
            consumers.add(Thread.ofPlatform().start(processor));
        }
        startProducers(ring, 1, StressCheck.ELEMENTS).getFirst().join();
        RingBufferTest.awaitSequence(counter.getSequence(), ring.getCursor());
        for (BatchEventProcessor<Event> processor : List.of(doubler, checker, counter)) {
            processor.halt();
        }
        for (Thread thread : consumers) {
            thread.join();
        }
        assertThat(doubler.getSequence().getVolatile()).isEqualTo(StressCheck.ELEMENTS - 1);
        assertThat(mismatches[0])
                .as("events stage 2 saw before stage 1 finished them")
                .isZero();
        check.assertComplete();
    }

    /** A small ring makes the producers wrap around often: an event overwritten early shows as loss or disorder. */
    @ParameterizedTest(name = "ring of {0}, {1}")
    @CsvSource({"1024, sleeping", "64, yielding"})
    void fanOutConsumersEachSeeEveryEvent(int size, String waitStrategy) throws InterruptedException {
        RingBuffer<Event> ring = RingBuffer.createMultiProducer(Event::new, size, strategy(waitStrategy));
        StressCheck left = new StressCheck(2, StressCheck.ELEMENTS / 2);
        StressCheck right = new StressCheck(2, StressCheck.ELEMENTS / 2);
        BatchEventProcessor<Event> leftProcessor =
                new BatchEventProcessor<>(ring, (event, sequence, endOfBatch) -> left.accept(event.value));
        BatchEventProcessor<Event> rightProcessor =
                new BatchEventProcessor<>(ring, (event, sequence, endOfBatch) -> right.accept(event.value));
        ring.addGatingSequences(leftProcessor.getSequence(), rightProcessor.getSequence());
        Thread leftThread = Thread.ofPlatform().start(leftProcessor);
        Thread rightThread = Thread.ofPlatform().start(rightProcessor);
        for (Thread producer : startProducers(ring, 2, StressCheck.ELEMENTS / 2)) {
            producer.join();
        }
        RingBufferTest.awaitSequence(leftProcessor.getSequence(), ring.getCursor());
        RingBufferTest.awaitSequence(rightProcessor.getSequence(), ring.getCursor());
        leftProcessor.halt();
        rightProcessor.halt();
        leftThread.join();
        rightThread.join();
        left.assertComplete();
        right.assertComplete();
    }

    private static List<Thread> startProducers(RingBuffer<Event> ring, int producers, long perProducer) {
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            threads.add(Thread.ofPlatform().name("producer-" + p).start(() -> {
                for (long i = 0; i < perProducer; i++) {
                    long sequence = ring.next();
                    try {
                        ring.get(sequence).value = StressCheck.value(producer, i);
                    } finally {
                        ring.publish(sequence);
                    }
                }
            }));
        }
        return threads;
    }

    private static WaitStrategy strategy(String name) {
        return switch (name) {
            case "busy-spin" -> new BusySpinWaitStrategy();
            case "yielding" -> new YieldingWaitStrategy();
            case "sleeping" -> new SleepingWaitStrategy(10_000);
            case "blocking" -> new BlockingWaitStrategy();
            default -> throw new IllegalArgumentException(name);
        };
    }
}

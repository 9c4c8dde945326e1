package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ring buffer's occupancy alert: the same {@link ThresholdListener} rules as the queues'
 * (reported on the producer thread after a publish, once per crossing, strictly alternating).
 */
// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RingBufferThresholdTest {
    record Crossing(boolean above, int size, int capacity) {}

    private static RingBuffer<RingBufferTest.LongEvent> ring(
            boolean multiProducer, int size, ThresholdListener listener) {
        Supplier<RingBufferTest.LongEvent> factory = RingBufferTest.LongEvent::new;
        return multiProducer
                ? RingBuffer.createMultiProducer(factory, size, new BusySpinWaitStrategy(), 0.7, listener)
                : RingBuffer.createSingleProducer(factory, size, new BusySpinWaitStrategy(), 0.7, listener);
    }

    private static void publish(RingBuffer<RingBufferTest.LongEvent> ring, int events) {
        for (int i = 0; i < events; i++) {
            long sequence = ring.next();
            ring.get(sequence).value = sequence;
            ring.publish(sequence);
        }
    }

    @ParameterizedTest(name = "multi-producer: {0}")
    @ValueSource(booleans = {false, true})
    void theListenerIsToldOfEachCrossingOnce(boolean multiProducer) {
        List<Crossing> crossings = new ArrayList<>();
        RingBuffer<RingBufferTest.LongEvent> ring =
                ring(multiProducer, 10, (above, size, capacity) -> crossings.add(new Crossing(above, size, capacity)));
        Sequence consumer = new Sequence();
        ring.addGatingSequences(consumer);
        assertThat(ring.bufferSize()).isEqualTo(16);
        // 70% of 16 is 11.2: the threshold is 12 events
        publish(ring, 11);
        assertThat(crossings).as("below the threshold").isEmpty();
        publish(ring, 1);
        assertThat(crossings).containsExactly(new Crossing(true, 12, 16));
        publish(ring, 4);
        assertThat(ring.tryNext()).as("full").isEqualTo(-1);
        assertThat(crossings).as("still above: no repeat").hasSize(1);

        consumer.setRelease(10); // the consumer finished 0..10: 5 left, the next publish finds 6
        assertThat(crossings).as("falling is noticed by the next publish").hasSize(1);
        publish(ring, 1);
        assertThat(crossings).containsExactly(new Crossing(true, 12, 16), new Crossing(false, 6, 16));
        publish(ring, 5);
        assertThat(crossings).as("still below at 11").hasSize(2);
        publish(ring, 1);
        assertThat(crossings)
                .containsExactly(new Crossing(true, 12, 16), new Crossing(false, 6, 16), new Crossing(true, 12, 16));
        assertThat(ring.size()).isEqualTo(12);
    }

    @ParameterizedTest(name = "multi-producer: {0}")
    @ValueSource(booleans = {false, true})
    void aBatchPublishReportsTheOccupancyAfterTheBatch(boolean multiProducer) {
        List<Crossing> crossings = new ArrayList<>();
        RingBuffer<RingBufferTest.LongEvent> ring =
                ring(multiProducer, 16, (above, size, capacity) -> crossings.add(new Crossing(above, size, capacity)));
        ring.addGatingSequences(new Sequence());
        long hi = ring.next(14);
        ring.publish(hi - 13, hi);
        assertThat(crossings).containsExactly(new Crossing(true, 14, 16));
    }

    @ParameterizedTest(name = "multi-producer: {0}")
    @ValueSource(booleans = {false, true})
    void theSlowestGatingConsumerCounts(boolean multiProducer) {
        List<Crossing> crossings = new ArrayList<>();
        RingBuffer<RingBufferTest.LongEvent> ring =
                ring(multiProducer, 16, (above, size, capacity) -> crossings.add(new Crossing(above, size, capacity)));
        Sequence fast = new Sequence();
        Sequence slow = new Sequence();
        ring.addGatingSequences(fast, slow);
        publish(ring, 11);
        fast.setRelease(10); // the fast consumer is done; the slow one has not started
        publish(ring, 1);
        assertThat(crossings).containsExactly(new Crossing(true, 12, 16));
        slow.setRelease(10);
        publish(ring, 1);
        assertThat(crossings).containsExactly(new Crossing(true, 12, 16), new Crossing(false, 2, 16));
    }

    @Test
    void withoutGatingSequencesTheRingIsEmptyAndNothingIsReported() {
        List<Crossing> crossings = new ArrayList<>();
        RingBuffer<RingBufferTest.LongEvent> ring =
                ring(false, 4, (above, size, capacity) -> crossings.add(new Crossing(above, size, capacity)));
        publish(ring, 20);
        assertThat(ring.size()).isZero();
        assertThat(crossings).isEmpty();
    }

    @Test
    void theListenerRunsOnTheProducerThreadAfterThePublish() throws InterruptedException {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        AtomicReference<RingBuffer<RingBufferTest.LongEvent>> holder = new AtomicReference<>();
        holder.set(RingBuffer.createSingleProducer(
                RingBufferTest.LongEvent::new,
                4,
                new BusySpinWaitStrategy(),
                0.5,
                (above, size, capacity) -> seen.add(Thread.currentThread().getName() + " published="
                        + holder.get().isPublished(1))));
        holder.get().addGatingSequences(new Sequence());
        Thread producer = Thread.ofPlatform().name("the-producer").start(() -> publish(holder.get(), 2));
        producer.join();
        assertThat(seen).containsExactly("the-producer published=true");
    }

    @Test
    void anExceptionFromTheListenerPropagatesAfterThePublish() {
        RingBuffer<RingBufferTest.LongEvent> ring = ring(true, 2, (above, size, capacity) -> {
            throw new IllegalStateException("alert " + above);
        });
        ring.addGatingSequences(new Sequence());
        long sequence = ring.next();
        ring.publish(sequence); // 1 of 2: below 0.7
        long second = ring.next();
        assertThatThrownBy(() -> ring.publish(second))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("alert true");
        assertThat(ring.isPublished(second)).isTrue();
    }

    @Test
    void badThresholdsAndNullListenersAreRefused() {
        for (double bad : new double[] {0.0, -0.1, 1.5, Double.NaN}) {
            assertThatThrownBy(() -> RingBuffer.createSingleProducer(
                            RingBufferTest.LongEvent::new, 8, new BusySpinWaitStrategy(), bad, (a, s, c) -> {}))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("threshold");
        }
        assertThatThrownBy(() -> RingBuffer.createMultiProducer(
                        RingBufferTest.LongEvent::new, 8, new BusySpinWaitStrategy(), 0.7, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("listener");
    }

    /** Two producers and a consumer at full speed: whatever crossings happen, each "below" follows an "above". */
    @Test
    void concurrentReportsAlternate() throws InterruptedException {
        List<Boolean> reports = Collections.synchronizedList(new ArrayList<>());
        RingBuffer<RingBufferTest.LongEvent> ring = RingBuffer.createMultiProducer(
                RingBufferTest.LongEvent::new, 64, new YieldingWaitStrategy(), 0.5, (above, size, capacity) -> {
                    reports.add(above);
                });
        long[] consumed = new long[1];
        BatchEventProcessor<RingBufferTest.LongEvent> consumer =
                new BatchEventProcessor<>(ring, (event, sequence, end) -> {
                    consumed[0]++;
                    if ((sequence & 1023) == 0) {
                        Thread.yield(); // let the ring fill now and then
                    }
                });
        ring.addGatingSequences(consumer.getSequence());
        Thread consumerThread = Thread.ofPlatform().start(consumer);
        int perProducer = 100_000;
        Thread first = Thread.ofPlatform().start(() -> publish(ring, perProducer));
        Thread second = Thread.ofPlatform().start(() -> publish(ring, perProducer));
        first.join();
        second.join();
        RingBufferTest.awaitSequence(consumer.getSequence(), 2L * perProducer - 1);
        consumer.halt();
        consumerThread.join();
        assertThat(consumed[0]).isEqualTo(2L * perProducer);
        // The crossings alternate (compare-and-set), but two producers' calls may reach the listener
        // in either order: what holds is that every "below" pairs with an earlier "above".
        long above = reports.stream().filter(b -> b).count();
        long below = reports.size() - above;
        assertThat(above - below)
                .as("above minus below reports of %s", reports.size())
                .isBetween(0L, 1L);
    }
}

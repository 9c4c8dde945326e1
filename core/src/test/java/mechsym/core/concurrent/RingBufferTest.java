package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Claim, publish, back pressure and the processor's life cycle, mostly on one thread. */
// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RingBufferTest {

    static final class LongEvent {
        long value;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 8, 1000})
    void sizeIsRoundedUpToAPowerOfTwoAndEveryEventIsPreallocated(int requested) {
        RingBuffer<LongEvent> ring =
                RingBuffer.createSingleProducer(LongEvent::new, requested, new BusySpinWaitStrategy());
        int size = ring.bufferSize();
        assertThat(Integer.bitCount(size)).isEqualTo(1);
        assertThat(size).isGreaterThanOrEqualTo(requested).isLessThan(Math.max(2, 2 * requested));
        assertThat(ring.get(0)).isNotNull().isSameAs(ring.get(size)).isNotSameAs(size > 1 ? ring.get(1) : null);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> RingBuffer.createSingleProducer(LongEvent::new, 0, new BusySpinWaitStrategy()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity");
        assertThatThrownBy(() -> RingBuffer.createMultiProducer(LongEvent::new, 8, null))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> RingBuffer.createSingleProducer(() -> null, 8, new BusySpinWaitStrategy()))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("factory");
        RingBuffer<LongEvent> ring = RingBuffer.createMultiProducer(LongEvent::new, 8, new BusySpinWaitStrategy());
        assertThatThrownBy(() -> ring.next(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ring.tryNext(9)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SleepingWaitStrategy(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ring.newBarrier((Sequence[]) null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("dependents");
        assertThatThrownBy(() -> ring.addGatingSequences((Sequence[]) null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("sequences");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void publishedSequencesAreVisibleAndAFullRingRefusesTryNext(boolean multiProducer) {
        RingBuffer<LongEvent> ring = ring(multiProducer, 4, new BusySpinWaitStrategy());
        Sequence consumer = new Sequence();
        ring.addGatingSequences(consumer);
        assertThat(ring.getCursor()).isEqualTo(-1);
        assertThat(ring.remainingCapacity()).isEqualTo(4);

        for (int i = 0; i < 4; i++) {
            long sequence = ring.tryNext();
            assertThat(sequence).isEqualTo(i);
            assertThat(ring.isPublished(sequence)).isFalse();
            ring.get(sequence).value = 100 + i;
            ring.publish(sequence);
            assertThat(ring.isPublished(sequence)).isTrue();
        }
        assertThat(ring.size()).isEqualTo(4);
        assertThat(ring.remainingCapacity()).isZero();
        assertThat(ring.tryNext()).as("full ring").isEqualTo(-1);
        assertThat(ring.getCursor()).as("a refused claim claims nothing").isEqualTo(3);

        consumer.setRelease(1); // the consumer finished 0 and 1
        assertThat(ring.remainingCapacity()).isEqualTo(2);
        assertThat(ring.tryNext(3)).as("room for 2, not 3").isEqualTo(-1);
        long hi = ring.tryNext(2);
        assertThat(hi).isEqualTo(5);
        ring.publish(4, 5);
        assertThat(ring.isPublished(4)).isTrue();
        assertThat(ring.isPublished(5)).isTrue();
        assertThat(ring.isPublished(0)).as("overwritten by the next lap").isFalse();
        assertThat(ring.get(5).value)
                .as("the event object is reused, not cleared")
                .isEqualTo(101);
        assertThat(ring.toString()).contains("size=4").contains("bufferSize=4").contains("cursor=5");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void tryWaitForReportsWhatIsAvailableWithoutWaiting(boolean multiProducer) {
        RingBuffer<LongEvent> ring = ring(multiProducer, 8, new BlockingWaitStrategy());
        Sequence upstream = new Sequence();
        SequenceBarrier first = ring.newBarrier();
        SequenceBarrier second = ring.newBarrier(upstream);
        assertThat(first.tryWaitFor(0)).as("nothing published").isLessThan(0);

        long zero = ring.next();
        long one = ring.next();
        if (multiProducer) { // one producer publishes in order; many may not
            ring.publish(one);
            assertThat(first.tryWaitFor(0)).as("1 is published but 0 is not").isLessThan(0);
            ring.publish(zero);
        } else {
            ring.publish(zero, one);
        }
        assertThat(first.tryWaitFor(0)).as("a batch: 0 and 1").isEqualTo(1);
        assertThat(first.tryWaitFor(2)).isLessThan(2);

        assertThat(second.tryWaitFor(0))
                .as("the upstream consumer has not finished 0")
                .isLessThan(0);
        upstream.setRelease(0);
        assertThat(second.tryWaitFor(0)).isZero();
        second.alert();
        assertThat(second.tryWaitFor(0)).as("alerts do not matter").isZero();
    }

    @Test
    void withoutGatingSequencesNothingHoldsTheProducerBack() {
        RingBuffer<LongEvent> ring = RingBuffer.createSingleProducer(LongEvent::new, 2, new BusySpinWaitStrategy());
        for (int i = 0; i < 10; i++) {
            ring.publish(ring.next());
        }
        assertThat(ring.getCursor()).isEqualTo(9);
        Sequence late = new Sequence();
        ring.addGatingSequences(late);
        assertThat(late.getVolatile())
                .as("a gating sequence starts at the cursor")
                .isEqualTo(9);
        assertThat(ring.removeGatingSequence(late)).isTrue();
        assertThat(ring.removeGatingSequence(late)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aBatchEndsAtTheLastAvailableEvent(boolean multiProducer) throws InterruptedException {
        RingBuffer<LongEvent> ring = ring(multiProducer, 16, new YieldingWaitStrategy());
        List<String> seen = new ArrayList<>();
        BatchEventProcessor<LongEvent> processor = new BatchEventProcessor<>(
                ring, (event, sequence, endOfBatch) -> seen.add(event.value + ":" + endOfBatch));
        ring.addGatingSequences(processor.getSequence());
        for (int i = 0; i < 5; i++) {
            long sequence = ring.next();
            ring.get(sequence).value = i;
            ring.publish(sequence);
        }
        Thread thread = Thread.ofPlatform().start(processor);
        awaitSequence(processor.getSequence(), 4);
        processor.halt();
        thread.join();
        assertThat(seen).containsExactly("0:false", "1:false", "2:false", "3:false", "4:true");
        assertThat(processor.isRunning()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void noNegativeSequenceIsPublished(boolean multiProducer) {
        RingBuffer<LongEvent> ring = ring(multiProducer, 8, new YieldingWaitStrategy());
        assertThat(ring.isPublished(-1)).as("a fresh ring").isFalse();
        ring.publish(ring.next());
        assertThat(ring.isPublished(0)).isTrue();
        assertThat(ring.isPublished(-1)).isFalse();
        assertThat(ring.isPublished(Long.MIN_VALUE)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void haltStopsTheProcessorWhileAProducerKeepsTheRingBusy(boolean multiProducer) throws InterruptedException {
        RingBuffer<LongEvent> ring = ring(multiProducer, 64, new BusySpinWaitStrategy());
        BatchEventProcessor<LongEvent> processor = new BatchEventProcessor<>(ring, (event, sequence, end) -> {});
        ring.addGatingSequences(processor.getSequence());
        java.util.concurrent.atomic.AtomicBoolean producing = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread producer = Thread.ofPlatform().start(() -> {
            while (producing.get()) {
                long sequence = ring.tryNext();
                if (sequence >= 0) {
                    ring.publish(sequence);
                } else {
                    Thread.onSpinWait();
                }
            }
        });
        Thread consumer = Thread.ofPlatform().start(processor);
        awaitSequence(processor.getSequence(), 1_000);
        processor.halt();
        consumer.join(10_000); // the ring never runs dry: run() must return on the alert alone
        boolean stopped = !consumer.isAlive();
        producing.set(false);
        producer.join();
        assertThat(stopped).as("run() returned after halt()").isTrue();
        assertThat(processor.isRunning()).isFalse();
    }

    @Test
    void aProcessorRunsOnceAndHaltBeforeRunMakesRunReturn() throws InterruptedException {
        RingBuffer<LongEvent> ring = RingBuffer.createSingleProducer(LongEvent::new, 8, new BlockingWaitStrategy());
        BatchEventProcessor<LongEvent> halted = new BatchEventProcessor<>(ring, (event, sequence, end) -> {});
        halted.halt();
        halted.run(); // returns at once
        assertThat(halted.isRunning()).isFalse();

        BatchEventProcessor<LongEvent> processor = new BatchEventProcessor<>(ring, (event, sequence, end) -> {});
        Thread thread = Thread.ofPlatform().start(processor);
        while (!processor.isRunning()) {
            Thread.onSpinWait();
        }
        assertThatThrownBy(processor::run)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already running");
        processor.halt(); // wakes it from the blocking wait
        thread.join();
        assertThatThrownBy(processor::run)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already run");
    }

    @Test
    void aHandlerExceptionEndsTheRunAndPropagates() throws InterruptedException {
        RingBuffer<LongEvent> ring = RingBuffer.createSingleProducer(LongEvent::new, 8, new SleepingWaitStrategy());
        BatchEventProcessor<LongEvent> processor = new BatchEventProcessor<>(ring, (event, sequence, end) -> {
            if (event.value == 2) {
                throw new IllegalStateException("bad event " + sequence);
            }
        });
        ring.addGatingSequences(processor.getSequence());
        for (int i = 0; i < 3; i++) {
            long sequence = ring.next();
            ring.get(sequence).value = i;
            ring.publish(sequence);
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = Thread.ofPlatform()
                .uncaughtExceptionHandler((t, e) -> failure.set(e))
                .start(processor);
        thread.join();
        assertThat(failure.get()).isInstanceOf(IllegalStateException.class).hasMessage("bad event 2");
        assertThat(processor.getSequence().getVolatile())
                .as("the failed batch is not marked done")
                .isEqualTo(-1);
        assertThat(processor.isRunning()).isFalse();
    }

    static RingBuffer<LongEvent> ring(boolean multiProducer, int size, WaitStrategy waitStrategy) {
        return multiProducer
                ? RingBuffer.createMultiProducer(LongEvent::new, size, waitStrategy)
                : RingBuffer.createSingleProducer(LongEvent::new, size, waitStrategy);
    }

    static void awaitSequence(Sequence sequence, long target) {
        while (sequence.getAcquire() < target) {
            Thread.yield();
        }
    }
}

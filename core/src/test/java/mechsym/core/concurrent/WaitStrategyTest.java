package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each wait strategy wakes for a publish, waits for upstream consumers, and stops on an alert. */
// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class WaitStrategyTest {

    static Stream<WaitStrategy> strategies() {
        return Stream.of(
                new BusySpinWaitStrategy(),
                new YieldingWaitStrategy(),
                new SleepingWaitStrategy(1_000),
                new BlockingWaitStrategy());
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void aWaitingConsumerSeesTheNextPublish(WaitStrategy strategy) throws InterruptedException {
        RingBuffer<RingBufferTest.LongEvent> ring =
                RingBuffer.createSingleProducer(RingBufferTest.LongEvent::new, 8, strategy);
        SequenceBarrier barrier = ring.newBarrier();
        AtomicLong seen = new AtomicLong(-100);
        Thread consumer = Thread.ofPlatform().start(() -> {
            long available = barrier.waitFor(0);
            seen.set(available >= 0 ? ring.get(0).value : available);
        });
        long sequence = ring.next();
        ring.get(sequence).value = 77;
        ring.publish(sequence);
        consumer.join();
        assertThat(seen.get()).isEqualTo(77);
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void aBarrierWaitsForItsUpstreamConsumerNotOnlyForTheProducer(WaitStrategy strategy) throws InterruptedException {
        RingBuffer<RingBufferTest.LongEvent> ring =
                RingBuffer.createMultiProducer(RingBufferTest.LongEvent::new, 8, strategy);
        Sequence upstream = new Sequence();
        SequenceBarrier barrier = ring.newBarrier(upstream);
        long sequence = ring.next();
        ring.publish(sequence);
        AtomicLong returned = new AtomicLong(-100);
        Thread consumer = Thread.ofPlatform().start(() -> returned.set(barrier.waitFor(0)));
        upstream.setRelease(0);
        consumer.join();
        assertThat(returned.get()).isZero();
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void anAlertEndsTheWaitWithAValueBelowTheRequest(WaitStrategy strategy) throws InterruptedException {
        RingBuffer<RingBufferTest.LongEvent> ring =
                RingBuffer.createSingleProducer(RingBufferTest.LongEvent::new, 8, strategy);
        SequenceBarrier barrier = ring.newBarrier();
        AtomicLong returned = new AtomicLong(Long.MAX_VALUE);
        Thread consumer = Thread.ofPlatform().start(() -> returned.set(barrier.waitFor(0)));
        barrier.alert();
        consumer.join();
        assertThat(barrier.isAlerted()).isTrue();
        assertThat(returned.get()).isLessThan(0);
    }
}

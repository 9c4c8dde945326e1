package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each wait strategy wakes for a publish, waits for upstream consumers, and stops on an alert. The
 * producer acts only once the consumer is inside the strategy's wait (parked, for the strategies that
 * park), so the wake-up path is what is tested, not a consumer that found the value on arrival.
 */
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
        awaitWaiting(consumer, strategy, parks(strategy));
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
        awaitWaiting(consumer, strategy, false); // the cursor is there: every strategy spins for upstream
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
        awaitWaiting(consumer, strategy, parks(strategy));
        barrier.alert();
        consumer.join();
        assertThat(barrier.isAlerted()).isTrue();
        assertThat(returned.get()).isLessThan(0);
    }

    private static boolean parks(WaitStrategy strategy) {
        return strategy instanceof BlockingWaitStrategy || strategy instanceof SleepingWaitStrategy;
    }

    /** Returns once {@code consumer} is in {@code strategy}'s waitFor, and parked if {@code parks}. */
    private static void awaitWaiting(Thread consumer, WaitStrategy strategy, boolean parks)
            throws InterruptedException {
        while (true) {
            boolean inWait = Stream.of(consumer.getStackTrace())
                    .anyMatch(frame ->
                            frame.getClassName().equals(strategy.getClass().getName())
                                    && frame.getMethodName().equals("waitFor"));
            Thread.State state = consumer.getState();
            boolean parked = state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
            if (inWait && (!parks || parked)) {
                return;
            }
            assertThat(consumer.isAlive())
                    .as("the consumer returned before anything was published")
                    .isTrue();
            Thread.sleep(1);
        }
    }
}

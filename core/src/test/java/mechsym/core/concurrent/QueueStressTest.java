package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pushes {@link StressCheck#ELEMENTS} elements through each queue with 1..4 producer threads
 * (offering one by one, or filling batches of 1..17) and one consumer (this thread), and checks count, checksum and per-producer order. The queues are
 * small (64 slots) so that producers hit "full" and the consumer hits "empty" often. Threads yield
 * when they cannot progress, so the test also runs on machines with fewer cores than threads.
 */
// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class QueueStressTest {

    static Stream<Arguments> queues() {
        IntFunction<BoundedQueue<Long>> spsc = SpscQueue::new;
        IntFunction<BoundedQueue<Long>> mpsc = MpscQueue::new;
        return Stream.of(
                Arguments.of("SpscQueue", spsc, 1, false),
                Arguments.of("MpscQueue", mpsc, 1, false),
                Arguments.of("MpscQueue", mpsc, 2, false),
                Arguments.of("MpscQueue", mpsc, 4, false),
                Arguments.of("SpscQueue", spsc, 1, true),
                Arguments.of("MpscQueue", mpsc, 4, true));
    }

    @ParameterizedTest(name = "{0} with {2} producer(s), fill: {3}")
    @MethodSource("queues")
    void everyElementArrivesOnceInProducerOrder(
            String name, IntFunction<BoundedQueue<Long>> factory, int producers, boolean batched)
            throws InterruptedException {
        BoundedQueue<Long> queue = factory.apply(64);
        long perProducer = StressCheck.ELEMENTS / producers;
        StressCheck check = new StressCheck(producers, perProducer);
        AtomicInteger running = new AtomicInteger(producers);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            threads.add(Thread.ofPlatform().name(name + "-producer-" + p).start(() -> {
                try {
                    long[] next = {0};
                    while (batched && next[0] < perProducer) {
                        int limit = (int) Math.min(1 + next[0] % 17, perProducer - next[0]);
                        if (queue.fill(() -> StressCheck.value(producer, next[0]++), limit) == 0) {
                            Thread.yield();
                        }
                    }
                    for (long i = batched ? perProducer : 0; i < perProducer; i++) {
                        Long value = StressCheck.value(producer, i);
                        while (!queue.offer(value)) {
                            Thread.yield();
                        }
                    }
                } finally {
                    running.decrementAndGet();
                }
            }));
        }
        while (check.count() < check.expectedCount()) {
            if (queue.drain(check::accept, 256) == 0) {
                if (running.get() == 0 && queue.isEmpty()) {
                    break; // a producer died: the assertions below say what is missing
                }
                Thread.yield();
            }
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(queue.poll()).as("nothing left over").isNull();
        check.assertComplete();
        assertThat(queue.size()).isZero();
    }
}

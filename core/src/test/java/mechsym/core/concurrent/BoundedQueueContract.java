package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract every {@link BoundedQueue} keeps, single-threaded: full and empty, FIFO, batch
 * drain, occupancy, the threshold listener, capacity rounding and argument checks. One subclass per
 * implementation; the concurrent claims are in {@link QueueStressTest} and the jcstress module.
 */
// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
abstract class BoundedQueueContract {

    abstract BoundedQueue<Integer> newQueue(int requestedCapacity);

    abstract BoundedQueue<Integer> newQueue(int requestedCapacity, double threshold, ThresholdListener listener);

    record Crossing(boolean above, int size, int capacity) {}

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 2", "3, 4", "5, 8", "1000, 1024", "1024, 1024", "1073741823, 1073741824"})
    void capacityIsTheRequestRoundedUpToAPowerOfTwo(int requested, int expected) {
        if (expected > 1 << 20) {
            assertThat(QueueSupport.capacityFor(requested)).isEqualTo(expected); // no 4 GiB array in a unit test
        } else {
            assertThat(newQueue(requested).capacity()).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE, (1 << 30) + 1, Integer.MAX_VALUE})
    void capacityOutOfRangeIsRefused(int requested) {
        assertThatThrownBy(() -> newQueue(requested))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity")
                .hasMessageContaining(Integer.toString(requested));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -0.5, 1.0001, Double.NaN, Double.POSITIVE_INFINITY})
    void thresholdOutOfRangeIsRefused(double threshold) {
        assertThatThrownBy(() -> newQueue(8, threshold, (above, size, capacity) -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("threshold");
    }

    @Test
    void nullArgumentsAreRefused() {
        BoundedQueue<Integer> queue = newQueue(4);
        assertThatThrownBy(() -> queue.offer(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> queue.drain(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> queue.drain(e -> {}, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> newQueue(4, 0.5, null)).isInstanceOf(NullPointerException.class);
        assertThat(queue.isEmpty()).as("a refused offer stores nothing").isTrue();
    }

    @Test
    void emptyQueuePollsNullAndDrainsNothing() {
        BoundedQueue<Integer> queue = newQueue(4);
        List<Integer> drained = new ArrayList<>();
        assertThat(queue.poll()).isNull();
        assertThat(queue.drain(drained::add)).isZero();
        assertThat(drained).isEmpty();
        assertThat(queue.size()).isZero();
        assertThat(queue.isEmpty()).isTrue();
    }

    @Test
    void fullQueueRefusesOffersAndNeverGrows() {
        BoundedQueue<Integer> queue = newQueue(8);
        for (int i = 0; i < 8; i++) {
            assertThat(queue.offer(i)).as("offer %d", i).isTrue();
        }
        assertThat(queue.offer(8)).as("offer into a full queue").isFalse();
        assertThat(queue.offer(9)).isFalse();
        assertThat(queue.size()).isEqualTo(8);
        assertThat(queue.capacity()).isEqualTo(8);

        assertThat(queue.poll()).isZero();
        assertThat(queue.offer(10)).as("one slot freed").isTrue();
        assertThat(queue.offer(11)).isFalse();

        List<Integer> drained = new ArrayList<>();
        assertThat(queue.drain(drained::add)).isEqualTo(8);
        assertThat(drained).containsExactly(1, 2, 3, 4, 5, 6, 7, 10);
        assertThat(queue.poll()).isNull();
    }

    @Test
    void capacityOneHoldsOneElement() {
        BoundedQueue<Integer> queue = newQueue(1);
        for (int i = 0; i < 5; i++) {
            assertThat(queue.offer(i)).isTrue();
            assertThat(queue.offer(-1)).isFalse();
            assertThat(queue.poll()).isEqualTo(i);
            assertThat(queue.poll()).isNull();
        }
    }

    @Test
    void drainTakesAtMostTheLimitInFifoOrder() {
        BoundedQueue<Integer> queue = newQueue(16);
        for (int i = 0; i < 10; i++) {
            queue.offer(i);
        }
        List<Integer> drained = new ArrayList<>();
        assertThat(queue.drain(drained::add, 3)).isEqualTo(3);
        assertThat(drained).containsExactly(0, 1, 2);
        assertThat(queue.drain(drained::add, 0)).isZero();
        assertThat(queue.size()).isEqualTo(7);
        assertThat(queue.drain(drained::add, 100)).isEqualTo(7);
        assertThat(drained).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(queue.isEmpty()).isTrue();
    }

    @Test
    void aThrowingDrainHandlerConsumesTheElementItWasGivenAndNoMore() {
        BoundedQueue<Integer> queue = newQueue(8);
        for (int i = 0; i < 6; i++) {
            queue.offer(i);
        }
        List<Integer> seen = new ArrayList<>();
        assertThatThrownBy(() -> queue.drain(e -> {
                    seen.add(e);
                    if (e == 2) {
                        throw new IllegalStateException("handler failed on " + e);
                    }
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("handler failed on 2");
        assertThat(seen).containsExactly(0, 1, 2);
        assertThat(queue.size()).isEqualTo(3);
        assertThat(queue.poll()).isEqualTo(3);
        for (int i = 0; i < 6; i++) { // 2 left in 8 slots
            assertThat(queue.offer(10 + i)).as("freed slots are reusable").isTrue();
        }
        assertThat(queue.offer(99)).isFalse();
    }

    @Test
    void fillAddsAtMostTheLimitAndTheRoomInSupplierOrder() {
        BoundedQueue<Integer> queue = newQueue(8);
        int[] supplied = {0};
        assertThat(queue.fill(() -> supplied[0]++, 3)).isEqualTo(3);
        assertThat(queue.fill(() -> supplied[0]++, 0)).isZero();
        assertThat(queue.fill(() -> supplied[0]++, 100))
                .as("only the room left")
                .isEqualTo(5);
        assertThat(supplied[0])
                .as("the supplier is called only for elements added")
                .isEqualTo(8);
        assertThat(queue.fill(() -> supplied[0]++, 1)).as("full").isZero();
        assertThat(supplied[0]).isEqualTo(8);
        assertThat(queue.size()).isEqualTo(8);
        List<Integer> drained = new ArrayList<>();
        assertThat(queue.drain(drained::add)).isEqualTo(8);
        assertThat(drained).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(queue.fill(() -> supplied[0]++, 3)).as("wrapped around").isEqualTo(3);
        assertThat(queue.relaxedPoll()).isEqualTo(8);
        assertThat(queue.relaxedOffer(-1)).isTrue();
        drained.clear();
        queue.drain(drained::add);
        assertThat(drained).containsExactly(9, 10, -1);
        assertThat(queue.relaxedPoll()).isNull();
    }

    @Test
    void fillRefusesBadArguments() {
        BoundedQueue<Integer> queue = newQueue(4);
        assertThatThrownBy(() -> queue.fill(null, 1)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> queue.fill(() -> 1, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("limit");
        assertThat(queue.isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aFailingSupplierKeepsWhatItAddedAndLeavesTheQueueWorking(boolean throwing) {
        BoundedQueue<Integer> queue = newQueue(8);
        int[] supplied = {0};
        assertThatThrownBy(() -> queue.fill(
                        () -> {
                            if (supplied[0] == 2) {
                                if (throwing) {
                                    throw new IllegalStateException("supplier failed");
                                }
                                return null;
                            }
                            return supplied[0]++;
                        },
                        6))
                .isInstanceOf(throwing ? IllegalStateException.class : NullPointerException.class);
        assertThat(queue.poll()).isZero();
        assertThat(queue.poll()).isEqualTo(1);
        assertThat(queue.poll()).as("nothing but what was supplied comes out").isNull();
        assertThat(queue.size()).isZero();
        for (int i = 0; i < 8; i++) {
            assertThat(queue.offer(10 + i)).as("every slot is usable again").isTrue();
        }
        assertThat(queue.offer(99)).isFalse();
        List<Integer> drained = new ArrayList<>();
        queue.drain(drained::add);
        assertThat(drained).containsExactly(10, 11, 12, 13, 14, 15, 16, 17);
    }

    /** Random offers, fills, polls and drains against an {@link ArrayDeque} bounded by the same capacity. */
    @ParameterizedTest
    @ValueSource(longs = {1L, 42L, 20261122L})
    void behavesLikeABoundedFifoModel(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        BoundedQueue<Integer> queue = newQueue(1 + random.nextInt(64));
        int capacity = queue.capacity();
        ArrayDeque<Integer> model = new ArrayDeque<>();
        int next = 0;
        for (int step = 0; step < 20_000; step++) {
            int operation = random.nextInt(10);
            if (operation < 5) {
                boolean expected = model.size() < capacity;
                assertThat(queue.offer(next)).as("offer at step %d", step).isEqualTo(expected);
                if (expected) {
                    model.add(next);
                }
                next++;
            } else if (operation < 7) {
                assertThat(queue.poll()).as("poll at step %d", step).isEqualTo(model.poll());
            } else if (operation < 9) {
                int limit = random.nextInt(capacity + 2);
                int expected = Math.min(limit, capacity - model.size());
                int first = next;
                int[] supplied = {next};
                assertThat(queue.fill(() -> supplied[0]++, limit))
                        .as("fill(%d) at step %d", limit, step)
                        .isEqualTo(expected);
                for (int i = 0; i < expected; i++) {
                    model.add(first + i);
                }
                next = supplied[0];
            } else {
                int limit = random.nextInt(capacity + 2);
                List<Integer> drained = new ArrayList<>();
                int count = queue.drain(drained::add, limit);
                List<Integer> expected = new ArrayList<>();
                while (expected.size() < limit && !model.isEmpty()) {
                    expected.add(model.poll());
                }
                assertThat(drained).as("drain(%d) at step %d", limit, step).isEqualTo(expected);
                assertThat(count).isEqualTo(expected.size());
            }
            assertThat(queue.size()).as("size at step %d", step).isEqualTo(model.size());
            assertThat(queue.isEmpty()).isEqualTo(model.isEmpty());
        }
    }

    @Test
    void thresholdListenerIsToldOfEachCrossingOnce() {
        List<Crossing> crossings = new ArrayList<>();
        BoundedQueue<Integer> queue =
                newQueue(10, 0.7, (above, size, capacity) -> crossings.add(new Crossing(above, size, capacity)));
        assertThat(queue.capacity()).isEqualTo(16);
        // 70% of 16 is 11.2: the threshold is 12 elements
        for (int i = 0; i < 11; i++) {
            queue.offer(i);
        }
        assertThat(crossings).as("below the threshold").isEmpty();
        queue.offer(11);
        assertThat(crossings).containsExactly(new Crossing(true, 12, 16));
        for (int i = 12; i < 16; i++) {
            queue.offer(i);
        }
        assertThat(queue.offer(16)).isFalse();
        assertThat(crossings).as("still above: no repeat").hasSize(1);

        queue.drain(e -> {}, 11); // 5 left: the next offer finds 6
        assertThat(crossings).as("falling is noticed by the next offer").hasSize(1);
        queue.offer(100);
        assertThat(crossings).containsExactly(new Crossing(true, 12, 16), new Crossing(false, 6, 16));
        for (int i = 0; i < 6; i++) {
            queue.offer(200 + i);
        }
        assertThat(crossings)
                .containsExactly(new Crossing(true, 12, 16), new Crossing(false, 6, 16), new Crossing(true, 12, 16));
    }

    /**
     * Random offers, fills, polls and drains on one thread against a model: every offer or fill that
     * leaves the size at or above the level while the last report was "below" reports "above", and
     * every one that leaves it below while the last report was "above" reports "below", with the
     * look-ahead far longer than the distance to the level (capacity 256: it looks 64 slots ahead).
     */
    @Test
    void thresholdCrossingsFollowAModelOverManyCycles() {
        List<Crossing> crossings = new ArrayList<>();
        BoundedQueue<Integer> queue =
                newQueue(256, 0.25, (above, size, capacity) -> crossings.add(new Crossing(above, size, capacity)));
        int level = 64;
        List<Crossing> expected = new ArrayList<>();
        java.util.Random random = new java.util.Random(36);
        int size = 0;
        boolean above = false;
        for (int step = 0; step < 20_000; step++) {
            int n = random.nextInt(1 + random.nextInt(96));
            if (random.nextBoolean()) {
                // a fill checks once, after its batch; offers one by one check after each
                int batch = random.nextBoolean() ? n : 1;
                for (int offered = 0; offered < n; offered += batch) {
                    int added = batch == 1 ? (queue.offer(offered) ? 1 : 0) : queue.fill(() -> 7, batch);
                    size += added;
                    if (added > 0 && (size >= level) != above) {
                        above = !above;
                        expected.add(new Crossing(above, size, 256));
                    }
                }
            } else {
                size -= queue.drain(e -> {}, n);
            }
            assertThat(crossings).as("step %d", step).isEqualTo(expected);
        }
        assertThat(expected).hasSizeGreaterThan(100);
    }

    @Test
    void thresholdOfOneReportsOnlyAFullQueue() {
        List<Crossing> crossings = new ArrayList<>();
        BoundedQueue<Integer> queue =
                newQueue(4, 1.0, (above, size, capacity) -> crossings.add(new Crossing(above, size, capacity)));
        for (int i = 0; i < 3; i++) {
            queue.offer(i);
        }
        assertThat(crossings).isEmpty();
        queue.offer(3);
        assertThat(crossings).containsExactly(new Crossing(true, 4, 4));
    }

    @Test
    void toStringNamesSizeAndCapacity() {
        BoundedQueue<Integer> queue = newQueue(8);
        queue.offer(1);
        assertThat(queue.toString()).contains("size=1").contains("capacity=8");
    }
}

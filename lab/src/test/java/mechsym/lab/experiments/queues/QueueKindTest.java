package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every queue the benchmarks compare, as they use it: one producer, one consumer, nothing lost. */
class QueueKindTest {
    private static final int ELEMENTS = 200_000;

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void fillsAndDrainsInBatchesWithinTheLimitAndInOrder(QueueKind kind) {
        QueueKind.Transfer transfer = kind.create(1024);
        int[] next = {0};
        java.util.List<Integer> drained = new java.util.ArrayList<>();
        assertThat(transfer.fill(() -> next[0]++, 100)).as(kind.label).isEqualTo(100);
        assertThat(transfer.drain(drained::add, 60)).as(kind.label).isEqualTo(60);
        assertThat(transfer.drain(drained::add, 100)).as(kind.label).isEqualTo(40);
        assertThat(drained).as(kind.label).hasSize(100).isSorted().startsWith(0).endsWith(99);
        assertThat(transfer.poll()).as(kind.label + ": empty at the end").isNull();
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void carriesEveryElementInOrderFromOneThreadToAnother(QueueKind kind) throws InterruptedException {
        QueueKind.Transfer transfer = kind.create(1024);
        long[] received = new long[2]; // count, and the elements out of order
        Thread consumer = Thread.ofPlatform().start(() -> {
            int expected = 0;
            while (expected < ELEMENTS) {
                Integer element = transfer.poll();
                if (element == null) {
                    Thread.onSpinWait();
                    continue;
                }
                if (element != expected) {
                    received[1]++;
                }
                expected++;
                received[0]++;
            }
        });
        for (int i = 0; i < ELEMENTS; ) {
            if (transfer.offer(i)) {
                i++;
            } else {
                Thread.onSpinWait();
            }
        }
        consumer.join();
        assertThat(received[0]).as(kind.label).isEqualTo(ELEMENTS);
        assertThat(received[1]).as(kind.label + ": out of order").isZero();
        assertThat(transfer.poll()).as(kind.label + ": empty at the end").isNull();
    }
}

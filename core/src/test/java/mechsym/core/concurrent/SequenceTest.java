package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SequenceTest {

    @Test
    void startsAtMinusOneOrTheGivenValue() {
        assertThat(new Sequence().getVolatile())
                .isEqualTo(Sequence.INITIAL_VALUE)
                .isEqualTo(-1L);
        assertThat(new Sequence(42).getPlain()).isEqualTo(42L);
    }

    @Test
    void everyAccessModeReadsWhatEveryAccessModeWrote() {
        Sequence sequence = new Sequence();
        sequence.setPlain(1);
        assertThat(sequence.getOpaque()).isEqualTo(1);
        sequence.setOpaque(2);
        assertThat(sequence.getAcquire()).isEqualTo(2);
        sequence.setRelease(3);
        assertThat(sequence.getVolatile()).isEqualTo(3);
        sequence.setVolatile(Long.MIN_VALUE);
        assertThat(sequence.getPlain()).isEqualTo(Long.MIN_VALUE);
        assertThat(sequence).hasToString(Long.toString(Long.MIN_VALUE));
    }

    @Test
    void compareAndSetSucceedsOnlyFromTheExpectedValue() {
        Sequence sequence = new Sequence(5);
        assertThat(sequence.compareAndSet(4, 10)).isFalse();
        assertThat(sequence.getVolatile()).isEqualTo(5);
        assertThat(sequence.compareAndSet(5, 10)).isTrue();
        assertThat(sequence.getVolatile()).isEqualTo(10);
    }

    @Test
    void getAndAddReturnsThePreviousValue() {
        Sequence sequence = new Sequence(0);
        assertThat(sequence.getAndAdd(3)).isZero();
        assertThat(sequence.getAndAdd(-1)).isEqualTo(3);
        assertThat(sequence.getVolatile()).isEqualTo(2);
    }

    @Test
    void concurrentGetAndAddLosesNoIncrement() throws InterruptedException {
        Sequence sequence = new Sequence(0);
        int threads = 4;
        int increments = 100_000;
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            started.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < increments; i++) {
                    sequence.getAndAdd(1);
                }
            }));
        }
        for (Thread thread : started) {
            thread.join();
        }
        assertThat(sequence.getVolatile()).isEqualTo((long) threads * increments);
    }
}

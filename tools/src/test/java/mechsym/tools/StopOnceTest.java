package mechsym.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class StopOnceTest {
    @Test
    @Timeout(10)
    void theActionRunsOnceHoweverOftenAndFromWhereverStopIsCalled() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        StopOnce once = StopOnce.atExit("test-stop", runs::incrementAndGet);
        assertThat(runs).hasValue(0);
        Thread other = new Thread(once::stop);
        other.start();
        once.stop();
        other.join();
        once.stop();
        assertThat(runs).hasValue(1);
    }
}

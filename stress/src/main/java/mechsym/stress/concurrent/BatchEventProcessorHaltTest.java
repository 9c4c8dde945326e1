package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BatchEventProcessor;
import mechsym.core.concurrent.BlockingWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * 17. {@code halt} racing {@code run}: a {@link BatchEventProcessor} with the blocking wait strategy
 * on an empty ring is started while another thread halts it. Halted before {@code run} starts,
 * {@code run} returns at once; halted while it runs or blocks, the alert wakes it. Either way
 * {@code run} returns: a consumer still blocked after the halt is a lost wake-up ({@code STALE}).
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "run() returned after the halt.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: run() still blocks after halt().")
@State
public class BatchEventProcessorHaltTest {
    private final BatchEventProcessor<long[]> processor = new BatchEventProcessor<>(
            RingBuffer.createSingleProducer(() -> new long[1], 4, new BlockingWaitStrategy()),
            (event, sequence, endOfBatch) -> {});

    @Actor
    public void run() {
        processor.run();
    }

    @Signal
    public void halt() {
        processor.halt();
    }
}

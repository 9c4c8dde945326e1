package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.Sequence;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Ref;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * 1. {@code Sequence.setRelease} publishes the plain writes made before it to a thread whose {@code
 * getAcquire} sees the released value: the single-writer publication ("lazySet") everything else
 * here is built on.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The reader ran before the writer.")
@Outcome(id = "0, 42", expect = ACCEPTABLE, desc = "The reader saw the data early, by a race it does not rely on.")
@Outcome(
        id = "1, 42",
        expect = ACCEPTABLE,
        desc = "The reader saw the released sequence and the data written before it.")
@Outcome(expect = FORBIDDEN, desc = "The reader saw the released sequence but not the data written before it.")
@Ref("https://docs.oracle.com/en/java/javase/25/docs/api/java.base/java/lang/invoke/VarHandle.AccessMode.html")
@State
public class SequenceReleaseAcquireTest {
    private final Sequence sequence = new Sequence(0);
    private int data;

    @Actor
    public void writer() {
        data = 42;
        sequence.setRelease(1);
    }

    @Actor
    public void reader(II_Result r) {
        r.r1 = (int) sequence.getAcquire();
        r.r2 = data;
    }
}

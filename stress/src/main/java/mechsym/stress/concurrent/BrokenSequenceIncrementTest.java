package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.Sequence;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.J_Result;

/**
 * Negative control for the sequence tests, broken on purpose: two threads increment one {@link
 * Sequence} with an acquire read and a release write where {@code getAndAdd} belongs, so an update
 * can be lost. The lost update is marked {@code ACCEPTABLE_INTERESTING} so the run stays green, and
 * {@code NegativeControls} fails the build unless jcstress observed it: proof that the harness can
 * catch this family's kind of bug.
 */
@JCStressTest
@Outcome(id = "2", expect = ACCEPTABLE, desc = "Both increments landed (the threads did not overlap).")
@Outcome(id = "1", expect = ACCEPTABLE_INTERESTING, desc = "The broken variant's bug, caught: an update was lost.")
@Outcome(expect = FORBIDDEN, desc = "Neither increment landed.")
@State
public class BrokenSequenceIncrementTest {
    private final Sequence sequence = new Sequence(0);

    @Actor
    public void first() {
        sequence.setRelease(sequence.getAcquire() + 1);
    }

    @Actor
    public void second() {
        sequence.setRelease(sequence.getAcquire() + 1);
    }

    @Arbiter
    public void value(J_Result r) {
        r.r1 = sequence.getVolatile();
    }
}

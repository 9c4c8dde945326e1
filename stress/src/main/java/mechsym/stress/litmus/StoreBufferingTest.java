package mechsym.stress.litmus;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Ref;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The store-buffering litmus test (Dekker's core): each thread stores 1 to its own variable, then
 * loads the other's. With no fence both may read 0: each store still sits in its core's store
 * buffer when the other core loads, which the caches (coherent all along) cannot prevent. The seed's
 * point: fences order a core's own accesses, nothing gets "flushed". {@link Fenced} puts a full
 * fence between store and load, which forbids the outcome.
 */
public final class StoreBufferingTest {
    private StoreBufferingTest() {}

    private static final VarHandle X;
    private static final VarHandle Y;

    static {
        try {
            X = MethodHandles.lookup().findVarHandle(Cells.class, "x", int.class);
            Y = MethodHandles.lookup().findVarHandle(Cells.class, "y", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Two variables, written and read with opaque access: no ordering between a store and a later load. */
    public static class Cells {
        int x;
        int y;
    }

    /** Opaque stores and loads: the store buffer may let each load pass its thread's own store. */
    @JCStressTest
    @Outcome(
            id = {"0, 1", "1, 0", "1, 1"},
            expect = ACCEPTABLE,
            desc = "An interleaving of the four accesses.")
    @Outcome(
            id = "0, 0",
            expect = ACCEPTABLE_INTERESTING,
            desc = "Both loads passed their own thread's store: the store buffer reordered store -> load.")
    @Ref("https://www.cl.cam.ac.uk/~pes20/weakmemory/x86tso-paper.tphols.pdf")
    @State
    public static class Plain extends Cells {
        @Actor
        public void actor1(II_Result r) {
            X.setOpaque(this, 1);
            r.r1 = (int) Y.getOpaque(this);
        }

        @Actor
        public void actor2(II_Result r) {
            Y.setOpaque(this, 1);
            r.r2 = (int) X.getOpaque(this);
        }
    }

    /** The same with a full fence between each store and load (what a volatile store does on x86). */
    @JCStressTest
    @Outcome(
            id = {"0, 1", "1, 0", "1, 1"},
            expect = ACCEPTABLE,
            desc = "An interleaving of the four accesses.")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "A load passed a fenced store: the fence did not hold.")
    @State
    public static class Fenced extends Cells {
        @Actor
        public void actor1(II_Result r) {
            X.setOpaque(this, 1);
            VarHandle.fullFence();
            r.r1 = (int) Y.getOpaque(this);
        }

        @Actor
        public void actor2(II_Result r) {
            Y.setOpaque(this, 1);
            VarHandle.fullFence();
            r.r2 = (int) X.getOpaque(this);
        }
    }
}

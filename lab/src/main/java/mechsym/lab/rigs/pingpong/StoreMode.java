package mechsym.lab.rigs.pingpong;

import java.lang.invoke.VarHandle;

/**
 * How a ping-pong cell is written: the lazySet post's three set methods. The read that goes with
 * each is acquire for {@link #RELEASE} and volatile otherwise (the post's {@code get} is always
 * volatile; a plain read in a spin loop could be hoisted out of it and never see the store).
 */
public enum StoreMode {
    /** A volatile store: {@code mov} then a full fence ({@code lock addl}) on x86. */
    VOLATILE("volatile"),
    /** {@code setRelease}, what {@code lazySet} is today: a plain {@code mov} on x86. */
    RELEASE("lazy (setRelease)"),
    /** A plain store, the post's "direct" set: no ordering at all. */
    PLAIN("direct (plain)");

    public final String label;

    StoreMode(String label) {
        this.label = label;
    }

    void store(VarHandle handle, Object holder, long value) {
        switch (this) {
            case VOLATILE -> handle.setVolatile(holder, value);
            case RELEASE -> handle.setRelease(holder, value);
            case PLAIN -> handle.set(holder, value);
        }
    }

    long load(VarHandle handle, Object holder) {
        return this == RELEASE ? (long) handle.getAcquire(holder) : (long) handle.getVolatile(holder);
    }
}

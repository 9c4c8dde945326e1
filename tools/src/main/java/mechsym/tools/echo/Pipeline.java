package mechsym.tools.echo;

import java.util.Locale;

/** How the echo server hands a datagram from the thread that receives it to the one that answers. */
public enum Pipeline {
    /**
     * Receive thread, then mechsym's ring buffer ({@code mechsym.core.concurrent.RingBuffer}), the
     * business-logic thread, a second ring, the send thread: pre-allocated events, no allocation per
     * datagram.
     */
    RING,
    /** The seed post's blocking baseline: one receiving ("acceptor") thread and a pool of three handlers. */
    THREADS,
    /** The same pipeline as {@link #RING} on the LMAX Disruptor 4, the library the seed post used. */
    DISRUPTOR;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The pipeline named {@code id} (any case); throws naming the valid ones. */
    public static Pipeline parse(String id) {
        for (Pipeline p : values()) {
            if (p.id().equalsIgnoreCase(id.strip())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown pipeline '" + id + "'; valid: ring, threads, disruptor");
    }
}

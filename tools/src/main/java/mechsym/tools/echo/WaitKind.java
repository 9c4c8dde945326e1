package mechsym.tools.echo;

import java.util.Locale;
import mechsym.core.concurrent.BlockingWaitStrategy;
import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.SleepingWaitStrategy;
import mechsym.core.concurrent.WaitStrategy;
import mechsym.core.concurrent.YieldingWaitStrategy;

/**
 * How the ring pipelines' consumer threads wait for the next event, for mechsym's ring and the
 * Disruptor alike: the trade of CPU burned against the latency of waking up.
 */
public enum WaitKind {
    /** Spin, then yield, then park briefly (the seed post's choice: "4-6% per core"). */
    SLEEPING,
    /** Spin, then {@code Thread.yield()}: a core each when idle, unless others want it. */
    YIELDING,
    /** Busy-spin: a whole core each, always. */
    SPIN,
    /** Lock and condition: no CPU when idle, a wake-up (futex) per batch. */
    BLOCKING;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind named {@code id} (any case); throws naming the valid ones. */
    public static WaitKind parse(String id) {
        for (WaitKind w : values()) {
            if (w.id().equalsIgnoreCase(id.strip())) {
                return w;
            }
        }
        throw new IllegalArgumentException(
                "unknown wait strategy '" + id + "'; valid: sleeping, yielding, spin, blocking");
    }

    /**
     * The sleeping kind's park, the Disruptor's default (100 ns; a park of any length lasts the OS
     * timer slack, about 50 µs on Linux), so that ring and Disruptor wait alike. Core's own default,
     * 100 µs, is for background consumers.
     */
    static final long SLEEPING_PARK_NANOS = 100;

    /**
     * mechsym's own strategy of this kind (a new instance: strategies may hold per-ring state), with
     * the Disruptor's parameters.
     */
    WaitStrategy core() {
        return switch (this) {
            case SLEEPING -> new SleepingWaitStrategy(SLEEPING_PARK_NANOS);
            case YIELDING -> new YieldingWaitStrategy();
            case SPIN -> new BusySpinWaitStrategy();
            case BLOCKING -> new BlockingWaitStrategy();
        };
    }

    /** The LMAX Disruptor's strategy of this kind. */
    com.lmax.disruptor.WaitStrategy disruptor() {
        return switch (this) {
            case SLEEPING -> new com.lmax.disruptor.SleepingWaitStrategy();
            case YIELDING -> new com.lmax.disruptor.YieldingWaitStrategy();
            case SPIN -> new com.lmax.disruptor.BusySpinWaitStrategy();
            case BLOCKING -> new com.lmax.disruptor.BlockingWaitStrategy();
        };
    }
}

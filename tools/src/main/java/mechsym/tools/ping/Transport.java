package mechsym.tools.ping;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a ping client and server move bytes and wait for them. The wire is the same echo for every
 * TCP transport, so a client of one transport works with a server of another; the choice only
 * changes how each side waits.
 */
public enum Transport {
    /** TCP, non-blocking channel, the thread busy-spins on {@code read} (the seed post's way). */
    SPIN(true),
    /** TCP, non-blocking channel with a selector polled by {@code selectNow()} in a busy loop. */
    SELECTNOW(true),
    /** TCP, non-blocking channel with a selector; the thread sleeps in {@code select()}. */
    SELECT(true),
    /** TCP, blocking channel; the thread sleeps in {@code read}. */
    BLOCKING(true),
    /** UDP, one datagram each way, non-blocking channel, busy-spinning; a lost datagram is counted. */
    UDP(false),
    /** No network: a memory-mapped file, release/acquire sequence words, both sides busy-spin. */
    IPC(false);

    private final boolean tcp;

    Transport(boolean tcp) {
        this.tcp = tcp;
    }

    /** Whether this transport is a TCP stream. */
    public boolean isTcp() {
        return tcp;
    }

    /** Whether the waiting thread burns a CPU (spins) rather than sleeping in the kernel. */
    public boolean spins() {
        return this != SELECT && this != BLOCKING;
    }

    /** The command-line name: {@code spin}, {@code selectnow}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The transport named {@code id} (any case).
     *
     * @throws IllegalArgumentException naming the valid ids
     */
    public static Transport parse(String id) {
        for (Transport t : values()) {
            if (t.id().equalsIgnoreCase(id.strip())) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + id + "'; valid: " + ids());
    }

    /** The valid ids, comma separated. */
    public static String ids() {
        return Arrays.stream(values()).map(Transport::id).collect(Collectors.joining(", "));
    }
}

package mechsym.tools.gateway;

/** What a transaction does for its transaction time. */
public enum WorkKind {
    /** Busy-spins on {@link System#nanoTime()} for the transaction time: holds a CPU like real computation. */
    SPIN,
    /** Sleeps ({@link java.util.concurrent.locks.LockSupport#parkNanos}) for the transaction time: like waiting on I/O. */
    SLEEP,
    /**
     * SHA-256 over the request body (or a fixed 256-byte payload when there is none), as many rounds
     * as fit the transaction time as calibrated at start; the answer carries the digest.
     */
    HASH;

    /** The lower-case name used on the command line and in reports. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

package mechsym.tools.gateway;

/** What the gateway does with a request when the transaction service's input queue is full. */
public enum QueuePolicy {
    /** Answer {@code 503 Service Unavailable} with {@code Retry-After} at once: back pressure to the client. */
    REJECT,
    /** Wait for room, holding the gateway thread (and every connection it serves): back pressure through TCP. */
    BLOCK,
    /** Never full: a {@link java.util.concurrent.ConcurrentLinkedQueue}, which grows with the backlog. */
    UNBOUNDED;

    /** The lower-case name used on the command line and in reports. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

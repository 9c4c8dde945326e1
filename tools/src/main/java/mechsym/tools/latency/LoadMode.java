package mechsym.tools.latency;

/**
 * How the load that produced a latency distribution was applied. The two give different figures for
 * the same system: a closed loop waits for each answer before the next request, so a stall delays
 * every later request and is counted once (coordinated omission); a fixed rate keeps sending on
 * schedule and times each request from when it should have been sent, so a stall shows in every
 * request it held up.
 */
public enum LoadMode {
    /** Each sender waits for its answer before sending again (the posts' ping-pong way). */
    CLOSED_LOOP("closed loop: each sender waits for its answer; a stall is counted once (coordinated omission)"),
    /** Requests leave on a fixed schedule; latency runs from each request's intended send time. */
    FIXED_RATE("fixed rate: latency from each request's intended send time, so stalls are not hidden");

    private final String description;

    LoadMode(String description) {
        this.description = description;
    }

    /** One line for reports: what the mode is and what it means for the figures. */
    public String description() {
        return description;
    }

    /** The lower-case name used in JSON and on the command line ({@code closed-loop}, {@code fixed-rate}). */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}

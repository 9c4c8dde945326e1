package mechsym.lab.experiments.backpressure;

import java.util.Locale;

/**
 * mechsym's speed goals for the gateway, judged from one run: with a service that does nothing,
 * the p99 at half the capacity is under {@link #OVERHEAD_P99_MILLIS} on loopback, and the
 * gateway's capacity is at least that of the plainest JDK {@code HttpServer} handler measured in
 * the same run with the same load tool.
 */
final class SpeedGoals {
    static final double OVERHEAD_P99_MILLIS = 1.0;

    private SpeedGoals() {}

    /** Met, missed, or cannot tell, with the sentence saying why. */
    record Outcome(String status, String sentence) {
        static final String MET = "met";
        static final String MISSED = "missed";
        static final String INCONCLUSIVE = "inconclusive";
    }

    static Outcome overhead(double p99AtHalfCapacityMillis, double capacityPerSecond) {
        if (Double.isNaN(p99AtHalfCapacityMillis) || !(capacityPerSecond > 0)) {
            return new Outcome(Outcome.INCONCLUSIVE, "gateway overhead: no p99 at half capacity was measured");
        }
        boolean met = p99AtHalfCapacityMillis < OVERHEAD_P99_MILLIS;
        return new Outcome(
                met ? Outcome.MET : Outcome.MISSED,
                String.format(
                        Locale.ROOT,
                        "gateway overhead: p99 %.3f ms at %.0f/s (half of %.0f/s) with a do-nothing service; goal < %.1f ms: %s",
                        p99AtHalfCapacityMillis,
                        capacityPerSecond / 2,
                        capacityPerSecond,
                        OVERHEAD_P99_MILLIS,
                        met ? "met" : "missed"));
    }

    static Outcome capacity(double gatewayPerSecond, double plainJdkPerSecond) {
        if (!(gatewayPerSecond > 0) || !(plainJdkPerSecond > 0)) {
            return new Outcome(Outcome.INCONCLUSIVE, "capacity: a server answered nothing, no comparison");
        }
        boolean met = gatewayPerSecond >= plainJdkPerSecond;
        return new Outcome(
                met ? Outcome.MET : Outcome.MISSED,
                String.format(
                        Locale.ROOT,
                        "capacity: gateway %.0f/s against the plain JDK HttpServer's %.0f/s (x%.2f); goal >= x1: %s",
                        gatewayPerSecond,
                        plainJdkPerSecond,
                        gatewayPerSecond / plainJdkPerSecond,
                        met ? "met" : "missed"));
    }
}

package mechsym.lab.experiments.backpressure;

import java.util.Locale;
import mechsym.lab.Goal;

/**
 * mechsym's speed goals for the gateway, judged from one run and reported beside the verdict: with a
 * service that does nothing, the p99 at half the capacity is under {@link #OVERHEAD_P99_MILLIS} on
 * loopback, and the gateway's capacity is at least that of the plainest JDK {@code HttpServer} handler
 * measured in the same run with the same load tool.
 */
final class SpeedGoals {
    static final double OVERHEAD_P99_MILLIS = 1.0;

    static final String OVERHEAD = "gateway overhead: do-nothing service p99 at half capacity < 1 ms";
    static final String CAPACITY = "gateway capacity >= the plain JDK HttpServer's";

    private SpeedGoals() {}

    static Goal overhead(double p99AtHalfCapacityMillis, double capacityPerSecond) {
        if (Double.isNaN(p99AtHalfCapacityMillis) || !(capacityPerSecond > 0)) {
            return Goal.notMeasurable(OVERHEAD, "no p99 at half capacity was measured");
        }
        return Goal.judge(
                OVERHEAD,
                p99AtHalfCapacityMillis < OVERHEAD_P99_MILLIS,
                String.format(
                        Locale.ROOT,
                        "p99 %.3f ms at %.0f/s (half of %.0f/s) with a do-nothing service",
                        p99AtHalfCapacityMillis,
                        capacityPerSecond / 2,
                        capacityPerSecond));
    }

    static Goal capacity(double gatewayPerSecond, double plainJdkPerSecond) {
        if (!(gatewayPerSecond > 0) || !(plainJdkPerSecond > 0)) {
            return Goal.notMeasurable(CAPACITY, "a server answered nothing, no comparison");
        }
        return Goal.judge(
                CAPACITY,
                gatewayPerSecond >= plainJdkPerSecond,
                String.format(
                        Locale.ROOT,
                        "gateway %.0f/s against the plain JDK HttpServer's %.0f/s (x%.2f)",
                        gatewayPerSecond,
                        plainJdkPerSecond,
                        gatewayPerSecond / plainJdkPerSecond));
    }

    /** "met", "missed" or "not measurable", as the speed-goals table writes it. */
    static String status(Goal goal) {
        return goal.status().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** The goal as one terminal line. */
    static String sentence(Goal goal) {
        return goal.goal() + ": " + status(goal) + " (" + goal.figures() + ")";
    }
}

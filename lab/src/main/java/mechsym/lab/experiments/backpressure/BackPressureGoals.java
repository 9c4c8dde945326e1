package mechsym.lab.experiments.backpressure;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Goal;
import mechsym.lab.Measure;

/**
 * mechsym's speed goals for the gateway, reported beside the verdict, judged from rounds in which the
 * do-nothing gateway and the plainest JDK {@code HttpServer} handler are measured in turn with the
 * same load tool: the gateway's own read-to-write p99 at half its capacity under {@link
 * #OVERHEAD_P99_MILLIS}, and its capacity at least the JDK handler's. Pure: the rounds in, the goals
 * out, each through its interval over the rounds.
 */
final class BackPressureGoals {
    static final double OVERHEAD_P99_MILLIS = 1.0;

    static final String OVERHEAD = "gateway overhead: read-to-write p99 at half its capacity < 1 ms";
    static final String CAPACITY = "gateway capacity >= the plain JDK HttpServer's";

    private BackPressureGoals() {}

    /**
     * One round, the two servers in turn.
     *
     * @param gatewayPerSecond the do-nothing gateway's capacity (200 answers per second, saturating load)
     * @param jdkPerSecond the plain JDK handler's, likewise
     * @param ratePerSecond half the gateway's capacity: the fixed rate of both servers' next runs
     * @param readToWriteP99Millis the gateway's own p99 from a request read to its answer written, over
     *     its run at that rate (its /stats histogram)
     * @param gatewayP99Millis the gateway's p99 at that rate as the load generator saw it (from the
     *     intended start: the load, the kernel and the scheduler included)
     * @param jdkP99Millis the JDK handler's, likewise
     */
    record Round(
            double gatewayPerSecond,
            double jdkPerSecond,
            double ratePerSecond,
            double readToWriteP99Millis,
            double gatewayP99Millis,
            double jdkP99Millis) {}

    static List<Goal> judge(List<Round> rounds) {
        return List.of(overhead(rounds), capacity(rounds));
    }

    static Goal overhead(List<Round> rounds) {
        List<Round> measured = rounds.stream()
                .filter(r -> !Double.isNaN(r.readToWriteP99Millis()))
                .toList();
        if (measured.isEmpty()) {
            return Goal.notMeasurable(OVERHEAD, "no read-to-write p99 at half capacity was measured");
        }
        Measure p99 =
                Measure.of(measured.stream().map(Round::readToWriteP99Millis).toList(), "ms");
        Measure gateway =
                medianOf(measured.stream().map(Round::gatewayP99Millis).toList());
        Measure jdk = medianOf(measured.stream().map(Round::jdkP99Millis).toList());
        return Goal.atMost(
                OVERHEAD,
                p99,
                OVERHEAD_P99_MILLIS,
                String.format(
                        Locale.ROOT,
                        "do-nothing service at %.0f/s (half the gateway's capacity, round by round); as the load"
                                + " generator saw it, p99 %s for the gateway and %s for the plain JDK HttpServer at"
                                + " the same rate (medians); inside the gateway, read to write",
                        median(measured.stream().map(Round::ratePerSecond).toList()),
                        text(gateway),
                        text(jdk)));
    }

    static Goal capacity(List<Round> rounds) {
        List<Round> measured = rounds.stream()
                .filter(r -> r.gatewayPerSecond() > 0 && r.jdkPerSecond() > 0)
                .toList();
        if (measured.isEmpty()) {
            return Goal.notMeasurable(CAPACITY, "a server answered nothing, no comparison");
        }
        Measure ratio = Measure.ratio(
                measured.stream().map(Round::gatewayPerSecond).toList(),
                measured.stream().map(Round::jdkPerSecond).toList());
        return Goal.atLeast(
                CAPACITY,
                ratio,
                1.0,
                String.format(
                        Locale.ROOT,
                        "gateway %.0f/s against the plain JDK HttpServer's %.0f/s (medians), per-round ratio",
                        median(measured.stream().map(Round::gatewayPerSecond).toList()),
                        median(measured.stream().map(Round::jdkPerSecond).toList())));
    }

    private static Measure medianOf(List<Double> values) {
        List<Double> numbers = values.stream().filter(v -> !Double.isNaN(v)).toList();
        return numbers.isEmpty() ? null : Measure.of(numbers, "ms");
    }

    private static String text(Measure m) {
        return m == null ? "n/a" : String.format(Locale.ROOT, "%.2f ms", m.value());
    }

    private static double median(List<Double> values) {
        return Measure.of(values, "").value();
    }

    /** "met", "missed" or "not measurable", as a table writes it. */
    static String status(Goal goal) {
        return goal.status().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** The goal as one terminal line. */
    static String sentence(Goal goal) {
        return goal.goal() + ": " + status(goal) + " (" + goal.figures() + ")";
    }
}

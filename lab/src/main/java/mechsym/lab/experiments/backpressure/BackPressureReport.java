package mechsym.lab.experiments.backpressure;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.experiments.backpressure.BackPressureExperiment.Params;
import mechsym.lab.experiments.backpressure.BackPressureExperiment.RunRow;
import mechsym.lab.experiments.backpressure.ServerUnderLoad.Sample;
import mechsym.tools.gateway.QueuePolicy;
import mechsym.tools.gateway.QueueSizing;

/**
 * The back-pressure experiment's tables and charts, built from its measured runs: the hockey stick,
 * queue depth over time, slow consumers, and mechsym's speed goals.
 */
final class BackPressureReport {
    private BackPressureReport() {}

    /** Latency against arrival rate per queue policy (every run but the slow-client ones), and its chart. */
    static void hockeyStick(
            ExperimentResult.Builder result, List<RunRow> rows, Params p, QueueSizing sizing, double capacity) {
        Table.Builder hockey = Table.measured("hockey-stick", "Latency against arrival rate, per queue policy")
                .column("policy")
                .column("arrival", "% of capacity")
                .column("arrival rate", "req/s")
                .column("answered 200", "req/s")
                .percentileColumns("ms")
                .column("rejected", "%")
                .column("errors", "%")
                .column("max queue depth", "transactions")
                .column("max heap used", "MiB")
                .column("70% alerts", "#")
                .column("sampled txn p50", "µs")
                .column("sampled txn p99", "µs")
                .column("server exit", null);
        for (RunRow r : rows) {
            if (!r.slowClients) {
                hockey.row(
                        r.policy,
                        r.percent,
                        r.rate,
                        r.acceptedPerSecond,
                        r.latency,
                        r.rejectedPercent,
                        r.errorPercent,
                        r.maxDepth,
                        r.maxHeapMiB,
                        r.alerts,
                        r.txnP50Micros,
                        r.txnP99Micros,
                        r.exit);
            }
        }
        hockey.note("Latency of 200 answers from each request's intended start (fixed rate), "
                + fmt(p.runSeconds()) + " s per point; the bounded queue holds " + sizing.length()
                + " transactions, sized for " + fmt(BackPressureExperiment.MAX_LATENCY_MILLIS) + " ms; capacity "
                + fmt(capacity) + "/s. The post's monitoring, from the gateway's /stats: 70% alerts = upward"
                + " crossings of 70% of the queue's length during the run (none for the unbounded queue, which"
                + " has no length); sampled txn = the service's transaction times (work only, no queueing),"
                + " which /stats gives since the gateway started, read at the end of the run.");
        result.table(hockey.build());
        result.chart(Chart.line(
                        "hockey-stick-chart",
                        "The hockey stick: p99 against arrival rate",
                        List.of("hockey-stick"),
                        "arrival",
                        "p99",
                        "policy",
                        "p99 latency (ms)")
                .withLogY());
    }

    /** Queue depth, in flight and heap over time at 200% of capacity, per policy, and its chart. */
    static void queueDepth(ExperimentResult.Builder result, Map<QueuePolicy, List<Sample>> depthAt200, Params p) {
        Table.Builder depth = Table.measured("queue-depth", "Queue depth and heap over time at 200% of capacity")
                .column("policy")
                .column("t", "s")
                .column("queue depth", "transactions")
                .column("in flight", "transactions")
                .column("heap used", "MiB")
                .column("70% alerts since start", "#")
                .column("sampled txn p99 since start", "µs");
        depthAt200.forEach((policy, samples) -> {
            for (Sample s : samples) {
                depth.row(policy.id(), s.seconds(), s.depth(), s.inFlight(), s.heapMiB(), s.alerts(), s.txnP99Micros());
            }
        });
        depth.note("Sampled every 100 ms inside the gateway's JVM. In flight = accepted and not yet answered;"
                + " the unbounded queue's depth is capped by the connections the load opened (" + p.connections()
                + "): beyond that the wait moves into the clients.");
        result.table(depth.build());
        result.chart(Chart.line(
                "queue-depth-chart",
                "Queue depth over time at 200% of capacity",
                List.of("queue-depth"),
                "t",
                "queue depth",
                "policy",
                "transactions"));
    }

    /** 50% load with and without slow clients, on the gateway and on the plain JDK HttpServer. */
    static void slowConsumer(
            ExperimentResult.Builder result,
            Params p,
            RunRow gatewayFast,
            RunRow gatewaySlow,
            RunRow jdkFast,
            RunRow jdkSlow) {
        Table.Builder slow = Table.measured(
                        "slow-consumer", "50% load while " + p.slowClients() + " slow clients drip their requests")
                .column("server")
                .column("slow clients", "connections")
                .column("answered 200", "req/s")
                .column("p50", "ms")
                .column("p99", "ms")
                .column("max", "ms")
                .column("errors", "%");
        slowRow(slow, "gateway (bounded-503)", 0, gatewayFast);
        slowRow(slow, "gateway (bounded-503)", p.slowClients(), gatewaySlow);
        slowRow(slow, "plain JDK HttpServer", 0, jdkFast);
        slowRow(slow, "plain JDK HttpServer", p.slowClients(), jdkSlow);
        slow.note("Slow clients send one byte per connection every 20 ms and never read. The gateway reads"
                + " without blocking (a slow client costs a buffer); the plain JDK HttpServer reads a request on"
                + " the thread that runs its handler (its default executor: the dispatcher thread).");
        result.table(slow.build());
    }

    private static void slowRow(Table.Builder slow, String server, int slowClients, RunRow r) {
        slow.row(
                server,
                slowClients,
                r.acceptedPerSecond,
                r.latency.p50(),
                r.latency.p99(),
                r.latency.max(),
                r.errorPercent);
    }

    /** The verdict's rounds at 2x: the bounded+503 gateway's and the unbounded one's, round by round. */
    static void overloadRounds(ExperimentResult.Builder result, BackPressureClaims.Figures f) {
        Table.Builder rounds = Table.measured("overload-rounds", "The rounds at 2x capacity the verdict is judged on")
                .column("policy")
                .column("round")
                .column("capacity", "req/s")
                .column("answered 200", "req/s")
                .column("of capacity", "%")
                .column("accepted p99", "ms")
                .column("first median", "ms")
                .column("last median", "ms")
                .column("growth", "x")
                .column("server exit", null);
        int round = 1;
        for (BackPressureClaims.BoundedRound r : f.bounded()) {
            rounds.row(
                    QueuePolicy.REJECT.id(),
                    round++,
                    r.capacityPerSecond(),
                    r.acceptedPerSecond(),
                    100 * r.acceptedPerSecond() / r.capacityPerSecond(),
                    r.acceptedP99Millis(),
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    "");
        }
        round = 1;
        for (BackPressureClaims.UnboundedRound r : f.unbounded()) {
            rounds.row(
                    QueuePolicy.UNBOUNDED.id(),
                    round++,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    r.p99Millis(),
                    r.firstMedianMillis(),
                    r.lastMedianMillis(),
                    r.lastMedianMillis() / r.firstMedianMillis(),
                    r.end() == BackPressureClaims.End.RUNNING
                            ? ""
                            : r.end().name().toLowerCase(Locale.ROOT) + " (exit " + r.exit() + ")");
        }
        rounds.note("Arrival rate " + fmt(f.arrivalPerSecond())
                + "/s, twice the reference capacity (the median of three capacity runs before the load steps)."
                + " Bounded+503:"
                + " each round measures the capacity (1.5x the nominal rate) and the 2x run in turn, the order"
                + " alternating; the first round's are the last reference run and the load steps' 200% point. Unbounded: the 2x run"
                + " repeated once the queue has drained; its first and last medians are those of the answers in the"
                + " run's first and last intervals, the drain included; its p99 is over the whole run.");
        result.table(rounds.build());
    }

    /** The speed goals' rounds: the do-nothing gateway and the plain JDK HttpServer in turn. */
    static void speedRounds(
            ExperimentResult.Builder result,
            Params p,
            List<BackPressureGoals.Round> rounds,
            List<Double> statsCapacity) {
        Table.Builder table = Table.measured(
                        "speed-rounds", "Speed goals: the do-nothing gateway and the plain JDK HttpServer, in turn")
                .column("round")
                .column("gateway capacity", "req/s")
                .column("gateway /stats count", "req/s")
                .column("JDK capacity", "req/s")
                .column("half the gateway's capacity", "req/s")
                .column("gateway read-to-write p99", "ms")
                .column("gateway p99", "ms")
                .column("JDK p99", "ms");
        for (int i = 0; i < rounds.size(); i++) {
            BackPressureGoals.Round r = rounds.get(i);
            table.row(
                    i + 1,
                    r.gatewayPerSecond(),
                    i < statsCapacity.size() ? statsCapacity.get(i) : Double.NaN,
                    r.jdkPerSecond(),
                    r.ratePerSecond(),
                    r.readToWriteP99Millis(),
                    r.gatewayP99Millis(),
                    r.jdkP99Millis());
        }
        table.note("Capacity: 200 answers per second under a saturating open-loop load on "
                + BackPressureExperiment.SATURATING_CONNECTIONS + " connections for " + fmt(p.speedSeconds())
                + " s; the gateway's /stats count is its own answered counter over the same time. Then both"
                + " servers at half the gateway's capacity for " + fmt(p.speedSeconds()) + " s on "
                + BackPressureExperiment.HALF_CAPACITY_CONNECTIONS + " connections: p99 from each request's"
                + " intended start as the load generator saw it, and inside the gateway from the request read to"
                + " its answer written (its histogram over that run). The servers go in turn, the order"
                + " alternating round by round. The gateway: one event loop, one service thread, no work;"
                + " the JDK handler: its default executor. The load generator shares the machine's cores with"
                + " the server.");
        result.table(table.build());
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.3g", v);
    }
}

package mechsym.lab.experiments.backpressure;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Table;
import mechsym.lab.experiments.backpressure.BackPressureExperiment.Params;
import mechsym.lab.experiments.backpressure.BackPressureExperiment.RunRow;
import mechsym.lab.experiments.backpressure.BackPressureExperiment.Sample;
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

    /** mechsym's speed goals against a do-nothing service, with this run's figures. */
    static void speedGoals(
            ExperimentResult.Builder result,
            double overheadP99,
            double gatewayCapacity,
            double jdkCapacity,
            Goal overhead,
            Goal versusJdk) {
        result.table(Table.measured("speed-goals", "Speed goals, do-nothing service, loopback")
                .column("goal")
                .column("measured")
                .column("status")
                .row(
                        "p99 < 1 ms at 50% of capacity",
                        fmt(overheadP99) + " ms at " + fmt(gatewayCapacity / 2) + "/s", SpeedGoals.status(overhead))
                .row(
                        "capacity >= plain JDK HttpServer",
                        fmt(gatewayCapacity) + "/s vs " + fmt(jdkCapacity) + "/s",
                        SpeedGoals.status(versusJdk))
                .note("Capacity: 200 answers per second under a saturating open-loop load on 32 connections;"
                        + " the load generator shares the machine's cores with the server.")
                .build());
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.3g", v);
    }
}

package mechsym.lab.experiments.udpecho;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Percentiles;
import mechsym.lab.Table;
import mechsym.lab.experiments.udpecho.UdpEchoExperiment.Case;
import mechsym.lab.rigs.latency.CaseLatency;
import mechsym.lab.rigs.latency.Findings;
import mechsym.tools.echo.Pipeline;
import mechsym.tools.echo.WaitKind;

/** The udp-echo row's latency tables, charts and headlines: it lays the cases out, it judges nothing. */
final class UdpEchoReport {
    private UdpEchoReport() {}

    static void tables(
            ExperimentResult.Builder result,
            Map<Case, CaseLatency> figures,
            Map<String, Double> idle,
            int rounds,
            long maxMillis,
            long warmupMillis,
            long idleMillis) {
        Table.Builder table = CaseLatency.summaryTable(
                        "latency",
                        "round trip of a 32-byte datagram, upper-cased",
                        List.of("pipeline", "wait", "client threads"))
                .column("server CPU under load", "%")
                .column("idle CPU per waiting thread", "%")
                .note("Closed loop, each client thread with its own blocking socket (the post's way). Per case and"
                        + " round: " + warmupMillis + " ms warm-up, " + maxMillis + " ms measured, then " + idleMillis
                        + " ms idle; " + rounds + " round(s), server and clients in one forked JVM per round. CPU: the"
                        + " server threads' CPU time over wall time in % of one CPU (ThreadMXBean); idle: the same"
                        + " with no datagrams, per waiting (consumer) thread. <case>.hgrm in the experiment's folder.");
        for (Map.Entry<Case, CaseLatency> e : figures.entrySet()) {
            Case c = e.getKey();
            CaseLatency cl = e.getValue();
            List<Object> row = new ArrayList<>(List.of(cl.summaryRow(
                    c.pipeline().id(),
                    c.pipeline() == Pipeline.THREADS
                            ? "(blocking queue)"
                            : c.waitKind().id(),
                    c.clientThreads())));
            row.add(cl.cpuPercent() < 0 ? null : cl.cpuPercent());
            row.add(idle.get(c.name()));
            table.row(row.toArray());
        }
        result.table(table.build());

        Table.Builder byThreads = Table.measured("by-client-threads", "p50 / p99 / p99.9 / max by client threads")
                .column("pipeline")
                .column("client threads", "count")
                .percentileColumns("µs");
        figures.forEach((c, cl) -> {
            if (c.waitKind() == WaitKind.SLEEPING) {
                byThreads.row(
                        c.pipeline().id(),
                        c.clientThreads(),
                        new Percentiles(cl.p50Us(), cl.p99Us(), cl.p999Us(), cl.maxUs()));
            }
        });
        result.table(byThreads.build());
        result.chart(Chart.line(
                        "p99-by-client-threads",
                        "p99 round trip by client threads",
                        List.of("by-client-threads"),
                        "client threads",
                        "p99",
                        "pipeline",
                        "µs")
                .withLogY());

        List<CaseLatency> oneClient = new ArrayList<>();
        figures.forEach((c, cl) -> {
            if (c.clientThreads() == 1) {
                oneClient.add(cl);
            }
        });
        result.table(
                CaseLatency.percentileTable("percentiles-1", "latency by percentile, one client thread", oneClient));
        result.chart(Chart.percentiles(
                "percentiles-1",
                "round trip by percentile, one client thread (log scales)",
                List.of("percentiles-1"),
                "percentile",
                "latency",
                "case",
                "µs per round trip"));

        CaseLatency ring1 = figures.get(new Case(Pipeline.RING, WaitKind.SLEEPING, 1));
        CaseLatency disruptor1 = figures.get(new Case(Pipeline.DISRUPTOR, WaitKind.SLEEPING, 1));
        CaseLatency threads1 = figures.get(new Case(Pipeline.THREADS, WaitKind.SLEEPING, 1));
        result.headline("p50/p99 at 1 client: ring " + pair(ring1) + ", disruptor " + pair(disruptor1) + ", threads "
                + pair(threads1));
        long lost = figures.values().stream().mapToLong(CaseLatency::lost).sum();
        if (lost > 0) {
            result.note(lost + " datagram(s) had no answer within 1 s (counted lost, not in the percentiles).");
        }
    }

    private static String pair(CaseLatency c) {
        return c == null ? "missing" : Findings.us(c.p50Us()) + "/" + Findings.us(c.p99Us());
    }
}

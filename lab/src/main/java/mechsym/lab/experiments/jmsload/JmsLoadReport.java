package mechsym.lab.experiments.jmsload;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Percentiles;
import mechsym.lab.Table;
import mechsym.lab.experiments.jmsload.JmsLoadExperiment.ModeRun;
import mechsym.tools.jms.Ramp;
import mechsym.tools.jms.RequestReplyLoad;
import mechsym.tools.latency.LatencySummary;
import org.HdrHistogram.Histogram;

/** jms-load's tables, charts and headlines, laid out from the ramps' figures: nothing measured here. */
final class JmsLoadReport {
    private JmsLoadReport() {}

    static void write(
            ExperimentResult.Builder result, Ramp ramp, List<ModeRun> runs, String serviceLine, long timeoutMillis) {
        Table.Builder perSecond = Table.measured(
                        "per-second", "Each second of the ramp (requests by intended send time)")
                .column("mode")
                .column("second", "s")
                .column("offered", "req/s")
                .column("sent", "requests")
                .column("replies", "requests")
                .column("failed checks", "requests")
                .column("timeouts", "requests")
                .column("p50", "ms")
                .column("p90", "ms")
                .column("p99", "ms")
                .column("max", "ms")
                .column("throughput", "replies/s")
                .note(
                        "fixed rate: each reply timed from its request's intended send time; throughput counts the replies"
                                + " that arrived in that second; timeout " + timeoutMillis / 1000 + " s");
        Table.Builder summary = Table.measured("summary", "The whole ramp, by delivery mode")
                .column("mode")
                .column("requests", "requests")
                .column("ok", "requests")
                .column("failed checks", "requests")
                .column("timeouts", "requests")
                .column("send errors", "requests")
                .percentileColumns("ms")
                .column("peak throughput", "replies/s")
                .column("kept up to", "req/s")
                .column("knee", "req/s")
                .column("knee reason")
                .column("left in queue", "requests");
        for (ModeRun m : runs) {
            long peak = 0;
            for (RequestReplyLoad.Second s : m.run().seconds()) {
                if (s.offered() == 0) {
                    continue; // a second after the ramp, when the last replies arrived
                }
                Histogram h = s.latencies();
                boolean any = h.getTotalCount() > 0;
                perSecond.row(
                        m.mode(),
                        s.second(),
                        round(ramp.rateAt(s.second() + 0.5)),
                        s.offered(),
                        s.replies(),
                        s.failedChecks(),
                        s.timeouts(),
                        any ? ms(h.getValueAtPercentile(50)) : null,
                        any ? ms(h.getValueAtPercentile(90)) : null,
                        any ? ms(h.getValueAtPercentile(99)) : null,
                        any ? ms(h.getMaxValue()) : null,
                        s.completedInSecond());
                peak = Math.max(peak, s.completedInSecond());
            }
            LatencySummary total = m.run().recorder().total();
            summary.row(
                    m.mode(),
                    m.run().offered(),
                    m.run().ok(),
                    m.run().failedChecks(),
                    m.run().timeouts(),
                    m.run().sendErrors(),
                    Percentiles.of(total, JmsLoadReport::ms),
                    peak,
                    rateOrNull(m.knee().lastKeptUpRate()),
                    rateOrNull(m.knee().kneeRate()),
                    m.knee().keptUpThroughout()
                            ? "kept up over the whole ramp"
                            : m.knee().reason(),
                    m.backlog());
        }
        result.table(summary.note("service: " + serviceLine + "; left in queue: requests the service had not"
                        + " taken when the ramp and its timeout were over, discarded before the next run;"
                        + " latency files: latency-<mode>.hgrm")
                .build());
        result.table(perSecond.build());
        result.chart(Chart.line(
                        "p99-vs-rate",
                        "p99 response time against the offered rate",
                        List.of("per-second"),
                        "offered",
                        "p99",
                        "mode",
                        "p99 (ms)")
                .withLogY());
        result.chart(Chart.line(
                "throughput-vs-rate",
                "Replies per second against the offered rate",
                List.of("per-second"),
                "offered",
                "throughput",
                "mode",
                "replies/s"));
        for (ModeRun m : runs) {
            result.headline(String.format(
                    Locale.ROOT,
                    "%s: %s; p99 %.1f ms over %d requests",
                    m.mode(),
                    m.knee().keptUpThroughout()
                            ? "kept up to " + round(ramp.toPerSecond()) + "/s"
                            : "knee at " + round(m.knee().kneeRate()) + "/s ("
                                    + m.knee().reason() + ")",
                    ms(m.run().recorder().total().p99Nanos()),
                    m.run().offered()));
        }
    }

    private static Long rateOrNull(double rate) {
        return Double.isNaN(rate) ? null : round(rate);
    }

    private static long round(double rate) {
        return Math.round(rate);
    }

    private static double ms(long nanos) {
        return Math.round(nanos / 1e4) / 100.0;
    }
}

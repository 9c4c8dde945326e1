package mechsym.lab.experiments.herding;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.herding.HerdingFigures.RoundTrip;
import mechsym.lab.rigs.pingpong.TimedPingPong;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import org.HdrHistogram.Histogram;

/** herding's tables, chart, percentile files and headlines from a run's round trips. Stateless. */
final class HerdingReport {
    private HerdingReport() {}

    /**
     * Lays out every arrangement's rounds (medians over rounds, all rounds merged into one .hgrm file
     * each) and hands the per-round percentiles on.
     */
    static HerdingFigures report(
            ExperimentResult.Builder result, Map<Arrangement, List<TimedPingPong.Run>> runs, Path dir)
            throws IOException {
        Table.Builder table = Table.measured("round-trips", "round trip by arrangement (median over rounds)")
                .column("placement")
                .column("round trips")
                .column("p50", "ns")
                .column("p90", "ns")
                .column("p99", "ns")
                .column("p99.9", "ns")
                .column("max", "ns")
                .summaryColumns("p50 ns");
        Table.Builder percentiles = Table.measured("percentiles", "round-trip percentiles by arrangement")
                .column("placement")
                .column("percentile")
                .column("latency", "ns");
        Map<Arrangement, List<RoundTrip>> byRound = new EnumMap<>(Arrangement.class);
        for (var entry : runs.entrySet()) {
            String label = entry.getKey().label;
            List<LatencySummary> summaries =
                    entry.getValue().stream().map(TimedPingPong.Run::roundTrips).toList();
            Histogram merged = new Histogram(3);
            entry.getValue().forEach(r -> merged.add(r.histogram()));
            double p50 = median(summaries, LatencySummary::p50Nanos);
            double p99 = median(summaries, LatencySummary::p99Nanos);
            double p999 = median(summaries, LatencySummary::p999Nanos);
            table.row(
                    label,
                    entry.getValue().stream()
                            .mapToLong(TimedPingPong.Run::count)
                            .sum(),
                    p50,
                    median(summaries, LatencySummary::p90Nanos),
                    p99,
                    p999,
                    summaries.stream().mapToLong(LatencySummary::maxNanos).max().orElse(0),
                    Summary.of(
                            summaries.stream().map(s -> (double) s.p50Nanos()).toList()));
            percentiles.row(label, "p50", p50).row(label, "p99", p99).row(label, "p99.9", p999);
            byRound.put(
                    entry.getKey(),
                    summaries.stream()
                            .map(s -> new RoundTrip(s.p50Nanos(), s.p99Nanos(), s.p999Nanos()))
                            .toList());
            LatencyRecorder.writeHgrm(merged, dir.resolve(fileName(label)));
        }
        result.table(table.note("Closed loop: one ping in flight, each round trip timed on its own (HdrHistogram,"
                        + " 3 significant digits); the arrangements run in turn in every round. Noisy neighbours"
                        + " are busy shell loops the lab starts and stops. Percentile files of every arrangement,"
                        + " all rounds merged: herding-*.hgrm in this experiment's folder.")
                .build());
        result.table(percentiles.build());
        result.chart(Chart.bar(
                        "percentiles",
                        "round trip by arrangement: p50, p99, p99.9",
                        List.of("percentiles"),
                        "placement",
                        "latency",
                        "percentile",
                        "round trip (ns, log scale)")
                .withLogY());
        HerdingFigures figures = new HerdingFigures(byRound);
        headline(result, figures, Arrangement.ONE_CPU, Arrangement.TWO_CORES, "p50", RoundTrip::p50);
        headline(result, figures, Arrangement.UNPINNED_NOISY, Arrangement.UNPINNED, "p99.9", RoundTrip::p999);
        headline(result, figures, Arrangement.NOT_HERDED, Arrangement.HERDED, "p99", RoundTrip::p99);
        return figures;
    }

    /** "p50 one logical CPU, pinned over two cores, pinned: 250x (median of rounds)", when both ran. */
    private static void headline(
            ExperimentResult.Builder result,
            HerdingFigures figures,
            Arrangement ours,
            Arrangement theirs,
            String figure,
            java.util.function.ToDoubleFunction<RoundTrip> value) {
        List<Double> ratios = figures.ratios(ours, theirs, value);
        if (!ratios.isEmpty()) {
            result.headline(String.format(
                    Locale.ROOT,
                    "%s %s over %s: %.1fx (median of %d rounds)",
                    figure,
                    ours.label,
                    theirs.label,
                    Summary.of(ratios).median(),
                    ratios.size()));
        }
    }

    private static double median(List<LatencySummary> runs, ToLongFunction<LatencySummary> figure) {
        return Summary.of(runs.stream().map(s -> (double) figure.applyAsLong(s)).toList())
                .median();
    }

    private static String fileName(String placement) {
        return "herding-" + placement.replaceAll("[^a-z0-9]+", "-").replaceAll("-$", "") + ".hgrm";
    }
}

package mechsym.lab.rigs.pingpong;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.RunContext;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.tools.latency.LatencySummary;

/**
 * Runs {@link TimedPingPong} cases in forked JVMs (one per cell layout) and turns their runs into
 * the distribution tables the experiments show: p50, p90, p99, p99.9 and max per case (the median
 * of the measured runs' percentiles, the max of their maxima). Not thread-safe; one per experiment
 * run.
 */
public final class RoundTrips {
    /** One case to run: its store mode and placement, named for the report and its .hgrm file. */
    public record Placed(StoreMode mode, String placement, int pingCpu, int pongCpu) {}

    /** One measured case: what it was and the summaries of its measured runs (never empty). */
    public record Row(Cells.Layout layout, Placed placed, List<LatencySummary> runs) {
        public double median(ToLongFunction<LatencySummary> figure) {
            return Summary.of(runs.stream()
                            .map(s -> (double) figure.applyAsLong(s))
                            .toList())
                    .median();
        }

        public double max() {
            return runs.stream().mapToLong(LatencySummary::maxNanos).max().orElse(0);
        }

        public long count() {
            return runs.stream().mapToLong(LatencySummary::count).sum();
        }

        /** "padded cells (128 bytes apart), volatile, two CPUs, pinned (0 | 1)". */
        public String configuration() {
            return layout.label + ", " + placed.mode().label + ", " + placed.placement();
        }
    }

    private final List<Row> rows = new ArrayList<>();

    /** The rows measured so far, in the order they were run. */
    public List<Row> rows() {
        return List.copyOf(rows);
    }

    /** The row of one case, or null if it was not measured. */
    public Row find(Cells.Layout layout, StoreMode mode, String placement) {
        for (Row r : rows) {
            if (r.layout() == layout
                    && r.placed().mode() == mode
                    && r.placed().placement().equals(placement)) {
                return r;
            }
        }
        return null;
    }

    /**
     * Runs every case with one layout in one forked JVM ({@code runs} runs each, the first a
     * warm-up), keeping each case's last histogram as {@code PREFIX-LAYOUT-MODE-PLACEMENT.hgrm} in
     * the experiment's folder.
     */
    public void fork(
            RunContext context, String prefix, Cells.Layout layout, long runMillis, int runs, List<Placed> cases)
            throws Exception {
        if (cases.isEmpty()) {
            return;
        }
        List<TimedPingPong.CaseInput> inputs = new ArrayList<>();
        for (Placed p : cases) {
            inputs.add(TimedPingPong.caseInput(p.mode(), p.pingCpu(), p.pongCpu(), hgrm(context, prefix, layout, p)));
        }
        List<TimedPingPong.Forked> out = context.fork(TimedPingPong.class)
                .name(prefix + "-" + slug(layout.name()))
                .jvmArgs("-Xmx64m")
                .input(new TimedPingPong.Input(layout, runMillis, runs, inputs))
                .timeoutSeconds(60 + cases.size() * runs * (runMillis / 1000 + 15))
                .run(TimedPingPong.Forked.class);
        for (Placed p : cases) {
            List<LatencySummary> measured = TimedPingPong.measured(out, p.mode(), p.pingCpu(), p.pongCpu()).stream()
                    .map(TimedPingPong.Forked::rtt)
                    .toList();
            if (!measured.isEmpty()) {
                rows.add(new Row(layout, p, measured));
            }
        }
    }

    private static Path hgrm(RunContext context, String prefix, Cells.Layout layout, Placed p) {
        return context.workDir()
                .resolve(prefix + "-" + slug(layout.name()) + "-"
                        + slug(p.mode().name()) + "-" + slug(p.placement()) + ".hgrm");
    }

    private static String slug(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }

    /**
     * Adds the distribution table {@code id}, its long form {@code id-percentiles} (p50, p99,
     * p99.9 per case) and a log-scale chart of it.
     */
    public void report(ExperimentResult.Builder result, String id, String title, String note) {
        Table.Builder table = Table.measured(id, title)
                .column("cells")
                .column("store")
                .column("placement")
                .column("round trips", "count")
                .column("p50", "ns")
                .column("p90", "ns")
                .column("p99", "ns")
                .column("p99.9", "ns")
                .column("max", "ns")
                .note("Closed loop: one round trip in flight, each timed on its own into HdrHistogram with two"
                        + " nanoTime reads, so these sit above an untimed mean. " + note);
        Table.Builder percentiles = Table.measured(id + "-percentiles", title + ", by percentile")
                .column("configuration")
                .column("percentile")
                .column("round trip", "ns");
        for (Row r : rows) {
            table.row(
                    r.layout().label,
                    r.placed().mode().label,
                    r.placed().placement(),
                    r.count(),
                    r.median(LatencySummary::p50Nanos),
                    r.median(LatencySummary::p90Nanos),
                    r.median(LatencySummary::p99Nanos),
                    r.median(LatencySummary::p999Nanos),
                    r.max());
            percentiles
                    .row(r.configuration(), "p50", r.median(LatencySummary::p50Nanos))
                    .row(r.configuration(), "p99", r.median(LatencySummary::p99Nanos))
                    .row(r.configuration(), "p99.9", r.median(LatencySummary::p999Nanos));
        }
        result.table(table.build());
        result.table(percentiles.build());
        result.chart(Chart.bar(
                        id + "-percentiles",
                        title + ": p50, p99, p99.9",
                        List.of(id + "-percentiles"),
                        "configuration",
                        "round trip",
                        "percentile",
                        "ns per round trip (log scale)")
                .withLogY());
    }
}

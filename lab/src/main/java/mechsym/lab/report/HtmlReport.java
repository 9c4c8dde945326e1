package mechsym.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import mechsym.lab.Chart;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Profile;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.results.LabRun;

/**
 * Writes report.html: one self-contained page (charts embedded as PNG, no script, no network)
 * with the environment, then per experiment its claim, verdict, charts and tables, the seed's
 * figures labelled as the seed's. Chart files (PNG and SVG) are written beside it into charts/.
 * Everything shown is read from the {@link LabRun}, i.e. from results.json.
 */
public final class HtmlReport {
    /** A table of more rows than this is folded: its chart shows it, the rows are a click away. */
    static final int FOLDED_ROWS = 30;

    private final LabRun run;
    private final Path outDir;

    public HtmlReport(LabRun run, Path outDir) {
        this.run = run;
        this.outDir = outDir;
    }

    /** Writes report.html and the charts; returns the report's path. */
    public Path write() throws IOException {
        Path chartDir = Files.createDirectories(outDir.resolve("charts"));
        StringBuilder html = new StringBuilder(64 * 1024);
        html.append(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>mechsym lab report</title>\n")
                .append("<style>")
                .append(CSS)
                .append("</style></head><body>\n");
        html.append("<h1>mechsym lab report</h1>\n<p class=\"meta\">")
                .append(esc(run.startedAt()))
                .append(" · profile <b>")
                .append(esc(run.profile()))
                .append("</b> · ")
                .append(String.format(java.util.Locale.ROOT, "%.0f s", run.seconds()))
                .append(" · mechsym ")
                .append(esc(run.mechsymVersion()))
                .append(" · <code>")
                .append(esc(run.command()))
                .append("</code></p>\n");
        String caveat = Profile.caveatOf(run.profile());
        if (caveat != null) {
            html.append("<p class=\"warn\">").append(esc(caveat)).append("</p>\n");
        }
        overview(html);
        environment(html, run.environment(), run.calibration());
        for (ExperimentResult e : run.experiments()) {
            experiment(html, e, chartDir);
        }
        html.append("<footer>Figures labelled <i>seed</i> are the post's published figures, copied as reference data;"
                + " every other figure was measured in this run and is in results.json.</footer>\n</body></html>\n");
        Path report = outDir.resolve("report.html");
        Files.writeString(report, html);
        return report;
    }

    private void overview(StringBuilder html) {
        html.append("<h2>Experiments</h2>\n<table><tr><th>experiment</th><th>seed post</th><th>verdict on the post</th>"
                + "<th>mechsym's goals</th><th>time</th></tr>\n");
        for (ExperimentResult e : run.experiments()) {
            html.append("<tr><td><a href=\"#")
                    .append(esc(e.id()))
                    .append("\">")
                    .append(esc(e.id()))
                    .append("</a></td><td>")
                    .append(esc(e.seed().post()))
                    .append("</td><td>")
                    .append(badge(e))
                    .append("</td><td>")
                    .append(esc(Goal.tally(e.goals())))
                    .append("</td><td class=\"num\">")
                    .append(String.format(java.util.Locale.ROOT, "%.0f s", e.seconds()))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void environment(StringBuilder html, Environment env, mechsym.lab.Calibration calibration) {
        html.append("<h2 id=\"environment\">Environment</h2>\n");
        List<String> warnings = new ArrayList<>(env.warnings());
        if (calibration != null && calibration.warning() != null) {
            warnings.add(calibration.warning());
        }
        if (!warnings.isEmpty()) {
            html.append("<div class=\"warn\"><b>This machine is noisy for measurement:</b><ul>");
            warnings.forEach(w -> html.append("<li>").append(esc(w)).append("</li>"));
            html.append("</ul></div>\n");
        }
        html.append("<table class=\"env\">");
        row(html, "CPU", env.cpuModel());
        row(html, "logical CPUs", String.valueOf(env.logicalCpus()));
        row(html, "memory", Format.bytes(env.memoryBytes()));
        row(html, "OS / kernel", env.os() + " / " + env.kernel());
        row(html, "virtualised", env.virtualised() ? "yes (hypervisor flag)" : "no hypervisor flag");
        row(html, "JDK", env.jdkVendor() + " " + env.jdkVersion() + " (" + env.vm() + ")");
        row(html, "GC (runner JVM)", String.join(", ", env.garbageCollectors()));
        row(html, "JVM flags (runner JVM)", String.join(" ", env.jvmFlags()));
        row(html, "transparent huge pages", env.transparentHugePages());
        row(html, "cpufreq governor", env.cpufreqGovernor());
        row(html, "irqbalance", env.irqbalance());
        row(html, "idle states (C-states, cpuidle)", env.idleStates());
        row(html, "NUMA nodes", env.numaNodes());
        row(html, "CPU topology (the CPUs this process may use)", env.topology());
        row(html, "CPU affinity", env.cpuAffinity() + (env.pinned() ? " (pinned)" : " (not pinned)"));
        row(html, "load average (1 min) at start", Format.number(env.loadAverage1m()));
        row(html, "hardware counters", env.hardwareCounters());
        row(html, "libraries", env.libraries());
        row(html, "C/C++ baselines: compiler and flags (native/Makefile)", env.nativeCompiler());
        if (calibration != null) {
            row(
                    html,
                    "calibration (fixed kernels at the run's start and end: the machine's drift)",
                    calibration.text());
        }
        html.append("</table>\n");
    }

    private void experiment(StringBuilder html, ExperimentResult e, Path chartDir) throws IOException {
        html.append("<section id=\"")
                .append(esc(e.id()))
                .append("\">\n<h2>")
                .append(esc(e.id()))
                .append(" — ")
                .append(esc(e.title()))
                .append("</h2>\n");
        html.append("<p class=\"meta\">Seed: <i>")
                .append(esc(e.seed().post()))
                .append("</i>, ")
                .append(esc(e.seed().author()))
                .append(" (")
                .append(e.seed().year())
                .append("), <code>seeds/")
                .append(esc(e.seed().file()))
                .append("</code></p>\n");
        html.append("<p class=\"claim\"><b>Claim:</b> ").append(esc(e.claim())).append("</p>\n");
        html.append("<p class=\"verdict\">")
                .append(badge(e))
                .append(' ')
                .append(esc(e.verdict().reason()))
                .append("</p>\n");
        claims(html, e.verdict());
        goals(html, e);
        if (e.status() == ExperimentResult.Status.FAILED) {
            html.append("<div class=\"warn\"><b>Failed:</b> ")
                    .append(esc(e.error()))
                    .append("</div>\n");
        }
        for (ExperimentResult.FailedPart part : e.failedParts()) {
            html.append("<div class=\"warn\"><b>Failed part:</b> ")
                    .append(esc(part.part()))
                    .append(": ")
                    .append(esc(part.error()))
                    .append(" (the rest of this row stands)</div>\n");
        }
        if (!e.headlines().isEmpty()) {
            html.append("<ul class=\"headlines\">");
            e.headlines().forEach(h -> html.append("<li>").append(esc(h)).append("</li>"));
            html.append("</ul>\n");
        }
        for (Chart chart : e.charts()) {
            try {
                ChartRenderer.Rendered files = ChartRenderer.render(chart, e, chartDir);
                String png = Base64.getEncoder().encodeToString(Files.readAllBytes(files.png()));
                html.append("<figure><img alt=\"")
                        .append(esc(chart.title()))
                        .append("\" src=\"data:image/png;base64,")
                        .append(png)
                        .append("\"><figcaption>")
                        .append(esc(chart.title()))
                        .append(" · <a href=\"charts/")
                        .append(esc(files.svg().getFileName().toString()))
                        .append("\">SVG</a></figcaption></figure>\n");
            } catch (RuntimeException ex) {
                html.append("<div class=\"warn\">chart '")
                        .append(esc(chart.id()))
                        .append("' could not be drawn: ")
                        .append(esc(String.valueOf(ex.getMessage())))
                        .append("</div>\n");
            }
        }
        for (Table table : e.tables()) {
            table(html, e.id(), table);
        }
        if (!e.notes().isEmpty()) {
            html.append("<h3>Notes</h3><ul class=\"notes\">");
            e.notes()
                    .forEach(
                            n -> html.append("<li>").append(linkReports(esc(n))).append("</li>"));
            html.append("</ul>\n");
        }
        flameGraphs(html, e);
        html.append("</section>\n");
    }

    /** Links to the flame graphs a profiled run left in the experiment's profiles folder, each with its sample count. */
    private void flameGraphs(StringBuilder html, ExperimentResult e) throws IOException {
        Path profiles = outDir.resolve(e.id()).resolve("profiles");
        if (!Files.isDirectory(profiles)) {
            return;
        }
        List<Path> graphs;
        try (java.util.stream.Stream<Path> files = Files.walk(profiles)) {
            graphs = files.filter(f -> f.getFileName().toString().matches("flame-.*\\.html"))
                    .sorted()
                    .toList();
        }
        if (graphs.isEmpty()) {
            return;
        }
        html.append("<h3>Flame graphs</h3><ul class=\"flamegraphs\">");
        for (Path graph : graphs) {
            html.append("<li><a href=\"")
                    .append(esc(outDir.relativize(graph).toString().replace('\\', '/')))
                    .append("\">")
                    .append(esc(profiles.relativize(graph).toString()))
                    .append("</a>")
                    .append(sampleCount(graph))
                    .append("</li>");
        }
        html.append("</ul>\n");
    }

    /** " (12,345 samples)" for a flame graph whose count can be read, else nothing. */
    private static String sampleCount(Path graph) throws IOException {
        java.util.OptionalLong samples = FlameGraphs.samples(graph);
        return samples.isPresent() ? String.format(java.util.Locale.ROOT, " (%,d samples)", samples.getAsLong()) : "";
    }

    /**
     * A table's HTML id: its experiment's id and its own, which alone repeats across experiments
     * ("measured"). Experiment ids name directories, so they hold no '/'.
     */
    static String tableId(String experimentId, Table table) {
        return experimentId + "/" + table.id();
    }

    /**
     * A table in a box of its own that scrolls sideways when the table is wider than the page; one of
     * more than {@link #FOLDED_ROWS} rows (a time series under its chart) folded under its row count.
     */
    static void table(StringBuilder html, String experimentId, Table table) {
        boolean seed = table.source() == Table.Source.SEED;
        html.append("<div class=\"table ")
                .append(seed ? "seed" : "measured")
                .append("\" id=\"")
                .append(esc(tableId(experimentId, table)))
                .append("\"><h3>")
                .append(esc(table.title()))
                .append(" <span class=\"src\">")
                .append(seed ? "seed's published figures — " + esc(table.machine()) : "measured in this run")
                .append("</span></h3>\n");
        boolean folded = table.rows().size() > FOLDED_ROWS;
        if (folded) {
            html.append("<details><summary>").append(table.rows().size()).append(" rows</summary>");
        }
        html.append("<div class=\"scroll\"><table><tr>");
        for (Table.Column c : table.columns()) {
            html.append("<th>")
                    .append(esc(c.name()))
                    .append(c.unit() != null ? " <small>(" + esc(c.unit()) + ")</small>" : "")
                    .append("</th>");
        }
        html.append("</tr>\n");
        for (List<Object> row : table.rows()) {
            html.append("<tr>");
            for (Object cell : row) {
                html.append(cell instanceof Number ? "<td class=\"num\">" : "<td>")
                        .append(esc(Format.number(cell)))
                        .append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table></div>");
        if (folded) {
            html.append("</details>");
        }
        if (table.note() != null) {
            html.append("<p class=\"note\">").append(esc(table.note())).append("</p>");
        }
        html.append("</div>\n");
    }

    /** The post's sub-claims, each with its own outcome. */
    private static void claims(StringBuilder html, Verdict verdict) {
        if (verdict.claims().isEmpty()) {
            return;
        }
        html.append("<table class=\"claims\"><tr><th>the post's sub-claim</th><th>here</th><th>figures</th></tr>\n");
        for (Verdict.Claim claim : verdict.claims()) {
            html.append("<tr><td>")
                    .append(esc(claim.claim()))
                    .append("</td><td>")
                    .append(badge(claim.outcome()))
                    .append("</td><td>")
                    .append(esc(claim.reason()))
                    .append(claim.lineIsOurs() ? " <i>(the post gives no figure; the line is ours)</i>" : "")
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    /** mechsym's goals for the row's components, apart from the verdict on the post. */
    private static void goals(StringBuilder html, ExperimentResult e) {
        if (e.goals().isEmpty()) {
            return;
        }
        html.append("<div class=\"goals\"><b>mechsym's goals</b> (targets for mechsym's components, not the post's"
                        + " claim): ")
                .append(esc(Goal.tally(e.goals())))
                .append("<table><tr><th>goal</th><th>status</th><th>figures</th></tr>\n");
        for (Goal goal : e.goals()) {
            String status = goal.status().name();
            html.append("<tr><td>")
                    .append(esc(goal.goal()))
                    .append("</td><td><span class=\"badge goal-")
                    .append(status.toLowerCase(java.util.Locale.ROOT))
                    .append("\">")
                    .append(status.replace('_', ' '))
                    .append("</span></td><td>")
                    .append(esc(goal.figures()))
                    .append("</td></tr>\n");
        }
        html.append("</table></div>\n");
    }

    private static String badge(ExperimentResult e) {
        return badge(e.verdict().outcome());
    }

    private static String badge(Verdict.Outcome outcome) {
        return "<span class=\"badge " + outcome.name().toLowerCase(java.util.Locale.ROOT) + "\">"
                + Verdict.label(outcome) + "</span>";
    }

    private static void row(StringBuilder html, String name, String value) {
        html.append("<tr><th>")
                .append(esc(name))
                .append("</th><td>")
                .append(esc(value))
                .append("</td></tr>");
    }

    /** Relative paths to HTML files in a note (another tool's report kept in the run's folder) become links. */
    static String linkReports(String escaped) {
        return escaped.replaceAll(
                "(?<![\\w/.:-])([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+\\.html)", "<a href=\"$1\">$1</a>");
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    static final String CSS = """
            body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;overflow-wrap:break-word}
            .scroll{overflow-x:auto;max-width:100%} code,table.env td{overflow-wrap:anywhere} td.num{white-space:nowrap}
            summary{cursor:pointer;color:#555;font-size:.9em;margin:.3em 0}
            h1{margin-bottom:.2em} h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
            h3{font-size:1em;margin:1.2em 0 .3em} .src{font-weight:normal;color:#666;font-size:.9em}
            table{border-collapse:collapse;margin:.3em 0;font-size:.9em} th,td{border:1px solid #ddd;padding:3px 8px}
            th{background:#f4f4f4;text-align:left} td.num{text-align:right;font-variant-numeric:tabular-nums}
            .seed table{background:#fbf8ef} .seed h3{color:#7a5b00}
            .meta{color:#555;font-size:.9em} .claim{font-size:1.05em} .note{color:#555;font-size:.85em;margin:.2em 0}
            .warn{background:#fff3f0;border-left:4px solid #d9534f;padding:.4em .8em;margin:.6em 0}
            .badge{padding:2px 8px;border-radius:4px;color:#fff;font-size:.85em;font-weight:bold}
            .reproduced{background:#2e7d32} .partly{background:#ef8f00} .not_reproduced{background:#c62828} .inconclusive{background:#757575}
            .not_measurable_here{background:#5c6bc0} .goal-met{background:#2e7d32} .goal-missed{background:#ad1457}
            .goal-not_measurable{background:#757575} .goals{background:#f5f7fb;border-left:4px solid #5c6bc0;padding:.4em .8em;margin:.6em 0}
            figure{margin:1em 0} img{max-width:100%;height:auto;border:1px solid #eee} figcaption{font-size:.85em;color:#555}
            footer{margin-top:3em;color:#666;font-size:.85em;border-top:1px solid #ddd;padding-top:.5em}
            """;
}

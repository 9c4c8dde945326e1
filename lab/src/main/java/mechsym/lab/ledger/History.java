package mechsym.lab.ledger;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.report.Format;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Each row's verdict, sub-claims and headline figures over the runs of one machine, with the change
 * points where a figure moved beyond the machine's between-run noise ({@link ChangePoints}).
 *
 * <p>A machine's runs are grouped by profile: a tiny run's figures are not a quick run's. The
 * headline figures of a row are the figures its sub-claims and goals were decided by, each with its
 * interval. Immutable once read; the printers are stateless.
 */
public final class History {
    private History() {}

    /**
     * One machine's runs of one profile.
     *
     * @param runs the runs shown, oldest first (the last {@code lastRuns} of them)
     * @param rows one per experiment id run in them, in first-run order
     */
    public record Section(RecordedMachine machine, String profile, List<RecordedRun> runs, List<Row> rows) {}

    /**
     * One experiment over the section's runs.
     *
     * @param verdicts one per run of the section, null where the run did not run it
     */
    public record Row(String experimentId, List<RecordedVerdict> verdicts, List<Figure> figures) {}

    /**
     * A headline figure over the runs: a sub-claim's or goal's deciding figure.
     *
     * @param kind "claim" or "goal"
     * @param points one per run, null where the run has no figure for it
     * @param changes indices into {@code points} where a new level starts
     */
    public record Figure(
            String kind,
            String name,
            String unit,
            Double line,
            List<RecordedVerdict.Judged> points,
            List<Integer> changes) {}

    /**
     * Reads the history.
     *
     * @param rows the experiment ids to show, or empty for all
     * @param machineId one machine, or null for every machine in the ledger
     * @param lastRuns how many of the latest runs to show per section (change points are found over all)
     * @param window runs compared on each side of a change point
     */
    public static List<Section> read(Ledger ledger, List<String> rows, String machineId, int lastRuns, int window)
            throws LedgerException {
        List<Section> sections = new ArrayList<>();
        for (RecordedMachine machine : ledger.machines()) {
            if (machineId != null && !machine.machineId().startsWith(machineId)) {
                continue;
            }
            Map<String, List<RecordedRun>> byProfile = new LinkedHashMap<>();
            for (RecordedRun run : ledger.runs(machine.machineId())) {
                byProfile.computeIfAbsent(run.profile(), p -> new ArrayList<>()).add(run);
            }
            for (Map.Entry<String, List<RecordedRun>> profile : byProfile.entrySet()) {
                sections.add(section(ledger, machine, profile.getKey(), profile.getValue(), rows, lastRuns, window));
            }
        }
        return sections;
    }

    private static Section section(
            Ledger ledger,
            RecordedMachine machine,
            String profile,
            List<RecordedRun> runs,
            List<String> wanted,
            int lastRuns,
            int window)
            throws LedgerException {
        List<Map<String, RecordedVerdict>> perRun = new ArrayList<>();
        Map<String, Boolean> ids = new LinkedHashMap<>();
        for (RecordedRun run : runs) {
            Map<String, RecordedVerdict> verdicts = new LinkedHashMap<>();
            for (RecordedVerdict v : ledger.verdicts(run.runId())) {
                if (wanted.isEmpty() || wanted.contains(v.experimentId())) {
                    verdicts.put(v.experimentId(), v);
                    ids.put(v.experimentId(), true);
                }
            }
            perRun.add(verdicts);
        }
        int from = Math.max(0, runs.size() - lastRuns);
        List<Row> rows = new ArrayList<>();
        for (String id : ids.keySet()) {
            List<RecordedVerdict> verdicts = new ArrayList<>();
            perRun.forEach(m -> verdicts.add(m.get(id))); // null where a run did not run the row
            List<Figure> figures = figures(verdicts, window);
            rows.add(new Row(
                    id,
                    new ArrayList<>(verdicts.subList(from, verdicts.size())),
                    figures.stream().map(f -> shown(f, from)).toList()));
        }
        return new Section(machine, profile, runs.subList(from, runs.size()), rows);
    }

    /** The figures of sub-claims and goals that have one, found over all runs. */
    private static List<Figure> figures(List<RecordedVerdict> verdicts, int window) {
        Map<String, List<RecordedVerdict.Judged>> series = new LinkedHashMap<>();
        for (int r = 0; r < verdicts.size(); r++) {
            RecordedVerdict v = verdicts.get(r);
            if (v == null) {
                continue;
            }
            for (String kind : List.of("claim", "goal")) {
                for (RecordedVerdict.Judged j : kind.equals("claim") ? v.claims() : v.goals()) {
                    if (j.median() != null) {
                        List<RecordedVerdict.Judged> points = series.computeIfAbsent(
                                kind + "\u0000" + j.what(), k -> new ArrayList<>(nulls(verdicts.size())));
                        points.set(r, j);
                    }
                }
            }
        }
        List<Figure> figures = new ArrayList<>();
        for (Map.Entry<String, List<RecordedVerdict.Judged>> s : series.entrySet()) {
            List<RecordedVerdict.Judged> points = s.getValue();
            List<Integer> present = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (int i = 0; i < points.size(); i++) {
                if (points.get(i) != null) {
                    present.add(i);
                    values.add(points.get(i).median());
                }
            }
            List<Integer> changes =
                    ChangePoints.find(values, window).stream().map(present::get).toList();
            RecordedVerdict.Judged last = points.get(present.getLast());
            String[] kindAndName = s.getKey().split("\u0000", 2);
            figures.add(new Figure(kindAndName[0], kindAndName[1], last.unit(), last.line(), points, changes));
        }
        return figures;
    }

    private static List<RecordedVerdict.Judged> nulls(int size) {
        List<RecordedVerdict.Judged> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(null);
        }
        return list;
    }

    private static Figure shown(Figure f, int from) {
        return new Figure(
                f.kind(),
                f.name(),
                f.unit(),
                f.line(),
                new ArrayList<>(f.points().subList(from, f.points().size())),
                f.changes().stream().filter(i -> i >= from).map(i -> i - from).toList());
    }

    // ---- the terminal ----

    /** The history as text tables, one per machine and profile. */
    public static void print(List<Section> sections, PrintStream out) {
        if (sections.isEmpty()) {
            out.println("The ledger holds no run (of these rows, on this machine). `mechsym lab` records each run.");
            return;
        }
        for (Section s : sections) {
            out.printf(
                    Locale.ROOT,
                    "%nmachine %s  %s  · profile %s · %d run%s shown%n",
                    s.machine().machineId(),
                    s.machine().label(),
                    s.profile(),
                    s.runs().size(),
                    s.runs().size() == 1 ? "" : "s");
            for (int i = 0; i < s.runs().size(); i++) {
                RecordedRun run = s.runs().get(i);
                out.printf(
                        Locale.ROOT,
                        "  #%-3d %s  mechsym %s%s  %s  %s%n",
                        i + 1,
                        run.startedAt(),
                        run.mechsymVersion(),
                        run.commit() == null ? "" : " (" + abbreviated(run.commit()) + ")",
                        run.jdk(),
                        run.resultsPath() == null ? "" : run.resultsPath());
            }
            for (Row row : s.rows()) {
                printRow(row, s.runs().size(), out);
            }
        }
        out.println();
        out.println("A figure is the median of its repetitions; '^' or 'v' marks the run where it moved beyond this"
                + " machine's between-run noise (exact rank test, " + ChangePoints.MIN_SIDE + "+ runs a side; see"
                + " docs/ledger.md). NOT REPROD. = NOT REPRODUCED; NOT HERE = NOT MEASURABLE HERE (needs other"
                + " hardware).");
    }

    private static void printRow(Row row, int runs, PrintStream out) {
        int width = 14;
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%n  %-46s", row.experimentId()));
        for (int i = 0; i < runs; i++) {
            header.append(String.format(Locale.ROOT, "%-" + width + "s", "#" + (i + 1)));
        }
        out.println(header);
        StringBuilder verdicts = new StringBuilder(String.format(Locale.ROOT, "    %-44s", "verdict"));
        for (RecordedVerdict v : row.verdicts()) {
            verdicts.append(cell(v == null ? "—" : shortLabel(v.verdict()), width));
        }
        out.println(verdicts);
        List<String> claims = claimNames(row);
        for (String claim : claims) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "    %-44s", cut("claim: " + claim, 43)));
            for (RecordedVerdict v : row.verdicts()) {
                String outcome = v == null
                        ? "—"
                        : v.claims().stream()
                                .filter(c -> c.what().equals(claim))
                                .map(c -> shortLabel(c.outcome()))
                                .findFirst()
                                .orElse("—");
                line.append(cell(outcome, width));
            }
            out.println(line);
        }
        for (Figure f : row.figures()) {
            String name = f.kind() + " figure: " + f.name();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "    %-44s", cut(name, 43)));
            for (int i = 0; i < f.points().size(); i++) {
                RecordedVerdict.Judged p = f.points().get(i);
                String mark = f.changes().contains(i) ? (moved(f, i) > 0 ? "^" : "v") : "";
                line.append(cell(p == null ? "—" : Format.number(p.median()) + mark, width));
            }
            out.println(line
                    + (f.unit() == null ? "" : " " + f.unit())
                    + (f.line() == null ? "" : " (line " + Format.number(f.line()) + ")"));
        }
    }

    /** The sub-claims of a row's runs, each once, in the order first seen. */
    static List<String> claimNames(Row row) {
        List<String> claims = new ArrayList<>();
        row.verdicts().stream()
                .filter(v -> v != null)
                .forEach(v -> v.claims().forEach(c -> {
                    if (!claims.contains(c.what())) {
                        claims.add(c.what());
                    }
                }));
        return claims;
    }

    /** An outcome in at most 12 characters, as the terminal's columns show it. */
    static String shortLabel(String outcome) {
        return switch (outcome) {
            case "NOT_REPRODUCED" -> "NOT REPROD.";
            case "NOT_MEASURABLE_HERE" -> "NOT HERE";
            default -> Pages.label(outcome);
        };
    }

    /** Which way the figure moved at change point {@code i}: the sign of its median after minus before. */
    static double moved(Figure f, int i) {
        Double before = null;
        for (int j = i - 1; j >= 0 && before == null; j--) {
            before = f.points().get(j) == null ? null : f.points().get(j).median();
        }
        RecordedVerdict.Judged at = f.points().get(i);
        return before == null || at == null ? 0 : Math.signum(at.median() - before);
    }

    private static String cell(String text, int width) {
        return String.format(Locale.ROOT, "%-" + width + "s", cut(text, width - 1));
    }

    private static String cut(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "…";
    }

    static String abbreviated(String commit) {
        return commit.length() > 10 ? commit.substring(0, 10) : commit;
    }

    // ---- the page ----

    /** The history as one self-contained HTML page: the tables, and a chart per headline figure. */
    public static void writeHtml(List<Section> sections, Path file) throws IOException {
        StringBuilder html = Pages.head("mechsym lab history");
        html.append("<h1>mechsym lab history</h1>\n<p class=\"meta\">Each row's verdict on its post and the")
                .append(" figures that decided it, per machine and profile, oldest run first. A marked figure moved")
                .append(" beyond this machine's between-run noise: an exact rank test over up to ")
                .append(ChangePoints.DEFAULT_WINDOW)
                .append(" runs each side (at least ")
                .append(ChangePoints.MIN_SIDE)
                .append("), p &lt; ")
                .append(ChangePoints.ALPHA)
                .append(", and a shift of the median larger than the earlier runs' range.</p>\n");
        for (Section s : sections) {
            html.append("<h2>")
                    .append(Pages.esc(s.machine().label()))
                    .append(" <small>")
                    .append(Pages.esc(s.machine().machineId()))
                    .append(" · profile ")
                    .append(Pages.esc(s.profile()))
                    .append("</small></h2>\n<table><tr><th>run</th><th>started</th>")
                    .append("<th>mechsym</th><th>JDK</th><th>results</th></tr>\n");
            for (int i = 0; i < s.runs().size(); i++) {
                RecordedRun r = s.runs().get(i);
                html.append("<tr><td>#")
                        .append(i + 1)
                        .append("</td><td>")
                        .append(Pages.esc(r.startedAt()))
                        .append("</td><td>")
                        .append(Pages.esc(r.mechsymVersion()))
                        .append(r.commit() == null ? "" : " " + Pages.esc(abbreviated(r.commit())))
                        .append("</td><td>")
                        .append(Pages.esc(r.jdk()))
                        .append("</td><td>")
                        .append(
                                r.resultsPath() == null
                                        ? ""
                                        : "<a href=\"" + Pages.esc(Atlas.reportLink(r, null)) + "\">"
                                                + Pages.esc(r.resultsPath()) + "</a>")
                        .append("</td></tr>\n");
            }
            html.append("</table>\n");
            for (Row row : s.rows()) {
                rowHtml(html, row, s.runs().size());
            }
        }
        html.append("</body></html>\n");
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, html);
    }

    private static void rowHtml(StringBuilder html, Row row, int runs) throws IOException {
        html.append("<h3>").append(Pages.esc(row.experimentId())).append("</h3>\n<table><tr><th></th>");
        for (int i = 0; i < runs; i++) {
            html.append("<th>#").append(i + 1).append("</th>");
        }
        html.append("</tr>\n<tr><th>verdict</th>");
        for (RecordedVerdict v : row.verdicts()) {
            html.append(
                    v == null
                            ? "<td>—</td>"
                            : "<td class=\"" + v.verdict() + "\" title=\"" + Pages.esc(v.reason()) + "\">"
                                    + Pages.label(v.verdict()) + "</td>");
        }
        html.append("</tr>\n");
        List<String> claims = claimNames(row);
        for (String claim : claims) {
            html.append("<tr><td>").append(Pages.esc(claim)).append("</td>");
            for (RecordedVerdict v : row.verdicts()) {
                RecordedVerdict.Judged c = v == null
                        ? null
                        : v.claims().stream()
                                .filter(x -> x.what().equals(claim))
                                .findFirst()
                                .orElse(null);
                html.append(
                        c == null
                                ? "<td>—</td>"
                                : "<td class=\"" + c.outcome() + "\" title=\""
                                        + Pages.esc(c.reason()) + "\">" + Pages.label(c.outcome()) + "<br><small>"
                                        + Pages.esc(c.figureText()) + "</small></td>");
            }
            html.append("</tr>\n");
        }
        for (Figure f : row.figures()) {
            if (f.kind().equals("goal")) {
                html.append("<tr><td>goal: ").append(Pages.esc(f.name())).append("</td>");
                for (int i = 0; i < f.points().size(); i++) {
                    RecordedVerdict.Judged g = f.points().get(i);
                    html.append(
                            g == null
                                    ? "<td>—</td>"
                                    : "<td class=\"" + g.outcome() + "\">" + Pages.label(g.outcome()) + "<br><small>"
                                            + Pages.esc(g.figureText()) + "</small></td>");
                }
                html.append("</tr>\n");
            }
        }
        html.append("</table>\n");
        for (Figure f : row.figures()) {
            long present = f.points().stream().filter(p -> p != null).count();
            if (present >= 2) {
                html.append(Pages.image(chart(row.experimentId(), f), f.name()));
            }
            for (int i : f.changes()) {
                html.append("<p class=\"change\">")
                        .append(Pages.esc(f.name()))
                        .append(": moved ")
                        .append(moved(f, i) > 0 ? "up" : "down")
                        .append(" at run #")
                        .append(i + 1)
                        .append(" beyond this machine's between-run noise.</p>\n");
            }
        }
    }

    private static XYChart chart(String experimentId, Figure f) {
        XYChart chart = new XYChartBuilder()
                .width(760)
                .height(300)
                .title(experimentId + ": " + f.name())
                .xAxisTitle("run")
                .yAxisTitle(f.unit() == null ? "" : f.unit())
                .build();
        List<Double> x = new ArrayList<>();
        List<Double> median = new ArrayList<>();
        List<Double> low = new ArrayList<>();
        List<Double> high = new ArrayList<>();
        for (int i = 0; i < f.points().size(); i++) {
            RecordedVerdict.Judged p = f.points().get(i);
            if (p != null) {
                x.add(i + 1.0);
                median.add(p.median());
                low.add(p.low() == null ? p.median() : p.low());
                high.add(p.high() == null ? p.median() : p.high());
            }
        }
        chart.addSeries("median", x, median).setMarker(SeriesMarkers.CIRCLE);
        chart.addSeries("interval low", x, low).setMarker(SeriesMarkers.NONE);
        chart.addSeries("interval high", x, high).setMarker(SeriesMarkers.NONE);
        if (f.line() != null) {
            chart.addSeries("the line", List.of(x.getFirst(), x.getLast()), List.of(f.line(), f.line()))
                    .setMarker(SeriesMarkers.NONE);
        }
        if (!f.changes().isEmpty()) {
            List<Double> cx = new ArrayList<>();
            List<Double> cy = new ArrayList<>();
            for (int i : f.changes()) {
                cx.add(i + 1.0);
                cy.add(f.points().get(i).median());
            }
            chart.addSeries("change point", cx, cy).setMarker(SeriesMarkers.DIAMOND);
        }
        return chart;
    }
}

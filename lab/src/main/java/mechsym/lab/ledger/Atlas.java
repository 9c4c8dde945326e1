package mechsym.lab.ledger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import mechsym.lab.Experiment;
import mechsym.lab.Table;
import mechsym.lab.report.Format;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * One self-contained HTML page of the posts across machines: a matrix of the posts (one row per
 * experiment) by the seeds' own machines (their published figures, labelled as the post's) and the
 * machines in the ledger (split by JDK where a machine ran several), each cell the latest verdict with
 * its sub-claims unfolded and a link to that run's report; a chart per post of its headline figure
 * across machines; and the machines' fingerprints side by side, what differs marked.
 *
 * <p>Stateless: {@link #write} reads the ledger and writes the page.
 */
public final class Atlas {
    private Atlas() {}

    /**
     * A column of ledger machines: one machine, or one machine and JDK where it ran several.
     *
     * @param jdk the JDK this column is limited to, or null for all of the machine's runs
     * @param runs the column's runs, oldest first
     */
    record MachineColumn(RecordedMachine machine, String jdk, List<RecordedRun> runs) {
        String heading() {
            return machine.label() + (jdk == null ? "" : " · " + jdk);
        }
    }

    /** A cell's content: the latest run of the column that ran the experiment, and its verdict there. */
    record Cell(RecordedRun run, RecordedVerdict verdict) {}

    /**
     * Writes the atlas of {@code posts} (the experiments, in catalog order) over the ledger's machines.
     *
     * @return how many machine columns the page has
     */
    public static int write(Ledger ledger, List<Experiment> posts, Path out) throws LedgerException, IOException {
        List<MachineColumn> columns = columns(ledger);
        Map<MachineColumn, Map<String, Cell>> cells = new LinkedHashMap<>();
        for (MachineColumn column : columns) {
            Map<String, Cell> latest = new LinkedHashMap<>();
            for (RecordedRun run : column.runs()) { // oldest first: a later run replaces an earlier one
                for (RecordedVerdict v : ledger.verdicts(run.runId())) {
                    latest.put(v.experimentId(), new Cell(run, v));
                }
            }
            cells.put(column, latest);
        }
        // the posts' own machines, in each post's order: column k holds each post's k-th machine
        Map<String, List<String>> seedMachines = new LinkedHashMap<>();
        Map<String, List<Table>> seedTables = new LinkedHashMap<>();
        int seedColumns = 0;
        for (Experiment post : posts) {
            List<Table> tables = post.seedFigures().stream()
                    .filter(t -> t.source() == Table.Source.SEED)
                    .toList();
            seedTables.put(post.id(), tables);
            List<String> machines =
                    tables.stream().map(Table::machine).distinct().toList();
            seedMachines.put(post.id(), machines);
            seedColumns = Math.max(seedColumns, machines.size());
        }
        StringBuilder html = Pages.head("mechsym atlas");
        html.append("<h1>mechsym atlas: the posts across machines</h1>\n<p class=\"meta\">")
                .append(posts.size())
                .append(" posts × the posts' own machines (their published figures, as the")
                .append(" posts give them, up to ")
                .append(seedColumns)
                .append(" a post) and ")
                .append(columns.size())
                .append(" machine")
                .append(columns.size() == 1 ? "" : "s")
                .append(" in the ledger (")
                .append(Pages.esc(ledger.location().toString()))
                .append("). Each cell is the latest run's verdict on the post; unfold it for the sub-claims and"
                        + " their figures, follow its link for that run's report.</p>\n");
        matrix(html, posts, seedColumns, seedMachines, seedTables, columns, cells);
        html.append("<h2 id=\"figures\">Headline figures across machines</h2>\n");
        for (Experiment post : posts) {
            headlineChart(html, post, columns, cells);
        }
        fingerprints(html, columns);
        html.append("</body></html>\n");
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(out, html);
        return columns.size();
    }

    /** One column per machine, or per machine and JDK where the machine ran several JDKs. */
    static List<MachineColumn> columns(Ledger ledger) throws LedgerException {
        List<MachineColumn> columns = new ArrayList<>();
        for (RecordedMachine machine : ledger.machines()) {
            List<RecordedRun> runs = ledger.runs(machine.machineId());
            Map<String, List<RecordedRun>> byJdk = new LinkedHashMap<>();
            runs.forEach(
                    r -> byJdk.computeIfAbsent(r.jdk(), j -> new ArrayList<>()).add(r));
            if (byJdk.size() <= 1) {
                columns.add(new MachineColumn(machine, null, runs));
            } else {
                byJdk.forEach((jdk, r) -> columns.add(new MachineColumn(machine, jdk, r)));
            }
        }
        return columns;
    }

    private static void matrix(
            StringBuilder html,
            List<Experiment> posts,
            int seedColumns,
            Map<String, List<String>> seedMachines,
            Map<String, List<Table>> seedTables,
            List<MachineColumn> columns,
            Map<MachineColumn, Map<String, Cell>> cells) {
        html.append("<table class=\"matrix\"><tr><th>post (row)</th>");
        for (int k = 1; k <= seedColumns; k++) {
            html.append("<th class=\"seed\">the post's machine")
                    .append(seedColumns == 1 ? "" : " " + k)
                    .append("<br><small>as the post gives it</small></th>");
        }
        for (MachineColumn c : columns) {
            html.append("<th>")
                    .append(Pages.esc(c.heading()))
                    .append("<br><small>")
                    .append(Pages.esc(c.machine().machineId()))
                    .append(" · ")
                    .append(c.runs().size())
                    .append(" run")
                    .append(c.runs().size() == 1 ? "" : "s")
                    .append("</small></th>");
        }
        html.append("</tr>\n");
        for (Experiment post : posts) {
            html.append("<tr id=\"post-")
                    .append(Pages.esc(post.id()))
                    .append("\"><th>")
                    .append(Pages.esc(post.seed().post()))
                    .append("<br><small>")
                    .append(Pages.esc(post.seed().author()))
                    .append(", ")
                    .append(post.seed().year())
                    .append(" · row ")
                    .append(Pages.esc(post.id()))
                    .append("</small></th>");
            List<String> machines = seedMachines.get(post.id());
            for (int k = 0; k < seedColumns; k++) {
                if (k >= machines.size()) {
                    html.append("<td></td>");
                    continue;
                }
                String machine = machines.get(k);
                html.append(seedCell(
                        post,
                        machine,
                        seedTables.get(post.id()).stream()
                                .filter(t -> machine.equals(t.machine()))
                                .toList()));
            }
            for (MachineColumn c : columns) {
                Cell cell = cells.get(c).get(post.id());
                html.append(cell == null ? "<td>not run</td>" : machineCell(post, cell));
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private static String seedCell(Experiment post, String machine, List<Table> tables) {
        StringBuilder cell = new StringBuilder("<td class=\"seed\"><b>")
                .append(Pages.esc(machine))
                .append("</b><details><summary>published by the post</summary>");
        cell.append("<p><i>").append(Pages.esc(post.claim())).append("</i></p>");
        for (Table t : tables) {
            cell.append("<p><b>").append(Pages.esc(t.title())).append("</b><br>");
            int shown = 0;
            for (List<Object> row : t.rows()) {
                if (shown++ == 4) {
                    cell.append("… (").append(t.rows().size()).append(" rows)<br>");
                    break;
                }
                List<String> parts = new ArrayList<>();
                for (int i = 0; i < row.size(); i++) {
                    Table.Column column = t.columns().get(i);
                    parts.add(Format.number(row.get(i)) + (column.unit() == null ? "" : " " + column.unit()));
                }
                cell.append(Pages.esc(String.join(" · ", parts))).append("<br>");
            }
            cell.append("</p>");
        }
        return cell.append("</details></td>").toString();
    }

    private static String machineCell(Experiment post, Cell cell) {
        RecordedVerdict v = cell.verdict();
        StringBuilder html = new StringBuilder("<td class=\"")
                .append(v.verdict())
                .append("\" title=\"")
                .append(Pages.esc(v.reason()))
                .append("\"><details><summary>")
                .append(Pages.label(v.verdict()))
                .append("</summary><ul>");
        for (RecordedVerdict.Judged c : v.claims()) {
            html.append("<li class=\"")
                    .append(c.outcome())
                    .append("\" title=\"")
                    .append(Pages.esc(c.reason()))
                    .append("\">")
                    .append(Pages.esc(c.what()))
                    .append(": ")
                    .append(Pages.label(c.outcome()))
                    .append(c.median() == null ? "" : " <small>" + Pages.esc(c.figureText()) + "</small>")
                    .append("</li>");
        }
        for (RecordedVerdict.Judged g : v.goals()) {
            html.append("<li class=\"")
                    .append(g.outcome())
                    .append("\">goal: ")
                    .append(Pages.esc(g.what()))
                    .append(": ")
                    .append(Pages.label(g.outcome()))
                    .append("</li>");
        }
        html.append("</ul></details>");
        String link = reportLink(cell.run(), post.id());
        html.append("<small>")
                .append(link == null ? "" : "<a href=\"" + Pages.esc(link) + "\">")
                .append(Pages.esc(cell.run()
                        .startedAt()
                        .substring(0, Math.min(16, cell.run().startedAt().length()))))
                .append(link == null ? "" : "</a>")
                .append(" · ")
                .append(Pages.esc(cell.run().profile()))
                .append("</small></td>");
        return html.toString();
    }

    /**
     * A link to the run's report.html (beside its results.json), at the experiment's section when
     * {@code experimentId} is given; to its results.json when that is here without a report (a
     * colleague's file, imported); null when the ledger does not know where the run's files are.
     */
    static String reportLink(RecordedRun run, String experimentId) {
        if (run.resultsPath() == null) {
            return null;
        }
        Path results = Path.of(run.resultsPath());
        Path report = results.resolveSibling("report.html");
        if (Files.isRegularFile(results) && !Files.exists(report)) {
            return results.toUri().toString();
        }
        return report.toUri() + (experimentId == null ? "" : "#" + experimentId);
    }

    /** The post's first sub-claim with a figure, across the machine columns that have it. */
    private static void headlineChart(
            StringBuilder html,
            Experiment post,
            List<MachineColumn> columns,
            Map<MachineColumn, Map<String, Cell>> cells)
            throws IOException {
        String claim = null;
        for (MachineColumn c : columns) {
            Cell cell = cells.get(c).get(post.id());
            if (cell != null && claim == null) {
                claim = cell.verdict().claims().stream()
                        .filter(j -> j.median() != null)
                        .map(RecordedVerdict.Judged::what)
                        .findFirst()
                        .orElse(null);
            }
        }
        if (claim == null) {
            return;
        }
        String wanted = claim;
        Function<Cell, RecordedVerdict.Judged> figure = cell -> cell == null
                ? null
                : cell.verdict().claims().stream()
                        .filter(j -> j.what().equals(wanted) && j.median() != null)
                        .findFirst()
                        .orElse(null);
        List<String> names = new ArrayList<>();
        List<Double> medians = new ArrayList<>();
        RecordedVerdict.Judged any = null;
        for (MachineColumn c : columns) {
            RecordedVerdict.Judged j = figure.apply(cells.get(c).get(post.id()));
            if (j != null) {
                names.add(c.heading());
                medians.add(j.median());
                any = j;
            }
        }
        if (any.line() != null) {
            // the line the sub-claim is judged against, first: the post's figure, or mechsym's reading of the post
            names.addFirst("the sub-claim's line");
            medians.addFirst(any.line());
        }
        html.append("<h3>")
                .append(Pages.esc(post.id()))
                .append(": ")
                .append(Pages.esc(claim))
                .append("</h3>\n");
        CategoryChart chart = new CategoryChartBuilder()
                .width(760)
                .height(260 + 16 * names.size())
                .title(post.id() + ": " + wanted)
                .xAxisTitle("machine")
                .yAxisTitle(any.unit() == null ? "" : any.unit())
                .build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setXAxisLabelRotation(names.size() > 2 ? 20 : 0);
        chart.addSeries("median", names, medians);
        html.append(Pages.image(chart, post.id() + " across machines"));
        html.append("<p class=\"meta\">The median of each machine's latest run")
                .append(
                        any.line() == null
                                ? ""
                                : "; the first bar is the sub-claim's line (the post's figure, or mechsym's reading where the post"
                                        + " gives none), " + Format.number(any.line())
                                        + (any.unit() == null ? "" : " " + any.unit()))
                .append(". The matrix above gives each interval.</p>\n");
    }

    private static void fingerprints(StringBuilder html, List<MachineColumn> columns) {
        html.append("<h2 id=\"fingerprints\">The machines side by side</h2>\n<p class=\"meta\">From each column's"
                + " latest run; a marked row differs between machines.</p>\n<table><tr><th></th>");
        columns.forEach(c -> html.append("<th>").append(Pages.esc(c.heading())).append("</th>"));
        html.append("</tr>\n");
        Map<String, Function<MachineColumn, String>> facts = new LinkedHashMap<>();
        facts.put("machine id", c -> c.machine().machineId());
        facts.put("CPU", c -> c.machine().cpuModel());
        facts.put("logical CPUs", c -> String.valueOf(c.machine().logicalCpus()));
        facts.put("memory", c -> c.machine().memoryGib() + " GiB");
        facts.put("topology", c -> c.machine().topology());
        facts.put("virtualised", c -> c.machine().virtualised() ? "yes" : "no");
        facts.put("OS", c -> c.runs().getLast().os());
        facts.put("kernel", c -> c.runs().getLast().kernel());
        facts.put("JDK", c -> c.runs().getLast().jdk());
        facts.put("VM", c -> c.runs().getLast().vm());
        facts.put("collectors", c -> c.runs().getLast().collectors());
        facts.put("JVM flags", c -> c.runs().getLast().jvmFlags());
        facts.put("transparent huge pages", c -> c.runs().getLast().transparentHugePages());
        facts.put("cpufreq governor", c -> c.runs().getLast().cpufreqGovernor());
        facts.put("runs", c -> String.valueOf(c.runs().size()));
        facts.put(
                "latest run",
                c -> c.runs().getLast().startedAt() + " (" + c.runs().getLast().profile() + ")");
        facts.forEach((name, fact) -> {
            List<String> values = columns.stream().map(fact).toList();
            boolean differs = values.stream().distinct().count() > 1
                    && !name.equals("runs")
                    && !name.equals("latest run")
                    && !name.equals("machine id");
            html.append("<tr")
                    .append(differs ? " class=\"differs\"" : "")
                    .append("><th>")
                    .append(Pages.esc(name))
                    .append("</th>");
            values.forEach(v -> html.append("<td>").append(Pages.esc(v)).append("</td>"));
            html.append("</tr>\n");
        });
        html.append("</table>\n");
    }
}

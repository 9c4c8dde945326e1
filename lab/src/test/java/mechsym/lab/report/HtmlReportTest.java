package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperiment;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.Table;
import mechsym.lab.results.LabRun;
import mechsym.lab.runner.LabRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    @Test
    void anotherToolsReportNamedInANoteIsALink() {
        assertThat(HtmlReport.linkReports("Gatling's HTML report: jms-load/gatling/sim-1/index.html"))
                .isEqualTo("Gatling's HTML report: <a href=\"jms-load/gatling/sim-1/index.html\">"
                        + "jms-load/gatling/sim-1/index.html</a>");
        assertThat(HtmlReport.linkReports("see report.html and https://x.org/a.html"))
                .as("a bare file name or a URL is left alone")
                .doesNotContain("<a ");
    }

    @Test
    void theFlameGraphsOfAProfiledRunAreLinkedInTheirExperimentsSection() throws IOException {
        LabRun run = new LabRunner(Profile.TINY, dir, Progress.silent(), "test", "test")
                .run(List.of(new FakeExperiment("one", false), new FakeExperiment("two", false)));
        Path graphs = Files.createDirectories(dir.resolve("one/profiles/pkg.Bench.run-AverageTime"));
        Files.writeString(graphs.resolve("flame-cpu-forward.html"), "<html></html>");
        Files.writeString(graphs.resolve("summary.txt"), "not a flame graph");

        String html = Files.readString(new HtmlReport(run, dir).write());

        String one = html.substring(html.indexOf("id=\"one\""), html.indexOf("id=\"two\""));
        assertThat(one)
                .contains("<h3>Flame graphs</h3>")
                .contains("<a href=\"one/profiles/pkg.Bench.run-AverageTime/flame-cpu-forward.html\">")
                .doesNotContain("summary.txt");
        assertThat(html.substring(html.indexOf("id=\"two\""))).doesNotContain("Flame graphs");
    }

    @Test
    void everyTableIsInTheHtmlAndEveryChartFileExists() throws IOException {
        LabRun run = new LabRunner(Profile.TINY, dir, Progress.silent(), "test", "test")
                .run(List.of(new FakeExperiment("one", false), new FakeExperiment("two", true)));
        String html = Files.readString(dir.resolve("report.html"));
        for (ExperimentResult e : run.experiments()) {
            assertThat(html).contains("id=\"" + e.id() + "\"");
            for (Table t : e.tables()) {
                assertThat(html).contains("id=\"" + HtmlReport.tableId(e.id(), t) + "\"");
            }
            for (Chart c : e.charts()) {
                Path png = dir.resolve("charts").resolve(e.id() + "-" + c.id() + ".png");
                Path svg = dir.resolve("charts").resolve(e.id() + "-" + c.id() + ".svg");
                assertThat(png).isNotEmptyFile();
                assertThat(Files.readAllBytes(png)).startsWith(PNG_MAGIC);
                assertThat(Files.readString(svg)).contains("<svg");
            }
        }
        assertThat(html).contains("seed's published figures — Seed Machine");
        assertThat(html).contains("measured in this run");
        assertThat(html).contains("data:image/png;base64,");
        assertThat(html).contains("boom in two");
        assertThat(html).contains("<th>mechsym's goals</th>", "0 of 1 met", "a within 2 ns", "MISSED");
        assertThat(html).contains("the post's sub-claim", "cross socket", "NOT MEASURABLE HERE", "Needs: two sockets");
        assertThat(html).doesNotContain("could not be drawn");
        assertThat(html).contains("profile tiny is a smoke test"); // a tiny run says its figures do not count
        // self-contained: no script, no remote resource
        assertThat(html).doesNotContain("<script").doesNotContain("http://").doesNotContain("https://");
    }

    @Test
    void noHtmlIdRepeatsInAReportOfSeveralExperimentsWithTheSameTableIds() throws IOException {
        new LabRunner(Profile.TINY, dir, Progress.silent(), "test", "test")
                .run(List.of(new FakeExperiment("one", false), new FakeExperiment("two", false)));
        String html = Files.readString(dir.resolve("report.html"));

        List<String> ids = java.util.regex.Pattern.compile("\\sid=\"([^\"]*)\"")
                .matcher(html)
                .results()
                .map(m -> m.group(1))
                .toList();

        assertThat(ids).contains("one", "two", "one/measured", "two/measured", "one/seed", "two/seed");
        assertThat(ids).doesNotHaveDuplicates();
    }

    @Test
    void aTableOfManyRowsIsFoldedUnderItsRowCount() {
        StringBuilder html = new StringBuilder();
        HtmlReport.table(html, "e", rows(HtmlReport.FOLDED_ROWS + 1));
        assertThat(html.toString())
                .contains("<details><summary>" + (HtmlReport.FOLDED_ROWS + 1) + " rows</summary>")
                .contains("</table></div></details>");

        StringBuilder few = new StringBuilder();
        HtmlReport.table(few, "e", rows(HtmlReport.FOLDED_ROWS));
        assertThat(few.toString()).doesNotContain("<details");
    }

    @Test
    void everyTableScrollsInItsOwnBoxAndNothingWidensThePage() {
        StringBuilder html = new StringBuilder();
        HtmlReport.table(html, "e", rows(1));
        assertThat(html.toString()).contains("<div class=\"scroll\"><table>");

        String css = HtmlReport.CSS.replace("\n", " ");
        assertThat(css)
                .contains(".scroll{overflow-x:auto;max-width:100%}")
                .contains("overflow-wrap:break-word")
                .contains("img{max-width:100%;height:auto;")
                .contains("code,table.env td{overflow-wrap:anywhere}");
    }

    private static Table rows(int n) {
        Table.Builder table =
                Table.measured("series", "a time series").column("second").column("rate", "ops/s");
        for (int i = 0; i < n; i++) {
            table.row(i, 1000.0 + i);
        }
        return table.build();
    }

    @Test
    void seriesAreSplitByTableSourceAndSeriesColumn() throws IOException {
        LabRun run = new LabRunner(Profile.TINY, dir, Progress.silent(), "test", "test")
                .run(List.of(new FakeExperiment("one", false)));
        ExperimentResult e = run.experiment("one");
        List<ChartRenderer.Series> series = ChartRenderer.series(e.charts().getFirst(), e);
        assertThat(series).extracting(ChartRenderer.Series::name).containsExactly("seed: Seed Machine", "this machine");
        assertThat(series.get(1).y()).containsExactly(2.0, 21.0);
    }

    @Test
    void escapesMarkup() {
        assertThat(HtmlReport.esc("<a href=\"x\">&</a>")).isEqualTo("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
    }

    @Test
    void formatsFiguresWithAboutThreeDigits() {
        assertThat(Format.number(1234567.0)).isEqualTo("1,234,567");
        assertThat(Format.number(3.14159)).isEqualTo("3.14");
        assertThat(Format.number(0.012345)).isEqualTo("0.0123");
        assertThat(Format.number(42)).isEqualTo("42");
        assertThat(Format.number(Double.NaN)).isEqualTo("–");
        assertThat(Format.number("text")).isEqualTo("text");
    }

    @Test
    void barLabelsAreSlantedOnlyWhenTheyWouldRunIntoEachOther() {
        assertThat(ChartRenderer.labelsCollide(List.of("LINEAR_WALK", "RANDOM_PAGE_WALK", "RANDOM_HEAP_WALK")))
                .isFalse();
        List<String> queues = java.util.stream.IntStream.range(0, 14)
                .mapToObj(i -> "mechsym-spsc-indexed-" + i)
                .toList();
        assertThat(ChartRenderer.labelsCollide(queues)).isTrue();
    }

    @Test
    void longSeriesNamesWrapAndEveryLegendLineMakesRoom() {
        String machine = "seed: Intel Sandy Bridge 2.4GHz, Linux 3.3.2, Oracle Java 1.7.0_02 server";
        String wrapped = ChartRenderer.legendName(machine);
        assertThat(wrapped.replace('\n', ' ')).isEqualTo(machine);
        assertThat(wrapped.split("\n"))
                .hasSize(2)
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(ChartRenderer.LEGEND_LINE_CHARS));
        assertThat(ChartRenderer.legendName("this machine")).isEqualTo("this machine");

        List<ChartRenderer.Series> three = series(3);
        List<ChartRenderer.Series> twenty = series(20);
        assertThat(ChartRenderer.heightFor(twenty)).isGreaterThan(ChartRenderer.heightFor(three) + 16 * 16);
    }

    @Test
    void twoPointsOfOneSeriesAtOneXAreAnErrorNotADroppedPoint() {
        Table runs = Table.measured("t", "pauses")
                .column("collector")
                .column("System.gc()")
                .column("storage")
                .column("pause", "ms")
                .row("G1", "yes", "objects", 137.7)
                .row("G1", "no", "objects", 513.0)
                .build();
        Chart chart = Chart.bar("c", "pauses", List.of("t"), "storage", "pause", "collector", "ms");
        ExperimentResult result = new ExperimentResult.Builder(new FakeExperiment("one", false))
                .table(runs)
                .chart(chart)
                .ok(1);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChartRenderer.series(chart, result))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("series 'this machine G1' has two points at storage 'objects'");
    }

    @Test
    void logAxisTicksAreWrittenWithSiPrefixes() {
        assertThat(ChartRenderer.siLabel(3_500_000_000.0)).isEqualTo("3.5G");
        assertThat(ChartRenderer.siLabel(500_000_000.0)).isEqualTo("500M");
        assertThat(ChartRenderer.siLabel(1000.0)).isEqualTo("1k");
        assertThat(ChartRenderer.siLabel(40.0)).isEqualTo("40");
        assertThat(ChartRenderer.siLabel(0.25)).isEqualTo("0.25");
        assertThat(ChartRenderer.siLabel(0.1)).isEqualTo("0.1");
        assertThat(ChartRenderer.siLabel(999_600.0)).isEqualTo("1M"); // rounds, then takes the prefix
        assertThat(ChartRenderer.siLabel(-2_500.0)).isEqualTo("-2.5k");
        assertThat(ChartRenderer.siLabel(0.0)).isEqualTo("0");
    }

    private static List<ChartRenderer.Series> series(int n) {
        return java.util.stream.IntStream.range(0, n)
                .mapToObj(i -> new ChartRenderer.Series("this machine G1 core-aos-" + i, List.of(0), List.of(1.0)))
                .toList();
    }
}

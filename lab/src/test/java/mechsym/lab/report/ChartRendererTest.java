package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperiment;
import mechsym.lab.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ChartRendererTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    /** The post's JMH table: a VM column and two rows per benchmark. */
    private static final Table SEED = Table.seed("post", "the post's scores", "the post's machine")
            .column("vm")
            .column("benchmark")
            .column("score", "ops/ms")
            .row("server", "a", 490_000.0)
            .row("server", "b", 480_000.0)
            .row("client", "a", 67_000.0)
            .row("client", "b", 79_000.0)
            .build();

    /** Ours: the same benchmarks by compiler, and latency by percentile and threads. */
    private static final Table MEASURED = Table.measured("measured", "our scores")
            .column("compiler")
            .column("benchmark")
            .column("threads", "#")
            .column("percentile", "%")
            .column("score", "ops/ms")
            .row("C2", "a", 1, 50.0, 1_400_000.0)
            .row("C2", "b", 1, 99.0, 1_500_000.0)
            .row("C1", "a", 2, 50.0, 210_000.0)
            .row("C1", "b", 2, 99.0, 150_000.0)
            .build();

    private static ExperimentResult result(Chart chart) {
        return new ExperimentResult.Builder(new FakeExperiment("fake", false))
                .table(SEED)
                .table(MEASURED)
                .chart(chart)
                .ok(1);
    }

    private static Chart chartOf(Chart.Kind kind, boolean logY) {
        Chart chart = switch (kind) {
            case BAR ->
                Chart.bar("c", "bar", List.of("post", "measured"), "benchmark", "score", "compiler", "ops/ms")
                        .withSeries("post", "vm");
            case LINE -> Chart.line("c", "line", List.of("measured"), "threads", "score", "benchmark", "ops/ms");
            case PERCENTILE ->
                Chart.percentiles("c", "percentiles", List.of("measured"), "percentile", "score", "compiler", "ops/ms");
        };
        return logY ? chart.withLogY() : chart;
    }

    @ParameterizedTest
    @EnumSource(Chart.Kind.class)
    void drawsEveryKindOnALinearAndALogAxisAsPngAndSvg(Chart.Kind kind) throws IOException {
        for (boolean logY : new boolean[] {false, true}) {
            Chart chart = chartOf(kind, logY);
            Path out = Files.createDirectories(dir.resolve(kind + "-" + logY));

            ChartRenderer.Rendered files = ChartRenderer.render(chart, result(chart), out);

            assertThat(Files.readAllBytes(files.png()))
                    .as(kind + " logY " + logY)
                    .startsWith(PNG_MAGIC);
            assertThat(Files.readString(files.svg())).as(kind + " logY " + logY).contains("<svg");
        }
    }

    @Test
    void aSeedTableIsSplitByItsOwnColumnBesideOursByTheChartsColumn() {
        Chart chart = chartOf(Chart.Kind.BAR, true);

        List<ChartRenderer.Series> series = ChartRenderer.series(chart, result(chart));

        assertThat(series)
                .extracting(ChartRenderer.Series::name)
                .containsExactly(
                        "seed: the post's machine server",
                        "seed: the post's machine client",
                        "this machine C2",
                        "this machine C1");
        assertThat(series.get(1).y()).containsExactly(67_000.0, 79_000.0);
    }

    @Test
    void aNumberThatSplitsSeriesIsNamedWithItsColumn() {
        Chart chart = Chart.bar("c", "by threads", List.of("measured"), "benchmark", "score", "threads", "ops/ms");

        assertThat(ChartRenderer.series(chart, result(chart)))
                .extracting(ChartRenderer.Series::name)
                .containsExactly("this machine threads 1", "this machine threads 2");
    }

    @Test
    void aTableSplitByItsOwnColumnMustBeOneTheChartDraws() {
        Chart chart = Chart.bar("c", "bar", List.of("measured"), "benchmark", "score", "compiler", "ops/ms");

        assertThatThrownBy(() -> chart.withSeries("post", "vm"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'c' does not draw from table 'post'");
    }
}

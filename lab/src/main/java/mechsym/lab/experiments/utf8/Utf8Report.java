package mechsym.lab.experiments.utf8;

import static mechsym.lab.experiments.utf8.Utf8Experiment.OPENS_JAVA_LANG;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Rounds;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.utf8.Utf8Figures.EncodeCase;
import mechsym.lab.experiments.utf8.Utf8Figures.Fork;
import mechsym.lab.experiments.utf8.Utf8Figures.Way;

/**
 * The utf8 experiment's tables and charts: encode per case and way over the rounds, each way's
 * speed-up over the best JDK way per case, decode; tables and charts only.
 */
final class Utf8Report {
    private Utf8Report() {}

    /** The encode table, the speed-up table, their charts and the headline. */
    static void encode(ExperimentResult.Builder result, Utf8Figures figures, int rounds) {
        result.table(encodeTable(figures, rounds));
        result.table(speedUpTable(figures));
        result.chart(Chart.bar(
                        "encode",
                        "ns per encode by case and way (median of rounds)",
                        List.of("encode"),
                        "case",
                        "median",
                        "way",
                        "ns (log scale)")
                .withLogY());
        result.chart(Chart.bar(
                "speed-ups",
                "speed-up over the best JDK way (median of rounds)",
                List.of("speed-ups"),
                "case",
                "median",
                "encoder",
                "x"));
        String headline = figures.encode().keySet().stream()
                .filter(c -> !figures.ns(c, Way.POST_ENCODER).isEmpty())
                .map(c -> c.label()
                        + String.format(
                                Locale.ROOT,
                                " %.2fx",
                                Summary.of(Rounds.ratios(figures.bestJdk(c), figures.ns(c, Way.POST_ENCODER)))
                                        .median()))
                .collect(Collectors.joining(", "));
        if (!headline.isEmpty()) {
            result.headline("the post's encoder over the best JDK way (median of rounds): " + headline);
        }
    }

    /** Encode: per case and way, the rounds' median iterations summarised, and the largest allocation. */
    static Table encodeTable(Utf8Figures figures, int rounds) {
        Table.Builder encode = Table.measured("encode", "String into a ByteBuffer (JMH, one fork per round)")
                .column("case")
                .column("way")
                .summaryColumns("ns")
                .column("allocates", "B/op")
                .note("JMH average time per encode: each round's figure is the median iteration of one fork;"
                        + " n, min, median, max are over the rounds (" + rounds + "; the post's other JDK ways and"
                        + " Agrona, shown for context, in the first). Allocation from JMH's GC profiler, the largest"
                        + " of the rounds. stringGetBytesByName is the post's 'string', stringGetBytes its 'string2'"
                        + " (by Charset), charsetEncoder its 'chars2', charBufferWrap its 'bytebuffer',"
                        + " charsetEncoderOnce its 'chars' with a new encoder per String, stringGetBytesToArray its"
                        + " array target, postEncoder its one-shot 'unsafe3'. mechsym is a reused Utf8Encoder;"
                        + " mechsymOpened the same in a JVM started with " + OPENS_JAVA_LANG + ".");
        figures.encode()
                .forEach((c, ways) -> ways.forEach((way, forks) -> encode.row(
                        c.label(),
                        way.method,
                        Summary.of(forks.stream().map(Fork::ns).toList()),
                        forks.stream()
                                .map(Fork::allocated)
                                .filter(a -> a != null)
                                .max(Double::compare)
                                .orElse(null))));
        return encode.build();
    }

    /** Per case, the post's and mechsym's encoders against that round's best JDK way. */
    static Table speedUpTable(Utf8Figures figures) {
        Table.Builder table = Table.measured("speed-ups", "speed-up over the best JDK way, per case and round")
                .column("case")
                .column("encoder")
                .summaryColumns("x")
                .note("Per round: the fastest of getBytes by name, getBytes by Charset and a reused CharsetEncoder"
                        + " in that round, divided by the encoder's ns. n, min, median, max are over the rounds."
                        + " The post claims 1.3x for its encoder; mechsym's goals are 1.3x into direct and 1.0x into"
                        + " heap buffers.");
        for (EncodeCase c : figures.encode().keySet()) {
            for (Way way : List.of(Way.POST_ENCODER, Way.MECHSYM, Way.MECHSYM_OPENED)) {
                List<Double> ratios = Rounds.ratios(figures.bestJdk(c), figures.ns(c, way));
                if (!ratios.isEmpty()) {
                    table.row(c.label(), way.method, Summary.of(ratios));
                }
            }
        }
        return table.build();
    }

    /** Decode: one fork per case and way, JMH's score, error and median iteration. */
    static Table decodeTable(List<JmhBenchmarks.Score> decoded) {
        Table.Builder decode = Table.measured("decode", "ByteBuffer back to a String (JMH)")
                .column("case")
                .column("way")
                .column("score", "ns")
                .column("error (99.9%)", "ns")
                .column("median", "ns")
                .column("allocates", "B/op")
                .note("JMH average time per decode (score: the mean of the iterations, with JMH's error; median:"
                        + " the median iteration), one fork per case and way; allocation from JMH's GC profiler."
                        + " Decoding is context, neither a claim nor a goal.");
        for (JmhBenchmarks.Score s : decoded) {
            decode.row(
                    new EncodeCase(s.param("text"), s.param("buffer")).label(),
                    s.method(),
                    s.score(),
                    s.error(),
                    s.median(),
                    s.secondary().get(JmhBenchmarks.ALLOCATED_PER_OP));
        }
        return decode.build();
    }
}

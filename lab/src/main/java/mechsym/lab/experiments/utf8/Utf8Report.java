package mechsym.lab.experiments.utf8;

import static mechsym.lab.experiments.utf8.Utf8Experiment.DIRECT_GOAL;
import static mechsym.lab.experiments.utf8.Utf8Experiment.HEAP_GOAL;
import static mechsym.lab.experiments.utf8.Utf8Experiment.JAVA_LANG_OPENED;
import static mechsym.lab.experiments.utf8.Utf8Experiment.OPENS_JAVA_LANG;
import static mechsym.lab.experiments.utf8.Utf8Experiment.PUBLIC_API;
import static mechsym.lab.experiments.utf8.Utf8Experiment.caseOf;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.utf8.Utf8Experiment.GoalCheck;

/**
 * The utf8 experiment's tables and charts, built from its JMH scores: encode per case and way over
 * the rounds, decode, and mechsym's speed-up over the best JDK way with its headlines.
 */
final class Utf8Report {
    private Utf8Report() {}

    /** Encode: per case and way, the rounds' median iterations summarised, and the largest allocation. */
    static Table encodeTable(Map<String, Map<String, List<JmhBenchmarks.Score>>> encoded, int rounds) {
        Table.Builder encode = Table.measured("encode", "String into a ByteBuffer (JMH, one fork per round)")
                .column("case")
                .column("way")
                .summaryColumns("ns")
                .column("allocates", "B/op")
                .note("JMH average time per encode: each round's figure is the median iteration of one fork;"
                        + " n, min, median, max are over the rounds (" + rounds
                        + "; Agrona, shown for context, one)."
                        + " Allocation from JMH's GC profiler, the largest of the rounds. mechsym is a reused"
                        + " Utf8Encoder, as charsetEncoder is a reused JDK encoder (the static Utf8.encode looks"
                        + " one up per thread); mechsymOpened is the same encoder in a JVM started with "
                        + OPENS_JAVA_LANG + ", where it copies an ASCII String's own bytes.");
        encoded.forEach((label, ways) -> ways.forEach((way, scores) -> encode.row(
                label,
                way,
                Summary.of(JmhBenchmarks.medians(scores)),
                JmhBenchmarks.largest(scores, JmhBenchmarks.ALLOCATED_PER_OP))));
        return encode.build();
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
                        + " Decoding is context, not a goal: one fork of a few short iterations, so its error can be"
                        + " as large as its score; the encode table's rounds are the figures to compare.");
        for (JmhBenchmarks.Score s : decoded) {
            decode.row(
                    caseOf(s),
                    s.method(),
                    s.score(),
                    s.error(),
                    s.median(),
                    s.secondary().get(JmhBenchmarks.ALLOCATED_PER_OP));
        }
        return decode.build();
    }

    /** mechsym against the best JDK way per case and round, the speed-up headlines, and both charts. */
    static void ratios(ExperimentResult.Builder result, List<GoalCheck> checks) {
        Table.Builder ratios = Table.measured("ratios", "mechsym against the best JDK way, per case and round")
                .column("case")
                .column("mechsym reads")
                .column("best JDK way")
                .column("best JDK", "ns")
                .column("mechsym", "ns")
                .summaryColumns("x")
                .column("goal", "x")
                .column("meets goal")
                .column("mechsym allocates", "B/op")
                .note("Speed-up per round = the best JDK way's ns / mechsym's ns in that round (the faster of"
                        + " String.getBytes and a reused CharsetEncoder, each its fork's median iteration; the two"
                        + " ways' forks ran back to back). n, min, median, max are over the rounds; best JDK and"
                        + " mechsym are medians over the rounds. The goal is mechsym's: a median speed-up of at"
                        + " least " + DIRECT_GOAL + "x into direct buffers and no slower (" + HEAP_GOAL + "x)"
                        + " into heap buffers, for every text kind and length, with 0 bytes allocated per encode"
                        + " (JMH -prof gc); the post claimed 1.3x for both. mechsym reads the String through the"
                        + " public API (" + PUBLIC_API + "), or its own bytes in a JVM with java.lang opened ("
                        + JAVA_LANG_OPENED + ": " + OPENS_JAVA_LANG + ").");
        StringBuilder speedUps = new StringBuilder();
        StringBuilder openedSpeedUps = new StringBuilder();
        for (GoalCheck check : checks) {
            ratios.row(
                    check.label(),
                    check.reads(),
                    check.bestWay(),
                    check.bestNs(),
                    check.mechsymNs(),
                    check.speedUps(),
                    check.goal(),
                    check.met() ? "yes" : "no",
                    check.allocated());
            StringBuilder line = check.opened() ? openedSpeedUps : speedUps;
            line.append(line.isEmpty() ? "" : ", ")
                    .append(check.label())
                    .append(String.format(Locale.ROOT, " %.2fx", check.speedUp()));
        }
        if (!speedUps.isEmpty()) {
            result.headline("speed-up over the best JDK way (median of rounds): " + speedUps);
        }
        if (!openedSpeedUps.isEmpty()) {
            result.headline("the same with java.lang opened (" + OPENS_JAVA_LANG + "): " + openedSpeedUps);
        }
        result.table(ratios.build());
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
                "ratios",
                "mechsym speed-up over the best JDK way (median of rounds)",
                List.of("ratios"),
                "case",
                "median",
                "mechsym reads",
                "x"));
    }
}

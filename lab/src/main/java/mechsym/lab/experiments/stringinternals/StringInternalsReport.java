package mechsym.lab.experiments.stringinternals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Summary;
import mechsym.lab.Table;

/** The string-internals experiment's read, construct and final-field tables and the read chart. */
final class StringInternalsReport {
    private StringInternalsReport() {}

    /** Per length and way, the median over the rounds of each fork's ns per read. */
    static void reads(
            ExperimentResult.Builder result,
            Map<Integer, Map<String, List<Double>>> readsByLength,
            String timing,
            int rounds) {
        Table.Builder readTable = Table.measured("string-read", "reading every char of an ASCII String (JMH)")
                .column("length", "chars")
                .column("way")
                .column("score", "ns/op")
                .column("rounds", "#")
                .column("fastest copy / this", "x")
                .note("JMH StringReadBenchmark, average time, " + timing + "; "
                        + rounds + " rounds (charAt and the middle lengths in the first only): score is the median"
                        + " over the rounds of each fork's median iteration."
                        + " Each way sums the chars; the set-up checks every way gives the same sum. Copying ways:"
                        + " getBytes(ISO_8859_1), getChars into a reused char[]; in place: core's"
                        + " Latin1Strings.latin1View (a read-only MemorySegment) and sun.misc.Unsafe; charAt reads"
                        + " without a copy through the public API.");
        readsByLength.forEach((length, ways) -> {
            Map<String, Double> medians = new TreeMap<>();
            ways.forEach((way, ns) -> medians.put(way, Summary.of(ns).median()));
            Double copy = StringInternalsFigures.fastest(medians, StringInternalsFigures.COPYING);
            medians.forEach(
                    (way, ns) -> readTable.row(length, way, ns, ways.get(way).size(), copy == null ? null : copy / ns));
        });
        result.table(readTable.build());
        result.chart(Chart.line(
                        "string-read",
                        "ns per read of the whole String",
                        List.of("string-read"),
                        "length",
                        "score",
                        "way",
                        "ns/op")
                .withLogY());
    }

    /** Per length and way, one fork's construction of a String from Latin-1 bytes. */
    static void constructs(
            ExperimentResult.Builder result, Map<Integer, Map<String, JmhBenchmarks.Score>> constructs, String timing) {
        Table.Builder constructTable = Table.measured("string-construct", "a String from Latin-1 bytes (JMH)")
                .column("length", "chars")
                .column("way")
                .column("score", "ns/op")
                .column("error (99.9%)", "ns/op")
                .column("new String / this", "x")
                .note("JMH StringConstructBenchmark, " + timing + ": new String(bytes, ISO_8859_1) copies;"
                        + " zeroCopy calls String's package-private String(byte[], byte) through a private lookup"
                        + " and shares the array (safe only if nobody writes to it again).");
        constructs.forEach((length, ways) -> {
            JmhBenchmarks.Score copy = ways.get("newString");
            ways.forEach((way, s) -> constructTable.row(
                    length, way, s.score(), s.error(), copy == null ? null : copy.score() / s.score()));
        });
        result.table(constructTable.build());
    }

    /** What became of each write of String's final field, from the forked JVM's cases and its log. */
    static void finalFieldWrites(ExperimentResult.Builder result, List<FinalFieldWrites.Case> cases, String log) {
        Table.Builder table = Table.measured("final-field-writes", "writing a String's final value field")
                .column("write")
                .column("outcome")
                .column("what shows it")
                .note("A forked JVM (" + StringInternalsExperiment.OPEN_JAVA_LANG + ", -Xbatch) runs each write on a"
                        + " String of its own and reports what became of it; the lab's own JVM is never touched. Log: "
                        + log + ".");
        cases.forEach(c -> table.row(c.write(), c.outcome(), c.shown()));
        result.table(table.build());
    }
}

package mechsym.lab.experiments.cachefallacy;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Table;

/** The cache-fallacy row's store-cost and false-sharing tables, charts and headlines: it judges nothing. */
final class CacheFallacyReport {
    private CacheFallacyReport() {}

    /** The store-cost table (with {@code storeNote}) and the false-sharing table, with their charts. */
    static void tables(ExperimentResult.Builder result, Map<String, JmhBenchmarks.Score> byMethod, String storeNote) {
        Table.Builder stores = Table.measured("store-cost", "one thread, one store per op (JMH average time)")
                .column("store")
                .column("x86 (C2)")
                .column("score", "ns/op")
                .column("error (99.9%)", "ns/op")
                .column("vs plain", "x")
                .note(storeNote);
        JmhBenchmarks.Score plain = byMethod.get("plain");
        for (String[] row : new String[][] {
            {"plain", "set (plain)", "mov"},
            {"opaque", "setOpaque", "mov"},
            {"release", "setRelease (lazySet)", "mov"},
            {"volatile_", "volatile store", "mov + lock addl"},
            {"sequenceRelease", "core Sequence setRelease", "mov"},
            {"sequenceVolatile", "core Sequence setVolatile", "mov + lock addl"}
        }) {
            JmhBenchmarks.Score s = byMethod.get(row[0]);
            if (s != null) {
                stores.row(row[1], row[2], s.score(), s.error(), plain == null ? null : s.score() / plain.score());
            }
        }
        result.table(stores.build());
        result.chart(Chart.bar(
                "store-cost",
                "ns per store by access mode, one thread",
                List.of("store-cost"),
                "store",
                "score",
                null,
                "ns/op"));

        Table.Builder sharing = Table.measured(
                        "false-sharing", "two threads, each incrementing its own counter (JMH group, average time)")
                .column("layout")
                .column("writes")
                .column("distance", "bytes")
                .column("score", "ns/op")
                .column("error (99.9%)", "ns/op")
                .column("vs padded", "x")
                .note("JMH FalseSharingBenchmark, a group of two threads; the score is the group's average time per"
                        + " increment. Counters off-heap in a 128-byte-aligned segment. With opaque writes (plain"
                        + " movs) the store buffer hides most of the cost: stores wait in it while the line is away,"
                        + " loads read their values from it, and the waiting stores commit together when the line"
                        + " returns. A volatile write drains the store buffer, so each increment waits for the line.");
        for (String[] writes :
                new String[][] {{"", "opaque (plain mov)"}, {"Volatile", "volatile (mov + lock addl)"}}) {
            JmhBenchmarks.Score padded = byMethod.get("padded" + writes[0]);
            JmhBenchmarks.Score unpadded = byMethod.get("unpadded" + writes[0]);
            if (unpadded != null) {
                sharing.row(
                        "unpadded (same line)",
                        writes[1],
                        8,
                        unpadded.score(),
                        unpadded.error(),
                        padded == null ? null : unpadded.score() / padded.score());
            }
            if (padded != null) {
                sharing.row("padded (two lines apart)", writes[1], 128, padded.score(), padded.error(), 1.0);
            }
        }
        JmhBenchmarks.Score sequence = byMethod.get("sequencePair");
        if (sequence != null) {
            JmhBenchmarks.Score padded = byMethod.get("paddedVolatile");
            sharing.row(
                    "core Sequence (padded)",
                    "volatile (mov + lock addl)",
                    null,
                    sequence.score(),
                    sequence.error(),
                    padded == null ? null : sequence.score() / padded.score());
        }
        result.table(sharing.build());
        result.chart(Chart.bar(
                "false-sharing",
                "ns per increment, two threads",
                List.of("false-sharing"),
                "layout",
                "score",
                "writes",
                "ns/op"));
    }

    static void headlines(ExperimentResult.Builder result, Map<String, JmhBenchmarks.Score> byMethod) {
        Double vol = score(byMethod, "volatile_");
        Double release = score(byMethod, "release");
        Double plain = score(byMethod, "plain");
        Double padded = score(byMethod, "paddedVolatile");
        Double unpadded = score(byMethod, "unpaddedVolatile");
        Double paddedOpaque = score(byMethod, "padded");
        Double unpaddedOpaque = score(byMethod, "unpadded");
        if (vol != null && release != null && plain != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "store: volatile %.2f, release %.2f, plain %.2f ns/op (volatile/release %.1fx)",
                    vol,
                    release,
                    plain,
                    vol / release));
        }
        if (padded != null && unpadded != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "false sharing, volatile writes: unpadded %.2f, padded %.2f ns/op (%.1fx)",
                    unpadded,
                    padded,
                    unpadded / padded));
        }
        if (paddedOpaque != null && unpaddedOpaque != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "false sharing, opaque writes (the store buffer hides it): unpadded %.2f, padded %.2f ns/op (%.1fx)",
                    unpaddedOpaque,
                    paddedOpaque,
                    unpaddedOpaque / paddedOpaque));
        }
        Double sequenceVolatile = score(byMethod, "sequenceVolatile");
        Double sequenceRelease = score(byMethod, "sequenceRelease");
        Double sequencePair = score(byMethod, "sequencePair");
        if (sequenceVolatile != null && sequenceRelease != null && sequencePair != null && padded != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "core Sequence: setVolatile %.2f, setRelease %.2f ns/op; two threads' volatile increments %.2f"
                            + " ns/op (the post's padded cells %.2f)",
                    sequenceVolatile,
                    sequenceRelease,
                    sequencePair,
                    padded));
        }
    }

    private static Double score(Map<String, JmhBenchmarks.Score> byMethod, String method) {
        JmhBenchmarks.Score s = byMethod.get(method);
        return s == null ? null : s.score();
    }
}

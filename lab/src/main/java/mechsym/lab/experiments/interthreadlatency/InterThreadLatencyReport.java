package mechsym.lab.experiments.interthreadlatency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Rounds;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.tools.platform.CpuTopology;

/**
 * The tables, chart, headlines and verdict of inter-thread-latency's mean round trips, from the
 * figures the experiment gathered: every measured run's RTT per variant, one median per variant and
 * round, and the round trips made. Not thread-safe; one per experiment run.
 */
final class InterThreadLatencyReport {
    static final String RELEASE_PAIR = "Java release/acquire / C++ release";
    static final String VOLATILE_PAIR = "Java volatile / C++ seq_cst";

    private final Map<Variant, List<Double>> rtt = new LinkedHashMap<>();
    private final Map<Variant, List<Double>> roundMedians = new LinkedHashMap<>();
    private final Map<Variant, Long> roundTrips = new LinkedHashMap<>();

    InterThreadLatencyReport() {
        Variant.ALL.forEach(v -> {
            rtt.put(v, new ArrayList<>());
            roundMedians.put(v, new ArrayList<>());
        });
    }

    /** One round's measured runs of one variant. */
    void add(Variant v, List<Double> rttNs, long trips) {
        if (rttNs.isEmpty()) {
            return;
        }
        rtt.get(v).addAll(rttNs);
        roundMedians.get(v).add(Summary.of(rttNs).median());
        roundTrips.merge(v, trips, Long::sum);
    }

    Map<Variant, Summary> medians() {
        Map<Variant, Summary> medians = new LinkedHashMap<>();
        rtt.forEach((v, samples) -> {
            if (!samples.isEmpty()) {
                medians.put(v, Summary.of(samples));
            }
        });
        return medians;
    }

    /** Java release / C++ release and Java volatile / C++ seq_cst, one ratio per round. */
    Map<String, List<Double>> roundRatios() {
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        addRatios(ratios, RELEASE_PAIR, roundMedians.get(Variant.JAVA_RELEASE), roundMedians.get(Variant.CPP_RELEASE));
        addRatios(
                ratios, VOLATILE_PAIR, roundMedians.get(Variant.JAVA_VOLATILE), roundMedians.get(Variant.CPP_SEQ_CST));
        return ratios;
    }

    private static void addRatios(Map<String, List<Double>> ratios, String pair, List<Double> java, List<Double> cpp) {
        List<Double> perRound = Rounds.ratios(java, cpp);
        if (!perRound.isEmpty()) {
            ratios.put(pair, perRound);
        }
    }

    /** The rtt table and chart, and the per-round ratio table. */
    void tables(ExperimentResult.Builder result, long runMillis, int rounds, int runsPerJvm) {
        Map<Variant, Summary> medians = medians();
        Summary cppRelease = medians.get(Variant.CPP_RELEASE);
        Table.Builder table = Table.measured(
                        "rtt",
                        "round-trip time between two busy-spinning threads, " + runMillis + " ms runs, " + rounds
                                + " interleaved rounds")
                .column("variant")
                .column("language")
                .column("store on x86")
                .summaryColumns("ns/RTT")
                .column("round trips", "count")
                .column("median / C++ release", "ratio")
                .note("Java: one forked JVM per variant and round (-Xmx64m), " + (runsPerJvm - 1) + " runs after one"
                        + " warm-up run each; C++: native/pingpong, " + (runsPerJvm - 1) + " runs per round. Cells"
                        + " padded to 128 bytes in both. Guard: pong acknowledged every round trip.");
        medians.forEach((v, s) -> table.row(
                v.label(),
                v.language(),
                v.store(),
                s,
                roundTrips.get(v),
                cppRelease == null ? null : s.median() / cppRelease.median()));
        result.table(table.build());
        result.chart(Chart.bar(
                "rtt", "median round trip by variant", List.of("rtt"), "variant", "median", null, "ns per round trip"));
        Map<String, List<Double>> ratios = roundRatios();
        if (!ratios.isEmpty()) {
            Table.Builder ratioTable = Table.measured(
                            "rtt-ratio", "Java / C++ round trip, taken round by round (each round's medians)")
                    .column("pair")
                    .summaryColumns("Java / C++")
                    .note(
                            "Each round runs every variant once, one after the other, so a ratio taken within a"
                                    + " round compares runs made a few seconds apart; drift between rounds (other load on"
                                    + " this shared machine) cancels out. The goals decide by these ratios and their interval, where four cores can be pinned.");
            ratios.forEach((pair, perRound) -> ratioTable.row(pair, Summary.of(perRound)));
            result.table(ratioTable.build());
        }
    }

    /** The headlines, the verdict and the goals, given the fence finding (null when not evidence). */
    void verdict(ExperimentResult.Builder result, FenceCheck.Fences fences) {
        Map<Variant, Summary> medians = medians();
        Map<String, List<Double>> ratios = roundRatios();
        Summary javaVolatile = medians.get(Variant.JAVA_VOLATILE);
        Summary javaRelease = medians.get(Variant.JAVA_RELEASE);
        Summary javaOpaque = medians.get(Variant.JAVA_OPAQUE);
        Summary cppRelease = medians.get(Variant.CPP_RELEASE);
        Summary cppSeqCst = medians.get(Variant.CPP_SEQ_CST);
        if (javaVolatile != null && javaRelease != null && javaOpaque != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "Java RTT median: volatile %.0f, release/acquire %.0f, opaque %.0f ns",
                    javaVolatile.median(),
                    javaRelease.median(),
                    javaOpaque.median()));
        }
        List<Double> releaseRatios = ratios.getOrDefault(RELEASE_PAIR, List.of());
        List<Double> volatileRatios = ratios.getOrDefault(VOLATILE_PAIR, List.of());
        if (cppRelease != null && cppSeqCst != null && !releaseRatios.isEmpty() && !volatileRatios.isEmpty()) {
            result.headline(String.format(
                    Locale.ROOT,
                    "C++ RTT median: release %.0f, seq_cst %.0f ns -> Java/C++ per round %.2fx (release), %.2fx"
                            + " (volatile/seq_cst)",
                    cppRelease.median(),
                    cppSeqCst.median(),
                    Summary.of(releaseRatios).median(),
                    Summary.of(volatileRatios).median()));
        }
        if (fences != null) {
            result.note("Context, not this post's claim: the fence table also shows setRelease and setOpaque"
                    + " (" + fences.text() + " lock addl); that they need no fence is the point of the"
                    + " cache-fallacy and lazySet posts, judged in their rows by what it saves.");
        }
        result.verdict(InterThreadLatencyClaims.judge(fences));
        InterThreadLatencyGoals.goals(
                        new InterThreadLatencyGoals.Latency(
                                releaseRatios, volatileRatios, cppRelease == null ? null : cppRelease.median()),
                        CpuTopology.ofThisProcess())
                .forEach(result::goal);
    }
}

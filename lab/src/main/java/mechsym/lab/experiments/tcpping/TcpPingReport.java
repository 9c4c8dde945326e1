package mechsym.lab.experiments.tcpping;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.experiments.tcpping.TcpPingExperiment.Placement;
import mechsym.lab.experiments.tcpping.TcpPingFigures.Case;
import mechsym.lab.rigs.latency.CaseLatency;
import mechsym.lab.rigs.latency.Findings;
import mechsym.tools.ping.Transport;
import mechsym.tools.platform.CpuTopology;

/** tcp-ping's tables, charts and headlines from a run's cases and figures. Stateless. */
final class TcpPingReport {
    private TcpPingReport() {}

    /**
     * The round-trip table, one percentile table and chart per placement, the follow-up's ranking as
     * context, and the headline.
     *
     * @param procedure how each case ran, for the table's note
     */
    static void report(
            ExperimentResult.Builder result,
            Map<String, CaseLatency> cases,
            List<Placement> placements,
            TcpPingFigures figures,
            String procedure) {
        Table.Builder table = CaseLatency.summaryTable(
                        "rtt",
                        "round-trip time of a 32-byte message over loopback",
                        List.of("language", "transport", "placement"))
                .note(procedure + " Pinning:" + pinningText(placements) + ". One HdrHistogram per case over all"
                        + " rounds: <case>.hgrm in the experiment's folder. Both threads on "
                        + CpuTopology.Placement.ONE_CPU.words()
                        + " is shown as context: two spinning threads time-slice that CPU, which is not the post's"
                        + " same core (two hyperthreads of one core), so it is never judged.");
        Map<Placement, List<CaseLatency>> byPlacement = new LinkedHashMap<>();
        for (Placement p : placements) {
            List<CaseLatency> these = byPlacement.computeIfAbsent(p, k -> new ArrayList<>());
            for (String language : List.of("java", "c")) {
                for (String t : transports(language)) {
                    CaseLatency cl = cases.get(TcpPingExperiment.caseName(language, t, p));
                    if (cl != null) {
                        table.row(cl.summaryRow(language, t, words(p.kind())));
                        these.add(cl);
                    }
                }
            }
        }
        result.table(table.build());
        byPlacement.forEach((p, these) -> {
            String id = "percentiles-" + p.name();
            result.table(CaseLatency.percentileTable(id, "latency by percentile, " + words(p.kind()), these));
            result.chart(Chart.percentiles(
                    id,
                    "round trip by percentile, " + words(p.kind()) + " (log scales)",
                    List.of(id),
                    "percentile",
                    "latency",
                    "case",
                    "µs per round trip"));
        });
        Placement main = TcpPingExperiment.main(placements);
        Table.Builder followUp = Table.measured(
                        "follow-up", "the follow-up's transport ranking (\"A Java Ping Buffet\", not in the seeds)")
                .column("its claim")
                .column("here")
                .column("figures")
                .note("Context, not part of the verdict: the follow-up post is only mentioned by the seed and its"
                        + " figures are not in the seeds. Each ratio is taken round by round, "
                        + words(main.kind()) + ".");
        TcpPingClaims.followUp(figures, main.kind())
                .forEach(c -> followUp.row(c.claim(), Verdict.label(c.outcome()), c.reason()));
        result.table(followUp.build());
        result.headline(String.format(
                Locale.ROOT,
                "p50 RTT %s (median of rounds): Java spin %s, select %s, ipc %s, C spin %s",
                words(main.kind()),
                Findings.us(figures.median(new Case("java", "spin", main.kind()))),
                Findings.us(figures.median(new Case("java", "select", main.kind()))),
                Findings.us(figures.median(new Case("java", "ipc", main.kind()))),
                Findings.us(figures.median(new Case("c", "spin", main.kind())))));
    }

    private static List<String> transports(String language) {
        return language.equals("java")
                ? TcpPingExperiment.JAVA.stream().map(Transport::id).toList()
                : TcpPingExperiment.C;
    }

    /** The placement as CpuTopology names it: "one logical CPU", "cross core, same socket". */
    private static String words(CpuTopology.Placement kind) {
        return kind.words();
    }

    private static String pinningText(List<Placement> placements) {
        StringBuilder text = new StringBuilder();
        for (Placement p : placements) {
            text.append(' ')
                    .append(words(p.kind()))
                    .append(" = server on CPU ")
                    .append(p.serverCpu())
                    .append(", client on CPU ")
                    .append(p.clientCpu())
                    .append(';');
        }
        return text.substring(0, text.length() - 1);
    }
}

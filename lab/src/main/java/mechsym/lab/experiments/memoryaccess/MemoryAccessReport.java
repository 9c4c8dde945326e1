package mechsym.lab.experiments.memoryaccess;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.memoryaccess.MemoryAccessExperiment.Setup;
import mechsym.lab.experiments.memoryaccess.MemoryAccessExperiment.Storage;
import mechsym.lab.experiments.memoryaccess.MemoryAccessExperiment.Walk;
import mechsym.lab.experiments.memoryaccess.MemoryWalk.Stride;

/** The memory-access experiment's measured and counter tables, its chart and headlines, from the forks' walks. */
final class MemoryAccessReport {
    private MemoryAccessReport() {}

    /** ns per word of every walk and storage measured: the rounds' summary and the first round's warm-up. */
    static void measured(ExperimentResult.Builder result, Setup setup, List<Walk> walks) {
        Table.Builder ours = Table.measured(
                        "measured",
                        "ns per word, " + (setup.bytes() >> 20) + " MiB, one JVM per walk and round ("
                                + (setup.runsPerFork() - 1) + " run after a warm-up each)")
                .column("walk")
                .column("storage")
                .summaryColumns("ns/op")
                .column("warm-up run", "ns/op")
                .column("rounds", "count")
                .note("JVM flags: " + setup.heap() + " -XX:+AlwaysPreTouch; +THP adds -XX:+UseTransparentHugePages."
                        + " Checksum (777 x words) verified after every run. The post's three walks over the long[]"
                        + " run " + setup.rounds() + " rounds, forked in turn; the update's walk and the other"
                        + " storages one round. Summary over the rounds; warm-up: the first round's.");
        for (Storage storage : Storage.values()) {
            for (Stride stride : Stride.values()) {
                List<Walk> of = Walk.of(walks, stride, storage);
                if (!of.isEmpty()) {
                    ours.row(
                            stride.name(),
                            storage.label,
                            Summary.of(of.stream().mapToDouble(Walk::nsPerOp).toArray()),
                            of.getFirst().warmUpNsPerOp(),
                            of.size());
                }
            }
        }
        result.table(ours.build());
    }

    /** The perf stat counts of the first round's forks, one column per event. */
    static void counters(ExperimentResult.Builder result, List<String> events, Map<Walk, Map<String, Long>> counters) {
        Table.Builder c = Table.measured("counters", "perf stat counters per JVM (all runs, first round)")
                .column("walk")
                .column("storage");
        events.forEach(event -> c.column(event, "events"));
        counters.forEach((walk, values) -> {
            List<Object> row = new ArrayList<>(List.of(walk.stride().name(), walk.storage().label));
            events.forEach(event -> row.add(values.get(event)));
            c.row(row.toArray());
        });
        result.table(c.build());
    }

    /** ns per word by walk, the post's {@code seedMachines} machines (tables seed-1..) beside this one. */
    static void chart(ExperimentResult.Builder result, int seedMachines) {
        List<String> chartTables = new ArrayList<>();
        for (int i = 1; i <= seedMachines; i++) {
            chartTables.add("seed-" + i);
        }
        chartTables.add("measured");
        result.chart(Chart.bar(
                        "ns-per-walk",
                        "ns per word by walk: the post's machines and this one",
                        chartTables,
                        "walk",
                        "median",
                        "storage",
                        "ns/op (median, log scale)")
                .withLogY());
    }

    /** Per storage with all three of the post's walks, their medians and whether they keep the post's order. */
    static void headlines(ExperimentResult.Builder result, List<Walk> walks) {
        for (Storage storage : Storage.values()) {
            List<Double> linear = Walk.nsPerOp(walks, Stride.LINEAR_WALK, storage);
            List<Double> page = Walk.nsPerOp(walks, Stride.RANDOM_PAGE_WALK, storage);
            List<Double> heap = Walk.nsPerOp(walks, Stride.RANDOM_HEAP_WALK, storage);
            if (linear.isEmpty() || page.isEmpty() || heap.isEmpty()) {
                continue;
            }
            double l = Summary.of(linear).median();
            double p = Summary.of(page).median();
            double h = Summary.of(heap).median();
            result.headline(String.format(
                    Locale.ROOT,
                    "%-14s linear %.2f, page %.2f, heap %.2f ns/op (heap/linear %.0fx)%s",
                    storage.label,
                    l,
                    p,
                    h,
                    h / l,
                    l < p && p < h ? "" : "  <- not in the post's order"));
        }
    }
}

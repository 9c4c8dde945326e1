package mechsym.lab.experiments.herding;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import mechsym.lab.Chart;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.herding.HerdingVerdict.Figures;
import mechsym.lab.rigs.pingpong.Cells;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.lab.rigs.pingpong.StoreMode;
import mechsym.lab.rigs.pingpong.TimedPingPong;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.MachineKnobs;
import org.HdrHistogram.Histogram;

/*
 * Seed 004, "Experimentation Notes: on herding processes and CPUs" (Nitsan Wakart, Psychosomatic
 * Lobotomy Saw, 5 December 2012).
 *
 * Claim: where a benchmark's threads run decides what it measures, so herd everything else away:
 * stop irqbalance, set the cpufreq governor to performance, taskset the other processes onto one
 * core and the benchmark onto the rest. The post gives commands, not figures; this experiment
 * measures what the herding buys with the same two-thread ping-pong placed five ways:
 *
 *   two cores, pinned           ping -> CPU 0, pong -> CPU 1   (the post's goal)
 *   one logical CPU, pinned     both -> CPU 0                  every hand-off waits for the scheduler
 *   unpinned                    the scheduler decides
 *   unpinned + noisy neighbour  another process burns a CPU    what herding removes
 *   two cores + noisy neighbour pinned, neighbour unpinned     pinning alone does not stop a neighbour
 *
 * Each round trip is timed on its own into HdrHistogram (closed loop: one ping in flight); the
 * placements are interleaved round by round and each figure is the median over rounds. The ping-pong
 * runs on core's Sequence (release store, acquire load) and yields after 1,000 spins, so the one-core
 * placement completes. The machine's own knobs (irqbalance, every CPU's governor, idle states, NUMA)
 * are read from /proc and /sys and shown beside the post's commands.
 *
 * Sensitive to: everything else running (a shared VM's other tenants are noisy neighbours we cannot
 * see), the hypervisor's placement of vCPUs, and the number of CPUs (two-core placements need two).
 * Quick profile: about 10 s.
 */
public final class HerdingExperiment implements Experiment {
    private static final String SEED_MACHINE = "the post's commands (Linux, 2012); it publishes no figures";

    /** One placement of the two threads, and whether a noisy neighbour runs meanwhile. */
    private record Placement(String label, int pingCpu, int pongCpu, boolean neighbour) {}

    private static final String TWO_CORES = "two cores, pinned";
    /** The post's "one core": both threads on one logical CPU (on an SMT machine, not even the sibling). */
    private static final String ONE_CORE = CpuTopology.Placement.ONE_CPU.words() + ", pinned";

    private static final String UNPINNED = "unpinned";
    private static final String UNPINNED_NOISY = "unpinned + noisy neighbour";
    private static final String TWO_CORES_NOISY = "two cores, pinned + noisy neighbour";

    @Override
    public String id() {
        return "herding";
    }

    @Override
    public String title() {
        return "Herding processes and CPUs: the same ping-pong pinned, shared, unpinned and beside a noisy neighbour";
    }

    @Override
    public Seed seed() {
        return SeedPosts.HERDING;
    }

    @Override
    public String claim() {
        return "Placement decides inter-thread latency: two threads pinned to two cores give the tightest round"
                + " trips, both on one core pay the scheduler on every hand-off (10x or more), and a noisy neighbour"
                + " widens the tail; hence the post's herding before benchmarking.";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed("seed-knobs", "the post's knobs and the commands it gives", SEED_MACHINE)
                .column("knob")
                .column("the post's command")
                .column("why")
                .row(
                        "IRQ balance",
                        "service irqbalance stop",
                        "stop the OS from sending interrupts fairly (to the benchmark's cores too)")
                .row(
                        "cpufreq governor",
                        "echo performance | sudo tee /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor",
                        "no frequency scaling or sleeping CPUs while measuring (back to ondemand afterwards)")
                .row(
                        "pinning",
                        "for i in `ps -eo pid` ; do sudo taskset -pc 0 $i ; done",
                        "everybody to one core, the benchmark on the cores left (numactl on NUMA machines)")
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        int rounds = profile.pick(1, 3, 7);
        long millis = profile.pick(50L, 400L, 2_000L);

        Table.Builder knobs = Table.measured("machine-knobs", "the post's knobs on this machine")
                .column("knob")
                .column("here")
                .column("read from");
        for (MachineKnobs.Knob knob : MachineKnobs.read(Path.of("/sys"), Path.of("/proc"))) {
            knobs.row(knob.name(), knob.value(), knob.source());
        }
        result.table(knobs.build());

        List<Placement> placements = placements();
        if (placements.size() < 5) {
            result.note("Pinning needs Linux and at least two CPUs this process may use; the placements that need"
                    + " them were skipped.");
        }
        Map<String, List<LatencySummary>> byPlacement = new LinkedHashMap<>();
        Map<String, Histogram> merged = new LinkedHashMap<>();
        Map<String, Long> trips = new LinkedHashMap<>();
        context.progress()
                .start(
                        "herding: " + placements.size() + " placements x " + rounds + " rounds",
                        (long) placements.size() * rounds);
        for (int round = 0; round < rounds; round++) {
            for (Placement placement : placements) {
                TimedPingPong.Run run = runOnce(placement, millis);
                byPlacement
                        .computeIfAbsent(placement.label(), k -> new ArrayList<>())
                        .add(run.roundTrips());
                merged.computeIfAbsent(placement.label(), k -> new Histogram(3)).add(run.histogram());
                trips.merge(placement.label(), run.count(), Long::sum);
                context.progress().step();
            }
        }
        context.progress().finish();

        Table.Builder table = Table.measured("round-trips", "round trip by placement (median over rounds)")
                .column("placement")
                .column("round trips")
                .column("p50", "ns")
                .column("p90", "ns")
                .column("p99", "ns")
                .column("p99.9", "ns")
                .column("max", "ns")
                .summaryColumns("p50 ns");
        Table.Builder percentiles = Table.measured("percentiles", "round-trip percentiles by placement")
                .column("placement")
                .column("percentile")
                .column("latency", "ns");
        Map<String, Figures> figures = new LinkedHashMap<>();
        for (var entry : byPlacement.entrySet()) {
            List<LatencySummary> runs = entry.getValue();
            double p50 = median(runs, LatencySummary::p50Nanos);
            double p90 = median(runs, LatencySummary::p90Nanos);
            double p99 = median(runs, LatencySummary::p99Nanos);
            double p999 = median(runs, LatencySummary::p999Nanos);
            double max = runs.stream().mapToLong(LatencySummary::maxNanos).max().orElse(0);
            table.row(
                    entry.getKey(),
                    trips.get(entry.getKey()),
                    p50,
                    p90,
                    p99,
                    p999,
                    max,
                    Summary.of(runs.stream().map(s -> (double) s.p50Nanos()).toList()));
            percentiles
                    .row(entry.getKey(), "p50", p50)
                    .row(entry.getKey(), "p99", p99)
                    .row(entry.getKey(), "p99.9", p999);
            figures.put(entry.getKey(), new Figures(p50, p99, p999));
            LatencyRecorder.writeHgrm(
                    merged.get(entry.getKey()), context.workDir().resolve(fileName(entry.getKey())));
        }
        result.table(table.note("Closed loop: one ping in flight, each round trip timed on its own (HdrHistogram,"
                        + " 3 significant digits). Percentile files of every placement, all rounds merged:"
                        + " herding-*.hgrm in this experiment's folder.")
                .build());
        result.table(percentiles.build());
        result.chart(Chart.bar(
                        "percentiles",
                        "round trip by placement: p50, p99, p99.9",
                        List.of("percentiles"),
                        "placement",
                        "latency",
                        "percentile",
                        "round trip (ns, log scale)")
                .withLogY());

        Figures twoCores = figures.get(TWO_CORES);
        Figures oneCore = figures.get(ONE_CORE);
        if (twoCores != null && oneCore != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "round trip p50: two pinned cores %.0f ns, one logical CPU %.0f ns (%.0fx)",
                    twoCores.p50(),
                    oneCore.p50(),
                    oneCore.p50() / twoCores.p50()));
        }
        Figures unpinned = figures.get(UNPINNED);
        Figures noisy = figures.get(UNPINNED_NOISY);
        if (unpinned != null && noisy != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "unpinned p99.9 %.0f ns quiet, %.0f ns beside a noisy neighbour",
                    unpinned.p999(),
                    noisy.p999()));
        }
        result.verdict(HerdingVerdict.judge(twoCores, oneCore, unpinned, noisy));
    }

    /** The placements this machine allows: all five with two CPUs to pin to, else the unpinned ones. */
    private static List<Placement> placements() {
        List<Placement> placements = new ArrayList<>();
        Optional<CpuPair> twoCores = CpuPair.here(CpuTopology.Placement.CROSS_CORE);
        Optional<CpuPair> oneCpu = CpuPair.here(CpuTopology.Placement.ONE_CPU);
        if (twoCores.isPresent() && oneCpu.isPresent()) {
            placements.add(new Placement(
                    TWO_CORES, twoCores.get().first(), twoCores.get().second(), false));
            placements.add(
                    new Placement(ONE_CORE, oneCpu.get().first(), oneCpu.get().second(), false));
        }
        placements.add(new Placement(UNPINNED, TimedPingPong.UNPINNED, TimedPingPong.UNPINNED, false));
        placements.add(new Placement(UNPINNED_NOISY, TimedPingPong.UNPINNED, TimedPingPong.UNPINNED, true));
        twoCores.ifPresent(p -> placements.add(new Placement(TWO_CORES_NOISY, p.first(), p.second(), true)));
        return placements;
    }

    /** Core's padded Sequence, release store and acquire load: the component a herded machine serves. */
    private static TimedPingPong.Case pingPong(Placement placement) {
        return new TimedPingPong.Case(
                Cells.Layout.SEQUENCE, StoreMode.RELEASE, placement.pingCpu(), placement.pongCpu());
    }

    private static TimedPingPong.Run runOnce(Placement placement, long millis) throws Exception {
        if (!placement.neighbour()) {
            return TimedPingPong.run(pingPong(placement), millis);
        }
        NoisyNeighbour neighbour = NoisyNeighbour.start();
        try {
            return TimedPingPong.run(pingPong(placement), millis);
        } finally {
            neighbour.close();
        }
    }

    private static double median(List<LatencySummary> runs, java.util.function.ToLongFunction<LatencySummary> figure) {
        return Summary.of(runs.stream().map(s -> (double) figure.applyAsLong(s)).toList())
                .median();
    }

    private static String fileName(String placement) {
        return "herding-" + placement.replaceAll("[^a-z0-9]+", "-").replaceAll("-$", "") + ".hgrm";
    }
}

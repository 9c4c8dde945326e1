package mechsym.lab.experiments.herding;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.rigs.pingpong.Cells;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.lab.rigs.pingpong.StoreMode;
import mechsym.lab.rigs.pingpong.TimedPingPong;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.platform.CpuAffinity;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.MachineKnobs;

/*
 * Seed 004, "Experimentation Notes: on herding processes and CPUs" (Nitsan Wakart, Psychosomatic
 * Lobotomy Saw, 5 December 2012).
 *
 * Claim: herd everything else away before benchmarking: stop irqbalance, set the cpufreq governor to
 * performance, and "everybody moves to one core and you taskset your benchmarking process onto the
 * cores left". The post gives commands, not figures. The lab cannot move other people's processes, so
 * it brings its own: noisy neighbours (busy shell loops, one per CPU but one) beside a two-thread
 * ping-pong, and runs the recipe against leaving them to roam:
 *
 *   not herded   neighbours unpinned, ping-pong unpinned            what a benchmark meets as it comes
 *   herded       neighbours -> CPU a (taskset), ping -> b, pong -> c   the post's recipe
 *
 * The verdict judges the recipe (HerdingClaims), which needs three CPUs: one for everybody else, two
 * for the benchmark. Beside it, as mechsym's goals (HerdingGoals), the same ping-pong placed five more
 * ways: two cores pinned, one logical CPU pinned, unpinned, unpinned beside one noisy neighbour, and
 * two pinned cores beside one.
 *
 * Each round trip is timed on its own into HdrHistogram (closed loop: one ping in flight); the
 * arrangements run in turn in every round, and each decides through its percentiles round by round.
 * The ping-pong runs on core's Sequence (release store, acquire load) and yields after 1,000 spins, so
 * the one-CPU placement completes. The machine's own knobs (irqbalance, every CPU's governor, idle
 * states, NUMA) are read from /proc and /sys and shown beside the post's commands, not changed.
 *
 * Sensitive to: everything else running (a shared VM's other tenants are noisy neighbours we cannot
 * see), the hypervisor's placement of vCPUs, and the number of CPUs (two-core placements need two,
 * the recipe three). Quick profile: about 6 s on 2 vCPUs (three rounds, nothing judged); five rounds
 * with the recipe's two arrangements, about 15 s, where it or the goals can decide.
 */
public final class HerdingExperiment implements Experiment {
    private static final String SEED_MACHINE = "the post's commands (Linux, 2012); it publishes no figures";

    /**
     * One arrangement as run here: the ping-pong's CPUs ({@link TimedPingPong#UNPINNED} for none), how
     * many noisy neighbours run beside it and the CPU they are herded onto (-1: they roam).
     */
    record Placement(Arrangement arrangement, int pingCpu, int pongCpu, int neighbours, int neighbourCpu) {}

    /** The post's recipe on this machine: everybody else on {@code neighbourCpu}, the benchmark on two others. */
    record Herd(int neighbourCpu, int pingCpu, int pongCpu, int neighbours) {}

    @Override
    public String id() {
        return "herding";
    }

    @Override
    public String title() {
        return "Herding processes and CPUs: everybody else on one CPU, the benchmark on the rest";
    }

    @Override
    public Seed seed() {
        return SeedPosts.HERDING;
    }

    @Override
    public String claim() {
        return "Before benchmarking, herd everybody else onto one core and taskset the benchmark onto the cores"
                + " left (with irqbalance stopped and the performance governor): the benchmark then measures"
                + " itself, not its neighbours.";
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
        CpuTopology topology = CpuTopology.ofThisProcess();
        // five rounds where the recipe or the goals can decide; three show the figures as context
        boolean decides = herd(topology).isPresent()
                || CpuPair.tooFewCoresForTwoThreads(topology).isEmpty();
        int rounds = profile.pick(1, decides ? 5 : 3, 7);
        long millis = profile.pick(50L, 400L, 2_000L);

        Table.Builder knobs = Table.measured("machine-knobs", "the post's knobs on this machine")
                .column("knob")
                .column("here")
                .column("read from");
        for (MachineKnobs.Knob knob : MachineKnobs.read(Path.of("/sys"), Path.of("/proc"))) {
            knobs.row(knob.name(), knob.value(), knob.source());
        }
        result.table(knobs.build());

        List<Placement> placements = placements(topology);
        if (placements.size() < 5) {
            result.note("Pinning needs Linux and at least two CPUs this process may use; the placements that need"
                    + " them were skipped.");
        }
        if (placements.stream().noneMatch(p -> p.arrangement() == Arrangement.HERDED)) {
            result.note("The post's recipe needs " + HerdingClaims.NEEDS + "; this process may use "
                    + topology.logicalCpus() + ", so the herded and not-herded arrangements did not run.");
        }
        Map<Arrangement, List<TimedPingPong.Run>> runs = new EnumMap<>(Arrangement.class);
        context.progress()
                .start(
                        "herding: " + placements.size() + " arrangements x " + rounds + " rounds",
                        (long) placements.size() * rounds);
        for (int round = 0; round < rounds; round++) {
            for (Placement placement : Rounds.inTurn(placements, round)) {
                runs.computeIfAbsent(placement.arrangement(), k -> new ArrayList<>())
                        .add(runOnce(placement, millis));
                context.progress().step();
            }
        }
        context.progress().finish();

        HerdingFigures figures = HerdingReport.report(result, runs, context.workDir());
        result.verdict(HerdingClaims.judge(figures, topology));
        HerdingGoals.goals(figures, topology).forEach(result::goal);
    }

    /**
     * The arrangements this machine allows: the post's recipe and its unherded twin with three CPUs,
     * the five pinned and unpinned placements with two, the unpinned ones alone otherwise.
     */
    static List<Placement> placements(CpuTopology topology) {
        int free = TimedPingPong.UNPINNED;
        List<Placement> placements = new ArrayList<>();
        Optional<CpuPair> twoCores = CpuPair.here(CpuTopology.Placement.CROSS_CORE);
        Optional<CpuPair> oneCpu = CpuPair.here(CpuTopology.Placement.ONE_CPU);
        if (twoCores.isPresent() && oneCpu.isPresent()) {
            placements.add(new Placement(
                    Arrangement.TWO_CORES,
                    twoCores.get().first(),
                    twoCores.get().second(),
                    0,
                    free));
            placements.add(new Placement(
                    Arrangement.ONE_CPU, oneCpu.get().first(), oneCpu.get().second(), 0, free));
        }
        placements.add(new Placement(Arrangement.UNPINNED, free, free, 0, free));
        placements.add(new Placement(Arrangement.UNPINNED_NOISY, free, free, 1, free));
        twoCores.ifPresent(
                p -> placements.add(new Placement(Arrangement.TWO_CORES_NOISY, p.first(), p.second(), 1, free)));
        if (CpuAffinity.isSupported()) {
            herd(topology).ifPresent(h -> {
                placements.add(new Placement(Arrangement.NOT_HERDED, free, free, h.neighbours(), free));
                placements.add(
                        new Placement(Arrangement.HERDED, h.pingCpu(), h.pongCpu(), h.neighbours(), h.neighbourCpu()));
            });
        }
        return placements;
    }

    /**
     * The post's recipe on {@code topology}: everybody else on its first CPU, the ping-pong on two of
     * the others (on two cores, neither the herd's, where there are such); one neighbour per CPU but one
     * (at most 16), so that, left to roam, they leave the benchmark no CPU of its own. Empty below
     * {@value HerdingClaims#CPUS} CPUs.
     */
    static Optional<Herd> herd(CpuTopology topology) {
        List<CpuTopology.Cpu> cpus = topology.cpus();
        if (cpus.size() < HerdingClaims.CPUS) {
            return Optional.empty();
        }
        CpuTopology.Cpu herd = cpus.getFirst();
        List<CpuTopology.Cpu> rest = new ArrayList<>(cpus.subList(1, cpus.size()));
        // other cores than the herd's first, then each CPU on a core of its own before its siblings
        rest.sort(java.util.Comparator.comparing((CpuTopology.Cpu c) -> sameCore(c, herd)));
        CpuTopology.Cpu ping = rest.getFirst();
        CpuTopology.Cpu pong = rest.stream()
                .skip(1)
                .filter(c -> !sameCore(c, ping))
                .findFirst()
                .orElse(rest.get(1));
        return Optional.of(new Herd(herd.id(), ping.id(), pong.id(), Math.min(cpus.size() - 1, 16)));
    }

    private static boolean sameCore(CpuTopology.Cpu a, CpuTopology.Cpu b) {
        return a.socket() == b.socket() && a.core() == b.core();
    }

    /** Core's padded Sequence, release store and acquire load: the component a herded machine serves. */
    private static TimedPingPong.Case pingPong(Placement placement) {
        return new TimedPingPong.Case(
                Cells.Layout.SEQUENCE, StoreMode.RELEASE, placement.pingCpu(), placement.pongCpu());
    }

    private static TimedPingPong.Run runOnce(Placement placement, long millis) throws Exception {
        List<NoisyNeighbour> neighbours = new ArrayList<>();
        try {
            for (int i = 0; i < placement.neighbours(); i++) {
                neighbours.add(NoisyNeighbour.start(placement.neighbourCpu()));
            }
            return TimedPingPong.run(pingPong(placement), millis);
        } finally {
            neighbours.forEach(NoisyNeighbour::close);
        }
    }
}

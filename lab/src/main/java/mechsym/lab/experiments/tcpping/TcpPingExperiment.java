package mechsym.lab.experiments.tcpping;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.remote.RemotePart;
import mechsym.lab.rigs.latency.CaseLatency;
import mechsym.lab.rigs.latency.Findings;
import mechsym.lab.rigs.latency.Measured;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.lab.rigs.threads.ThreadedRuns;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.ping.Transport;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.FreePort;
import mechsym.tools.platform.NativePrograms;
import org.HdrHistogram.Histogram;

/*
 * Seed 004, "Java ping: a performance baseline utility" (Nitsan Wakart, Psychosomatic Lobotomy Saw,
 * 2012), and its follow-up "A Java Ping Buffet" (not in the seeds: no seed figures).
 *
 * Claim: a busy-spinning NIO TCP round trip of 32 bytes over loopback is faster with client and
 * server on two cores than on one (the post: p50 6 us cross-core, 9 us same core). Beside the
 * verdict, not in it: the follow-up's transport ranking (busy-spin below select, a memory-mapped file
 * below any socket; its figures are not in the seeds) as findings, and mechsym's goal: the Java spin
 * p50 within 10% of a C client/server's at the same pinning.
 *
 *   client thread (pinned)              server thread (pinned)
 *   write 32 B ---- loopback / mmap ---> read, write back
 *   read 32 B  <-----------------------
 *
 * Cases: Java spin, selectnow, select, blocking, udp, ipc (mechsym ping, one forked JVM per round)
 * and C spin, blocking, udp (native/ping.c, processes), each at every placement the machine's topology
 * has (CpuTopology): one CPU, two cores of a socket, and SMT siblings and two sockets where there are
 * such, rounds interleaving Java and C. One HdrHistogram per case over all rounds (.hgrm files in the
 * experiment's folder); closed loop, as the post.
 *
 * With --remote (TcpPingRemote): the Java spin and blocking clients and the C spin client also run
 * against a ping server on another host, and the table rtt-by-path shows them beside the same cases
 * over loopback, each labelled with its path; shown as figures beside the post's NIC rows, not judged.
 *
 * Sensitive to: other load (a spinning thread that loses its CPU costs a time slice), virtualisation
 * (loopback is the hypervisor's vCPU scheduling too), and the same-core spin cases above all: two
 * busy-spinning threads on one CPU progress only when the scheduler switches them.
 *
 * Budget: quick ~45 s on 2 vCPUs; tiny a few seconds.
 */
public final class TcpPingExperiment implements Experiment {
    private static final List<Transport> JAVA = List.of(
            Transport.SPIN, Transport.SELECTNOW, Transport.SELECT, Transport.BLOCKING, Transport.UDP, Transport.IPC);
    private static final List<String> C = List.of("spin", "blocking", "udp");

    /** Where client and server run: {@code kind} as the machine's topology names it. */
    record Placement(String name, CpuTopology.Placement kind, int serverCpu, int clientCpu) {}

    @Override
    public String id() {
        return "tcp-ping";
    }

    @Override
    public String title() {
        return "TCP ping: round-trip latency by transport and pinning, Java against C";
    }

    @Override
    public Seed seed() {
        return SeedPosts.JAVA_PING;
    }

    @Override
    public String claim() {
        return "A 32-byte busy-spinning TCP round trip over loopback is faster with client and server on two cores"
                + " than on one: p50 6 µs against 9 µs on the post's laptop.";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(
                seedTable("seed-laptop", "i5 laptop, Ubuntu 12.04, JDK 7, loopback")
                        .row("same core", 8644.23, TcpPingFindings.POST_SAME_CORE_P50_NS, 16000, 24000)
                        .row("cross cores", 5809.40, TcpPingFindings.POST_CROSS_CORE_P50_NS, 9000, 23000)
                        .build(),
                seedTable("seed-dual-socket", "dual-socket test machine (not named), loopback")
                        .row("cross sockets", 12393.97, 13000, 16000, 29000)
                        .row("same socket, same core", 11976.68, 12000, 16000, 28000)
                        .row("same socket, cross core", 7663.82, 8000, 11000, 23000)
                        .build(),
                seedTable("seed-nics", "two such machines connected directly, by NIC")
                        .row("10Gb A", 19746.08, 18000, 26000, 38000)
                        .row("10Gb B", 30099.29, 30000, 33000, 44000)
                        .row("1Gb C", 83022.32, 83000, 87000, 95000)
                        .build());
    }

    private static Table.Builder seedTable(String id, String machine) {
        return Table.seed(id, "RTT of a 32-byte message, NIO busy-spin, pinned (ns)", machine)
                .column("placement")
                .column("mean", "ns")
                .column("50%", "ns")
                .column("99%", "ns")
                .column("99.99%", "ns");
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        int rounds = profile.pick(1, 2, 3);
        long count = profile.pick(300L, 20_000L, 100_000L);
        long warmup = profile.pick(100L, 3_000L, 20_000L);
        long maxMillis = profile.pick(60L, 350L, 5_000L); // per phase: same-core spin cases end by it
        double loadBefore = ThreadedRuns.loadAverage();

        List<Placement> placements = placements();
        if (ofKind(placements, CpuTopology.Placement.CROSS_CORE) == null) {
            result.note("No two cores of one socket may be used here: no cross-core cases.");
        }
        NativePrograms.Program c = NativePrograms.program("ping");
        if (!c.isAvailable()) {
            result.note("No C baseline in this run: " + c.problem() + ". Install make and a C compiler to get it.");
        }

        List<Measured> measured = new ArrayList<>();
        List<String> units = c.isAvailable() ? List.of("java", "c") : List.of("java");
        context.progress().start("ping rounds (Java and C interleaved)", rounds * units.size());
        for (int round = 0; round < rounds; round++) {
            for (String unit : Rounds.inTurn(units, round)) {
                if (unit.equals("java")) {
                    measured.addAll(javaRound(context, placements, round, count, warmup, maxMillis));
                } else {
                    measured.addAll(cRound(context, c, placements, round, count, warmup, maxMillis));
                }
                context.progress().step();
            }
        }

        Map<String, CaseLatency> cases = new LinkedHashMap<>();
        Measured.merge(measured).forEach((name, m) -> {
            try {
                cases.put(name, CaseLatency.recorded(name, m.histogram, m.lost, -1, context.workDir()));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        report(result, cases, placements, rounds, count, warmup, maxMillis);
        var remote = context.servers().remote().pingServer();
        if (remote.isPresent()) {
            RemotePart.run(
                    result,
                    context.progress(),
                    "remote ping server " + remote.get(),
                    () -> TcpPingRemote.addTo(
                            context, result, remote.get(), cases, main(placements), c, count, warmup, maxMillis));
        }
        ThreadedRuns.noteMachine(result, 2, loadBefore);
    }

    /**
     * Every placement the machine's topology has, one CPU first and cross-core second: "one-cpu" (both
     * on one logical CPU), "cross-core" (two cores of a socket), "same-core" (SMT siblings) and
     * "cross-socket". Where no pair can be read (no pinning here), both on CPU 0 as before.
     */
    static List<Placement> placements() {
        List<Placement> placements = new ArrayList<>();
        List<CpuPair> pairs = CpuPair.allHere();
        for (CpuTopology.Placement kind : List.of(
                CpuTopology.Placement.ONE_CPU,
                CpuTopology.Placement.CROSS_CORE,
                CpuTopology.Placement.SAME_CORE,
                CpuTopology.Placement.CROSS_SOCKET)) {
            pairs.stream()
                    .filter(p -> p.placement() == kind)
                    .forEach(p -> placements.add(new Placement(placementName(kind), kind, p.first(), p.second())));
        }
        if (placements.isEmpty()) {
            placements.add(new Placement("one-cpu", CpuTopology.Placement.ONE_CPU, 0, 0));
        }
        return placements;
    }

    private static String placementName(CpuTopology.Placement kind) {
        return switch (kind) {
            case ONE_CPU -> "one-cpu";
            case SAME_CORE -> "same-core";
            case CROSS_CORE -> "cross-core";
            case CROSS_SOCKET -> "cross-socket";
        };
    }

    /** The placement of {@code kind} among those measured, or null. */
    private static Placement ofKind(List<Placement> placements, CpuTopology.Placement kind) {
        return placements.stream().filter(p -> p.kind() == kind).findFirst().orElse(null);
    }

    /**
     * The post's placement findings beyond one CPU against two cores: the same core's hyperthreads
     * (its laptop: p50 9 us against 6 cross-core) and two sockets (its dual-socket machine: 13 us
     * against 8 on one socket), each judged where this machine has the placement and named as not
     * measurable here where it does not.
     */
    static List<Verdict.Claim> placementClaims(
            Map<String, CaseLatency> cases, List<Placement> placements, CpuTopology topology) {
        List<Verdict.Claim> claims = new ArrayList<>();
        Placement cross = ofKind(placements, CpuTopology.Placement.CROSS_CORE);
        String sameCore = "spin round trip dearer on one core's SMT siblings than on two cores";
        String crossSocket = "spin round trip dearer across sockets than across two cores of one socket";
        for (var claim : List.of(
                Map.entry(CpuTopology.Placement.SAME_CORE, sameCore),
                Map.entry(CpuTopology.Placement.CROSS_SOCKET, crossSocket))) {
            Placement there = ofKind(placements, claim.getKey());
            if (there == null) {
                CpuPair.notMeasurableHere(topology, claim.getKey(), claim.getValue())
                        .ifPresent(claims::add);
                continue;
            }
            Double p50 = cross == null ? null : p50(cases, "java", "spin", there);
            Double p50Cross = cross == null ? null : p50(cases, "java", "spin", cross);
            if (p50 == null || p50Cross == null) {
                claims.add(Verdict.Claim.inconclusive(
                        claim.getValue(),
                        "spin p50 " + there.name() + " " + Findings.us(p50) + ", cross-core " + Findings.us(p50Cross)));
            } else {
                claims.add(Verdict.Claim.judge(
                        claim.getValue(),
                        p50 > p50Cross,
                        "spin p50 " + there.name() + " " + Findings.us(p50) + ", cross-core " + Findings.us(p50Cross)));
            }
        }
        return claims;
    }

    static String caseName(String language, String transport, Placement placement) {
        return language + " " + transport + " " + placement.name();
    }

    private static List<Measured> javaRound(
            RunContext context, List<Placement> placements, int round, long count, long warmup, long maxMillis)
            throws Exception {
        List<String> cases = new ArrayList<>();
        for (Transport t : Rounds.inTurn(JAVA, round)) {
            for (Placement p : placements) {
                cases.add(t.id() + ":" + p.serverCpu() + ":" + p.clientCpu() + ":" + caseName("java", t.id(), p));
            }
        }
        Path ipcDir = Files.createDirectories(context.workDir().resolve("ipc"));
        List<Object> args = new ArrayList<>(List.of(count, warmup, maxMillis, ipcDir));
        args.addAll(cases);
        return context.fork(TcpPingRun.class)
                .name("java-round" + round)
                .jvmArgs("-Xmx128m")
                .args(args.toArray())
                .timeoutSeconds(300)
                .run(Measured.class);
    }

    private static List<Measured> cRound(
            RunContext context,
            NativePrograms.Program c,
            List<Placement> placements,
            int round,
            long count,
            long warmup,
            long maxMillis)
            throws Exception {
        List<Measured> out = new ArrayList<>();
        for (String transport : Rounds.inTurn(C, round)) {
            for (Placement p : placements) {
                String name = caseName("c", transport, p);
                context.progress().message(name);
                out.add(cCase(context, c, transport, p, name, count, warmup, maxMillis));
            }
        }
        return out;
    }

    /** One C case: the server process, the client process, and the server stopped whatever happens. */
    private static Measured cCase(
            RunContext context,
            NativePrograms.Program c,
            String transport,
            Placement p,
            String name,
            long count,
            long warmup,
            long maxMillis)
            throws Exception {
        int port = FreePort.onLoopback();
        Path serverLog = context.workDir().resolve(CaseLatency.fileName(name) + "-server.log");
        try (ChildProcess _ = ChildProcess.command(
                        c.executable().toString(),
                        "server",
                        String.valueOf(port),
                        transport,
                        String.valueOf(p.serverCpu()))
                .name("the C ping server")
                .log(serverLog)
                .grace(Duration.ofSeconds(2))
                .start(line -> line.contains("listening"), Duration.ofSeconds(5))) {
            List<String> lines = c.run(
                    context.workDir().resolve(CaseLatency.fileName(name) + "-client.log"),
                    120,
                    "client",
                    "127.0.0.1",
                    port,
                    transport,
                    32,
                    count,
                    warmup,
                    p.clientCpu(),
                    maxMillis);
            Histogram h = new Histogram(3);
            for (String line : lines) {
                h.recordValue(Long.parseLong(line.strip()));
            }
            return new Measured(name, Measured.encode(h), 0, -1, 0);
        }
    }

    private static void report(
            ExperimentResult.Builder result,
            Map<String, CaseLatency> cases,
            List<Placement> placements,
            int rounds,
            long count,
            long warmup,
            long maxMillis) {
        Table.Builder table = CaseLatency.summaryTable(
                        "rtt",
                        "round-trip time of a 32-byte message over loopback",
                        List.of("language", "transport", "placement"))
                .note("Closed loop (the post's way). Per case and round: " + warmup + " unmeasured round trips,"
                        + " then up to " + count + " measured or " + maxMillis + " ms, whichever ends first; " + rounds
                        + " round(s), Java (one forked JVM per round) and C (native/ping.c) interleaved. Pinning:"
                        + pinningText(placements) + ". One HdrHistogram per case over all rounds: "
                        + "<case>.hgrm in the experiment's folder.");
        List<CaseLatency> byPlacement = new ArrayList<>();
        for (Placement p : placements) {
            for (String language : List.of("java", "c")) {
                List<String> transports = language.equals("java")
                        ? JAVA.stream().map(Transport::id).toList()
                        : C;
                for (String t : transports) {
                    CaseLatency cl = cases.get(caseName(language, t, p));
                    if (cl != null) {
                        table.row(cl.summaryRow(language, t, p.name()));
                        byPlacement.add(cl);
                    }
                }
            }
        }
        result.table(table.build());
        for (Placement p : placements) {
            List<CaseLatency> these = byPlacement.stream()
                    .filter(cl -> cl.name().endsWith(p.name()))
                    .toList();
            String id = "percentiles-" + p.name();
            result.table(CaseLatency.percentileTable(id, "latency by percentile, " + p.name(), these));
            result.chart(Chart.percentiles(
                    id,
                    "round trip by percentile, " + p.name() + " (log scales)",
                    List.of(id),
                    "percentile",
                    "latency",
                    "case",
                    "µs per round trip"));
        }
        TcpPingFindings findings = findings(cases, placements);
        Goal goal = findings.javaWithinTenPercentOfC();
        result.goal(goal);
        Table.Builder followUp = Table.measured(
                        "follow-up", "the follow-up's transport ranking (\"A Java Ping Buffet\", not in the seeds)")
                .column("its claim")
                .column("here")
                .column("figures")
                .note("The follow-up post is only mentioned by the seed: its figures are not in the seeds, so its"
                        + " ranking is shown here from this run's p50s and is not part of the verdict.");
        findings.followUp().forEach(c -> followUp.row(c.claim(), Verdict.label(c.outcome()), c.reason()));
        result.table(followUp.build());
        result.headline(String.format(
                java.util.Locale.ROOT,
                "p50 RTT %s: Java spin %s, select %s, ipc %s, C spin %s",
                main(placements).name(),
                mechsym.lab.rigs.latency.Findings.us(findings.spin()),
                mechsym.lab.rigs.latency.Findings.us(findings.selectCrossCore()),
                mechsym.lab.rigs.latency.Findings.us(findings.ipcCrossCore()),
                mechsym.lab.rigs.latency.Findings.us(findings.cSpin())));
        result.headline("goal Java spin within 10% of C: " + goal.figures());
        result.verdict(CpuPair.withPlacementClaims(
                findings.verdict(),
                "the post's one-CPU against cross-core finding",
                placementClaims(cases, placements, CpuTopology.ofThisProcess())));
    }

    private static String pinningText(List<Placement> placements) {
        StringBuilder text = new StringBuilder();
        for (Placement p : placements) {
            text.append(' ')
                    .append(p.name())
                    .append(" = server on CPU ")
                    .append(p.serverCpu())
                    .append(", client on CPU ")
                    .append(p.clientCpu())
                    .append(';');
        }
        return text.substring(0, text.length() - 1);
    }

    static Placement main(List<Placement> placements) {
        Placement cross = ofKind(placements, CpuTopology.Placement.CROSS_CORE);
        return cross != null ? cross : placements.get(0);
    }

    static TcpPingFindings findings(Map<String, CaseLatency> cases, List<Placement> placements) {
        Placement same = placements.get(0);
        Placement cross = ofKind(placements, CpuTopology.Placement.CROSS_CORE);
        Placement main = main(placements);
        return new TcpPingFindings(
                p50(cases, "java", "spin", same),
                cross == null ? null : p50(cases, "java", "spin", cross),
                p50(cases, "java", "select", main),
                p50(cases, "java", "ipc", main),
                p50(cases, "java", "spin", main),
                p50(cases, "c", "spin", main));
    }

    private static Double p50(Map<String, CaseLatency> cases, String language, String transport, Placement p) {
        CaseLatency c = cases.get(caseName(language, transport, p));
        return c == null || c.count() == 0 ? null : c.p50Us();
    }
}

package mechsym.lab.experiments.backpressure;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.Percentiles;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.experiments.backpressure.BackPressureClaims.BoundedRound;
import mechsym.lab.experiments.backpressure.BackPressureClaims.End;
import mechsym.lab.experiments.backpressure.BackPressureClaims.UnboundedRound;
import mechsym.lab.experiments.backpressure.ServerUnderLoad.Sample;
import mechsym.lab.remote.RemotePart;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.gateway.QueuePolicy;
import mechsym.tools.gateway.QueueSizing;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.load.LoadConfig;
import mechsym.tools.load.LoadGenerator;
import mechsym.tools.load.LoadResult;
import mechsym.tools.load.RateSchedule;
import org.HdrHistogram.Histogram;

/**
 * Seed 000_36716061787f48db.txt, "Applying Back Pressure When Overloaded" (Martin Thompson, 2012).
 *
 * <p>Claim: under sustained overload an unbounded queue gives latency that grows without bound (the
 * hockey stick) and then runs out of memory, while a bounded queue that answers 503 when full keeps
 * the accepted requests within the latency it was sized for (Little's law), at full throughput.
 *
 * <pre>
 *  this JVM: mechsym load (open loop, fixed rate) ──HTTP──▶ child JVM (-Xmx64m): mechsym gateway
 *                                                              gateway threads ─▶ MPSC input queues
 *                                                              ─▶ service threads (sleep 1 ms each)
 * </pre>
 *
 * <p>How: the gateway runs in a forked JVM with a small heap (an OutOfMemoryError ends that child,
 * reported, never the lab). Its capacity is measured first (load at 1.5x the service's nominal
 * rate, bounded+503: the 200 answers per second; the median of three runs). Then, for each policy (unbounded, bounded-block,
 * bounded-503), arrival rates of 50/90/100/120/200% of that capacity, each timed from the intended
 * start of every request (no coordinated omission): throughput, accepted p50/p99/p99.9/max,
 * rejected %, and from the child's 100 ms samples the queue depth and heap used over time. The
 * verdict's figures come from rounds at 2x: the bounded+503 gateway's capacity and 2x run in turn,
 * round after round, and the unbounded gateway's 2x run repeated. The slow-consumer case: the same
 * 50% load while slow clients drip their requests, against the gateway and against the plainest JDK
 * HttpServer handler. mechsym's speed goals: with a do-nothing service, rounds in which the gateway
 * and the JDK handler are saturated in turn (capacity), then both loaded at half the gateway's
 * capacity, the gateway's own read-to-write p99 taken from its histogram over its run.
 *
 * <p>With --remote (BackPressureRemote): the speed-goal measurement also against a gateway on another
 * host, beside this run's do-nothing gateway in the table by-path, each labelled with its path; not
 * judged. A remote failure fails only that part.
 *
 * <p>Sensitive to: the number of cores (load generator, gateway threads and service threads share
 * them: a 2-vCPU machine measures the whole loopback system, not the gateway alone), other load on
 * the machine, and the timer slack of the service's sleeps. Quick profile budget: about 75 s, JVM
 * starts included; tiny: seconds (a smoke test, not a measurement).
 */
public final class BackPressureExperiment implements Experiment {
    /** The service's work per transaction and its threads: nominal capacity 2 / 1 ms = 2000/s. */
    static final double TRANSACTION_MICROS = 1_000;

    static final int SERVICE_THREADS = 2;
    static final int GATEWAY_THREADS = 2;
    /** The do-nothing gateway of the speed goals: one event loop and one service thread for 2 vCPUs. */
    static final int IDLE_GATEWAY_THREADS = 1;

    static final int IDLE_SERVICE_THREADS = 1;
    /** The latency the bounded queue is sized for, by Little's law. */
    static final double MAX_LATENCY_MILLIS = 20;

    static final int[] ARRIVAL_PERCENTS = {50, 90, 100, 120, 200};
    /** The tiny profile's steps: the first, below capacity, and the overload the claims read. */
    private static final int[] TINY_ARRIVAL_PERCENTS = {50, 200};
    /** Capacity runs whose median sets the arrival rates (the last is the first 2x round's capacity). */
    static final int REFERENCE_CAPACITY_RUNS = 3;

    static final List<QueuePolicy> POLICIES = List.of(QueuePolicy.UNBOUNDED, QueuePolicy.BLOCK, QueuePolicy.REJECT);
    /** Connections of the saturating load (capacity) and of the half-capacity runs of the speed goals. */
    static final int SATURATING_CONNECTIONS = 32;

    static final int HALF_CAPACITY_CONNECTIONS = 64;

    /**
     * Sizes per profile: seconds per load step, per capacity run at 1.5x, per speed-goal run; slow
     * clients; the most connections the load opens; rounds of the bounded+503 gateway at 2x (its
     * figures sit near their lines), of the unbounded one (far from them), and of the speed goals; the
     * least a load step waits after its schedule for the answers still due (the slow-consumer runs
     * wait that long: a server the slow clients hold answers late or not at all).
     */
    record Params(
            double runSeconds,
            double capacitySeconds,
            double speedSeconds,
            int slowClients,
            int connections,
            int boundedRounds,
            int unboundedRounds,
            int speedRounds,
            double drainSeconds) {}

    static Params params(RunContext context) {
        return context.profile()
                .pick(
                        new Params(0.25, 0.4, 0.25, 4, 500, 2, 2, 1, 0.5),
                        new Params(1.2, 1.0, 0.6, 16, 2000, 5, 3, 5, 2),
                        new Params(10, 5, 5, 64, 4000, 6, 3, 6, 2));
    }

    @Override
    public String id() {
        return "back-pressure";
    }

    @Override
    public String title() {
        return "Back pressure: bounded queues and 503 under overload";
    }

    @Override
    public Seed seed() {
        return SeedPosts.BACK_PRESSURE;
    }

    @Override
    public String claim() {
        return "Under sustained overload an unbounded queue's latency grows without bound (the hockey stick);"
                + " a bounded queue answering 503 keeps accepted requests within the latency it was sized for, at"
                + " full throughput.";
    }

    /**
     * The post measures nothing; its figures are the art-gallery example of Little's law and the
     * design's numbers, kept as given.
     */
    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed(
                        "seed-design", "The post's worked example and design numbers", "no machine: a worked example")
                .column("figure")
                .column("value")
                .column("unit")
                .row("time a viewer spends in the gallery", 20, "minutes")
                .row("viewers the gallery holds", 30, "viewers")
                .row("arrival rate the gallery can take (Little's law)", 90, "viewers/hour")
                .row("arrival rate 9:00-10:00 in the example", 100, "viewers/hour")
                .row("viewers sent to the cafe", 10, "viewers/hour")
                .row("queue fill that should raise an alert", 70, "%")
                .row("status answered when the input queue is full", 503, "HTTP status")
                .note("queue length = max latency / (transaction time / number of threads)")
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Params p = params(context);
        QueueSizing sizing = QueueSizing.fromMaxLatency(MAX_LATENCY_MILLIS, TRANSACTION_MICROS, SERVICE_THREADS);
        result.note("Queue sizing: " + sizing.formula() + ". The gateway runs in a forked JVM with "
                + ServerUnderLoad.CHILD_HEAP + " -XX:+ExitOnOutOfMemoryError; the load (mechsym load, open loop)"
                + " runs in the lab's JVM, on the same machine: every latency is from the request's intended start"
                + " (fixed rate).");
        context.progress()
                .start(
                        "back-pressure",
                        POLICIES.size() * arrivalPercents(context).length
                                + p.boundedRounds()
                                + p.unboundedRounds()
                                + p.speedRounds()
                                + 3);
        double nominal = SERVICE_THREADS * 1e6 / TRANSACTION_MICROS;
        List<RunRow> rows = new ArrayList<>();
        Map<QueuePolicy, List<Sample>> depthAt200 = new LinkedHashMap<>();
        List<BoundedRound> bounded = new ArrayList<>();
        List<UnboundedRound> unbounded = new ArrayList<>();

        // 1. the bounded+503 gateway: capacity, the load steps, slow clients, then its rounds at 2x
        double capacity;
        RunRow slowBaseline;
        try (ServerUnderLoad gateway = ServerUnderLoad.gateway(
                context,
                QueuePolicy.REJECT,
                sizing.length(),
                TRANSACTION_MICROS,
                SERVICE_THREADS,
                GATEWAY_THREADS,
                false)) {
            load(gateway.port(), nominal * 0.5, p.runSeconds(), p.connections(), 1.0); // warm-up: JIT
            // the median of three runs: one run starved of CPU by other work must not set every rate below
            List<Double> capacities = new ArrayList<>();
            for (int i = 0; i < REFERENCE_CAPACITY_RUNS; i++) {
                capacities.add(capacity(gateway, nominal, p));
            }
            capacity = Measure.of(capacities, "req/s").value();
            if (!(capacity > 0)) {
                throw new IOException("the gateway answered no request while its capacity was measured (log: "
                        + gateway.process().log() + ")");
            }
            result.headline(
                    String.format(Locale.ROOT, "capacity %.0f transactions/s (nominal %.0f/s)", capacity, nominal));
            rows.addAll(steps(context, gateway, QueuePolicy.REJECT, capacity, p, depthAt200));
            RunRow at200 = find(rows, QueuePolicy.REJECT.id(), 200);
            bounded.add(new BoundedRound(capacities.getLast(), at200.latency.p99(), at200.acceptedPerSecond));
            slowBaseline = rows.getFirst();
            rows.add(slowConsumer(context, gateway.port(), QueuePolicy.REJECT.id(), capacity * 0.5, p));
            for (int round = 1; round < p.boundedRounds(); round++) {
                bounded.add(boundedRound(gateway, round, nominal, capacity, p));
                context.progress().step();
            }
        }
        // 2. the unbounded and block gateways: the load steps; the unbounded one's 2x run again
        for (QueuePolicy policy : List.of(QueuePolicy.UNBOUNDED, QueuePolicy.BLOCK)) {
            try (ServerUnderLoad gateway = ServerUnderLoad.gateway(
                    context, policy, sizing.length(), TRANSACTION_MICROS, SERVICE_THREADS, GATEWAY_THREADS, false)) {
                rows.addAll(steps(context, gateway, policy, capacity, p, depthAt200));
                if (policy == QueuePolicy.UNBOUNDED) {
                    unbounded.add(find(rows, policy.id(), 200).unboundedRound());
                    for (int round = 1; round < p.unboundedRounds(); round++) {
                        gateway.waitUntilIdle(5_000);
                        if (!gateway.process().isAlive()) {
                            gateway.restart(context);
                        }
                        unbounded.add(measure(gateway, policy.id(), 200, capacity * 2, p.runSeconds(), p)
                                .unboundedRound());
                        context.progress().step();
                    }
                }
            }
        }

        // 3. the do-nothing gateway against the plain JDK HttpServer, in turn; then the JDK's slow clients
        List<BackPressureGoals.Round> speed = new ArrayList<>();
        List<Double> statsCapacity = new ArrayList<>();
        RunRow jdkFast;
        RunRow jdkSlow;
        try (ServerUnderLoad idle = ServerUnderLoad.gateway(
                        context, QueuePolicy.REJECT, 1024, 0, IDLE_SERVICE_THREADS, IDLE_GATEWAY_THREADS, true);
                ServerUnderLoad jdk = ServerUnderLoad.plainJdk(context)) {
            saturate(idle.port(), p); // warm-up for each: JIT
            saturate(jdk.port(), p);
            for (int round = 0; round < p.speedRounds(); round++) {
                speed.add(speedRound(idle, jdk, round, p, statsCapacity));
                context.progress().step();
            }
            // the JDK handler's capacity is measured before its slow-consumer run, so no dripping client
            // still holds its threads
            jdkFast = measure(jdk, "jdk-plain", 50, capacity * 0.5, p.runSeconds(), p);
            jdkSlow = slowConsumer(context, jdk.port(), "jdk-plain", capacity * 0.5, p);
        }
        List<Goal> goals = BackPressureGoals.judge(speed);

        var remote = context.servers().remote().gatewayServer();
        if (remote.isPresent()) {
            RemotePart.run(
                    result,
                    context.progress(),
                    "remote gateway " + remote.get(),
                    () -> BackPressureRemote.addTo(context, result, remote.get(), p, speed));
        }

        // tables and charts
        BackPressureReport.hockeyStick(result, rows, p, sizing, capacity);
        BackPressureReport.queueDepth(result, depthAt200, p);
        RunRow gatewaySlow =
                rows.stream().filter(r -> r.slowClients).findFirst().orElseThrow();
        BackPressureReport.slowConsumer(result, p, slowBaseline, gatewaySlow, jdkFast, jdkSlow);
        BackPressureClaims.Figures figures = new BackPressureClaims.Figures(
                sizing.maxLatencyMicros() / 1000.0, TRANSACTION_MICROS / 1000.0, capacity * 2, bounded, unbounded);
        BackPressureReport.overloadRounds(result, figures);
        BackPressureReport.speedRounds(result, p, speed, statsCapacity);
        for (Goal goal : goals) {
            result.goal(goal);
            result.headline(BackPressureGoals.sentence(goal));
        }
        result.verdict(BackPressureClaims.judge(figures));
        context.progress().finish();
    }

    /** The load steps' arrival rates, in % of capacity. */
    static int[] arrivalPercents(RunContext context) {
        return context.profile() == Profile.TINY ? TINY_ARRIVAL_PERCENTS : ARRIVAL_PERCENTS;
    }

    /** The arrival rates against one gateway; the 200% run's samples go into {@code depthAt200}. */
    private static List<RunRow> steps(
            RunContext context,
            ServerUnderLoad gateway,
            QueuePolicy policy,
            double capacity,
            Params p,
            Map<QueuePolicy, List<Sample>> depthAt200)
            throws IOException, InterruptedException {
        List<RunRow> rows = new ArrayList<>();
        for (int percent : arrivalPercents(context)) {
            if (!gateway.process().isAlive()) {
                gateway.restart(context);
            }
            RunRow row = measure(gateway, policy.id(), percent, capacity * percent / 100.0, p.runSeconds(), p);
            rows.add(row);
            if (percent == 200) {
                depthAt200.put(policy, row.samples);
            }
            context.progress().step();
            gateway.waitUntilIdle(5_000);
        }
        return rows;
    }

    /**
     * The bounded+503 gateway's capacity and its run at twice the first capacity, in turn (the order
     * alternates round by round).
     */
    private static BoundedRound boundedRound(
            ServerUnderLoad gateway, int round, double nominal, double firstCapacity, Params p)
            throws IOException, InterruptedException {
        double roundCapacity = Double.NaN;
        RunRow overload = null;
        for (String step : Rounds.inTurn(List.of("capacity", "2x"), round)) {
            if (step.equals("capacity")) {
                roundCapacity = capacity(gateway, nominal, p);
            } else {
                overload = measure(gateway, QueuePolicy.REJECT.id(), 200, firstCapacity * 2, p.runSeconds(), p);
            }
            gateway.waitUntilIdle(5_000);
        }
        return new BoundedRound(roundCapacity, overload.latency.p99(), overload.acceptedPerSecond);
    }

    /** 200 answers per second during a load of 1.5x the nominal rate (the bounded queue keeps little after it). */
    private static double capacity(ServerUnderLoad gateway, double nominal, Params p) throws IOException {
        LoadResult saturating = load(gateway.port(), nominal * 1.5, p.capacitySeconds(), p.connections(), 1.0);
        return saturating.ratePerSecondDuringSchedule("200");
    }

    /**
     * One round of the speed goals: the do-nothing gateway and the JDK handler saturated in turn, then
     * both at half the gateway's capacity in turn; the gateway's /stats count over its saturating run
     * goes into {@code statsCapacity}.
     */
    private static BackPressureGoals.Round speedRound(
            ServerUnderLoad idle, ServerUnderLoad jdk, int round, Params p, List<Double> statsCapacity)
            throws IOException, InterruptedException {
        double gatewayCapacity = Double.NaN;
        double jdkCapacity = Double.NaN;
        for (ServerUnderLoad server : Rounds.inTurn(List.of(idle, jdk), round)) {
            Saturation s = saturate(server.port(), p);
            if (server == idle) {
                gatewayCapacity = s.perSecond();
                Thread.sleep(120); // the sample after the span counted
                // its own count over the span the load generator counted
                statsCapacity.add(idle.answeredPerSecond(s.fromMillis(), s.toMillis()));
            } else {
                jdkCapacity = s.perSecond();
            }
        }
        double rate = gatewayCapacity / 2;
        double readToWrite = Double.NaN;
        double gatewayP99 = Double.NaN;
        double jdkP99 = Double.NaN;
        if (rate > 0) {
            for (ServerUnderLoad server : Rounds.inTurn(List.of(idle, jdk), round)) {
                Thread.sleep(120); // a sample after the previous run and before this one's first request
                long from = System.currentTimeMillis();
                LoadResult half = load(server.port(), rate, p.speedSeconds(), HALF_CAPACITY_CONNECTIONS, 1.0);
                long to = System.currentTimeMillis();
                if (server == idle) {
                    Thread.sleep(220); // a sample after the last answer
                    Histogram window = idle.readToWrite(from, to);
                    readToWrite = window == null || window.getTotalCount() == 0
                            ? Double.NaN
                            : window.getValueAtPercentile(99) / 1e6;
                    gatewayP99 = p99Millis(half);
                } else {
                    jdkP99 = p99Millis(half);
                }
            }
        }
        return new BackPressureGoals.Round(gatewayCapacity, jdkCapacity, rate, readToWrite, gatewayP99, jdkP99);
    }

    /** One fixed-rate run against {@code server}, with its samples and its exit if it died. */
    private static RunRow measure(
            ServerUnderLoad server, String policy, int percent, double rate, double seconds, Params p)
            throws IOException, InterruptedException {
        long startMillis = System.currentTimeMillis();
        LoadResult load = load(server.port(), rate, seconds, p.connections(), Math.max(p.drainSeconds(), 2 * seconds));
        Thread.sleep(150); // the sample after the last answer
        List<Sample> samples = server.samples(startMillis, System.currentTimeMillis());
        RunRow row = RunRow.of(policy, percent, rate, load, samples, server.alertsBefore(startMillis));
        ServerProcess process = server.process();
        if (!process.isAlive()) {
            row.exitCode = process.exitCode();
            List<String> log = Files.exists(process.log()) ? Files.readAllLines(process.log()) : List.of();
            row.end = BackPressureClaims.outOfMemory(row.exitCode, log) ? End.OUT_OF_MEMORY : End.DIED;
            row.exit = "exit " + row.exitCode + (row.end == End.OUT_OF_MEMORY ? " (out of memory)" : "");
        }
        return row;
    }

    private static RunRow slowConsumer(RunContext context, int port, String server, double rate, Params p)
            throws IOException, InterruptedException {
        try (SlowClients _ = new SlowClients(port, p.slowClients())) {
            Thread.sleep(100);
            LoadResult load = load(port, rate, p.runSeconds(), p.connections(), p.drainSeconds());
            RunRow row = RunRow.of(server, 50, rate, load, List.of(), 0);
            row.slowClients = true;
            context.progress().step();
            return row;
        }
    }

    /**
     * 200 answers per second under a load far above what the server can take, on {@value
     * #SATURATING_CONNECTIONS} connections, with the wall-clock span the rate was counted over.
     */
    record Saturation(double perSecond, long fromMillis, long toMillis) {}

    private static Saturation saturate(int port, Params p) throws IOException {
        return saturate(URI.create("http://127.0.0.1:" + port), p);
    }

    static Saturation saturate(URI server, Params p) throws IOException {
        long from = System.currentTimeMillis();
        LoadResult r = load(server, 100_000, p.speedSeconds(), SATURATING_CONNECTIONS, 0.2);
        double during = r.ratePerSecondDuringSchedule("200");
        double perSecond = Double.isNaN(during) ? r.count("200") / (p.speedSeconds() + 0.2) : during;
        double counted = Double.isNaN(during) ? p.speedSeconds() : r.secondsDuringSchedule();
        return new Saturation(perSecond, from, from + Math.round(counted * 1000));
    }

    static double p99Millis(LoadResult load) {
        LatencySummary ok = load.byOutcome().get("200");
        return ok == null ? Double.NaN : ok.p99Nanos() / 1e6;
    }

    static LoadResult load(int port, double rate, double seconds, int connections, double drainSeconds)
            throws IOException {
        return load(URI.create("http://127.0.0.1:" + port), rate, seconds, connections, drainSeconds);
    }

    /** A fixed-rate load on {@code server}'s /txn (its base URL), open loop, from the lab's JVM. */
    static LoadResult load(URI server, double rate, double seconds, int connections, double drainSeconds)
            throws IOException {
        LoadConfig config = LoadConfig.get(
                        server.resolve("/txn"),
                        RateSchedule.fixed(rate, Duration.ofMillis(Math.round(seconds * 1000))),
                        connections)
                .withDrainTimeout(Duration.ofMillis(Math.round(drainSeconds * 1000)));
        return new LoadGenerator(config, null, Math.max(50, Math.round(seconds * 1000 / 6))).run();
    }

    private static RunRow find(List<RunRow> rows, String policy, int percent) {
        return rows.stream()
                .filter(r -> !r.slowClients && r.policy.equals(policy) && r.percent == percent)
                .findFirst()
                .orElseThrow();
    }

    static double millis(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1e6;
    }

    /** One run's figures. */
    static final class RunRow {
        String policy;
        int percent;
        double rate;
        double acceptedPerSecond;
        Percentiles latency;
        double rejectedPercent;
        double errorPercent;
        int maxDepth;
        double maxHeapMiB;
        double firstMedian;
        double lastMedian;
        String exit = "";
        End end = End.RUNNING;
        int exitCode = -1;
        /** 70% alerts raised during the run. */
        long alerts;
        /** The gateway's sampled transaction times (since it started) at the end of the run, µs. */
        double txnP50Micros = Double.NaN;

        double txnP99Micros = Double.NaN;
        boolean slowClients;
        List<Sample> samples;

        static RunRow of(
                String policy, int percent, double rate, LoadResult load, List<Sample> samples, long alertsBefore) {
            RunRow r = new RunRow();
            r.policy = policy;
            r.percent = percent;
            r.rate = Math.round(rate);
            r.acceptedPerSecond = load.count("200") / load.seconds();
            LatencySummary ok = load.byOutcome().get("200");
            r.latency = ok == null ? Percentiles.MISSING : Percentiles.of(ok, BackPressureExperiment::millis);
            double total = Math.max(1, load.intended());
            r.rejectedPercent = 100.0 * load.count("503") / total;
            r.errorPercent = 100.0 * (load.count("error") + load.count("unanswered")) / total;
            r.samples = samples;
            r.maxDepth = samples.stream().mapToInt(Sample::depth).max().orElse(0);
            r.maxHeapMiB = samples.stream().mapToDouble(Sample::heapMiB).max().orElse(Double.NaN);
            if (!samples.isEmpty()) {
                Sample last = samples.getLast();
                // a restarted child counts from 0 again
                r.alerts = last.alerts() - (alertsBefore <= last.alerts() ? alertsBefore : 0);
                r.txnP50Micros = last.txnP50Micros();
                r.txnP99Micros = last.txnP99Micros();
            }
            List<LoadResult.Second> answered = load.timeline().stream()
                    .filter(s -> s.latency().count() > 0) // the drain too: the latest answers waited longest
                    .toList();
            r.firstMedian = answered.isEmpty()
                    ? Double.NaN
                    : millis(answered.getFirst().latency().p50Nanos());
            r.lastMedian = answered.isEmpty()
                    ? Double.NaN
                    : millis(answered.getLast().latency().p50Nanos());
            return r;
        }

        /** This run as one of the unbounded queue's runs at 2x. */
        UnboundedRound unboundedRound() {
            return new UnboundedRound(firstMedian, lastMedian, latency.p99(), end, exitCode);
        }
    }
}

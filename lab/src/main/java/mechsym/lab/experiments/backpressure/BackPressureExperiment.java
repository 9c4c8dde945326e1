package mechsym.lab.experiments.backpressure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Percentiles;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.gateway.QueuePolicy;
import mechsym.tools.gateway.QueueSizing;
import mechsym.tools.gateway.WorkKind;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.load.LoadConfig;
import mechsym.tools.load.LoadGenerator;
import mechsym.tools.load.LoadResult;
import mechsym.tools.load.RateSchedule;

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
 * rate, bounded+503: the 200 answers per second). Then, for each policy (unbounded, bounded-block,
 * bounded-503), arrival rates of 50/90/100/120/200% of that capacity, each timed from the intended
 * start of every request (no coordinated omission): throughput, accepted p50/p99/p99.9/max,
 * rejected %, and from the child's 100 ms samples the queue depth and heap used over time. The
 * slow-consumer case: the same 50% load while slow clients drip their requests, against the
 * gateway and against the plainest JDK HttpServer handler. The speed goals: with a do-nothing
 * service, the gateway's capacity (saturating load on 32 connections) and its p99 at half of it,
 * against the plain JDK handler under the same load tool.
 *
 * <p>With --remote (BackPressureRemote): the speed-goal measurement also against a gateway on another
 * host, beside this run's do-nothing gateway in the table by-path, each labelled with its path; not
 * judged.
 *
 * <p>Sensitive to: the number of cores (load generator, gateway threads and service threads share
 * them: a 2-vCPU machine measures the whole loopback system, not the gateway alone), other load on
 * the machine, and the timer slack of the service's sleeps. Quick profile budget: about 50 s, JVM starts included;
 * tiny: seconds (a smoke test, not a measurement).
 */
public final class BackPressureExperiment implements Experiment {
    /** The service's work per transaction and its threads: nominal capacity 2 / 1 ms = 2000/s. */
    static final double TRANSACTION_MICROS = 1_000;

    static final int SERVICE_THREADS = 2;
    static final int GATEWAY_THREADS = 2;
    /** The latency the bounded queue is sized for, by Little's law. */
    static final double MAX_LATENCY_MILLIS = 20;

    static final int[] ARRIVAL_PERCENTS = {50, 90, 100, 120, 200};
    static final List<QueuePolicy> POLICIES = List.of(QueuePolicy.UNBOUNDED, QueuePolicy.BLOCK, QueuePolicy.REJECT);
    /** The child's heap: small, so an unbounded queue that grows hits it within the run. */
    static final String CHILD_HEAP = "-Xmx64m";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Sizes per profile. */
    record Params(double runSeconds, double capacitySeconds, double speedSeconds, int slowClients, int connections) {}

    static Params params(RunContext context) {
        return context.profile()
                .pick(
                        new Params(0.25, 0.4, 0.25, 4, 500),
                        new Params(1.2, 1.5, 1.0, 16, 2000),
                        new Params(10, 5, 5, 64, 4000));
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
        result.note("Queue sizing: " + sizing.formula() + ". The gateway runs in a forked JVM with " + CHILD_HEAP
                + " -XX:+ExitOnOutOfMemoryError; the load (mechsym load, open loop) runs in the lab's JVM, on the"
                + " same machine: every latency is from the request's intended start (fixed rate).");
        context.progress().start("back-pressure", 1 + POLICIES.size() * ARRIVAL_PERCENTS.length + 6);

        // 1. capacity, then the reject policy's rates, in one gateway JVM
        double nominal = SERVICE_THREADS * 1e6 / TRANSACTION_MICROS;
        List<RunRow> rows = new ArrayList<>();
        Map<QueuePolicy, List<Sample>> depthAt200 = new LinkedHashMap<>();
        double capacity;
        RunRow slowBaseline;
        try (Gateway gateway = Gateway.start(context, QueuePolicy.REJECT, sizing.length(), TRANSACTION_MICROS)) {
            load(gateway.port(), nominal * 0.5, p.runSeconds(), p.connections(), 1.0); // warm-up: JIT
            LoadResult saturating = load(gateway.port(), nominal * 1.5, p.capacitySeconds(), p.connections(), 1.0);
            // the bounded queue keeps at most its length waiting, so the answers after the schedule are few
            capacity = saturating.count("200") / saturating.seconds();
            context.progress().step();
            if (!(capacity > 0)) {
                throw new IOException("the gateway answered no request while its capacity was measured (log: "
                        + gateway.process.log() + ")");
            }
            result.headline(
                    String.format(Locale.ROOT, "capacity %.0f transactions/s (nominal %.0f/s)", capacity, nominal));
            rows.addAll(ratesFor(context, gateway, QueuePolicy.REJECT, capacity, p, sizing, depthAt200));
            slowBaseline = rows.getFirst();
            // the slow-consumer case on the same gateway
            rows.add(slowConsumer(context, gateway.port(), QueuePolicy.REJECT.id(), capacity * 0.5, p));
        }
        for (QueuePolicy policy : List.of(QueuePolicy.UNBOUNDED, QueuePolicy.BLOCK)) {
            try (Gateway gateway = Gateway.start(context, policy, sizing.length(), TRANSACTION_MICROS)) {
                rows.addAll(ratesFor(context, gateway, policy, capacity, p, sizing, depthAt200));
            }
        }

        // 2. the plain JDK HttpServer: its capacity before any slow consumer can hold its threads (the
        // gateway's is measured on a fresh JVM too), then slow consumers; then the do-nothing gateway
        RunRow jdkSlow;
        RunRow jdkFast;
        double jdkCapacity;
        try (Gateway jdk = Gateway.startPlainJdk(context)) {
            load(jdk.port(), capacity * 0.5, p.runSeconds(), p.connections(), 1.0); // warm-up, as the gateway had
            jdkFast = measure(jdk, "jdk-plain", 50, capacity * 0.5, p.runSeconds(), p);
            jdkCapacity = saturate(jdk.port(), p).perSecond();
            jdkSlow = slowConsumer(context, jdk.port(), "jdk-plain", capacity * 0.5, p);
            context.progress().step();
        }
        double gatewayCapacity;
        double overheadP99;
        try (Gateway idle = Gateway.start(context, QueuePolicy.REJECT, 1024, 0)) {
            Saturation saturation = saturate(idle.port(), p);
            gatewayCapacity = saturation.perSecond();
            // while the schedule runs the backlog keeps the server saturated: its own count over that time
            double counted = idle.answeredPerSecond(saturation.fromMillis(), saturation.toMillis());
            result.note(String.format(
                    Locale.ROOT,
                    "The do-nothing gateway's capacity as the load generator counted it, %.0f/s, against the"
                            + " gateway's own /stats count over the same saturating runs, %.0f/s (x%.2f).",
                    gatewayCapacity,
                    counted,
                    gatewayCapacity / counted));
            LoadResult half = load(idle.port(), gatewayCapacity * 0.5, p.speedSeconds(), 64, 1.0);
            overheadP99 = millis(
                    half.byOutcome().containsKey("200")
                            ? half.byOutcome().get("200").p99Nanos()
                            : -1);
            context.progress().step();
        }

        var remote = context.servers().remote().gatewayServer();
        if (remote.isPresent()) {
            BackPressureRemote.addTo(context, result, remote.get(), p, gatewayCapacity, overheadP99);
        }

        // tables and charts
        BackPressureReport.hockeyStick(result, rows, p, sizing, capacity);
        BackPressureReport.queueDepth(result, depthAt200, p);
        RunRow gatewaySlow =
                rows.stream().filter(r -> r.slowClients).findFirst().orElseThrow();
        BackPressureReport.slowConsumer(result, p, slowBaseline, gatewaySlow, jdkFast, jdkSlow);
        Goal overhead = SpeedGoals.overhead(overheadP99, gatewayCapacity);
        Goal versusJdk = SpeedGoals.capacity(gatewayCapacity, jdkCapacity);
        BackPressureReport.speedGoals(result, overheadP99, gatewayCapacity, jdkCapacity, overhead, versusJdk);
        result.goal(overhead);
        result.goal(versusJdk);
        result.headline(SpeedGoals.sentence(overhead));
        result.headline(SpeedGoals.sentence(versusJdk));

        // the verdict, from the 200% rows
        RunRow reject200 = find(rows, QueuePolicy.REJECT.id(), 200);
        RunRow unbounded200 = find(rows, QueuePolicy.UNBOUNDED.id(), 200);
        BackPressureVerdict.Figures figures = new BackPressureVerdict.Figures(
                sizing.maxLatencyMicros() / 1000.0,
                TRANSACTION_MICROS / 1000.0,
                capacity,
                reject200 == null ? Double.NaN : reject200.latency.p99(),
                reject200 == null ? Double.NaN : reject200.acceptedPerSecond,
                unbounded200 == null ? Double.NaN : unbounded200.firstMedian,
                unbounded200 == null ? Double.NaN : unbounded200.lastMedian,
                unbounded200 == null ? Double.NaN : unbounded200.latency.p99(),
                unbounded200 == null ? BackPressureVerdict.End.RUNNING : unbounded200.end,
                unbounded200 == null ? -1 : unbounded200.exitCode);
        result.verdict(BackPressureVerdict.judge(figures));
        context.progress().finish();
    }

    /** The five arrival rates against one gateway; the 200% run's samples go into {@code depthAt200}. */
    private static List<RunRow> ratesFor(
            RunContext context,
            Gateway gateway,
            QueuePolicy policy,
            double capacity,
            Params p,
            QueueSizing sizing,
            Map<QueuePolicy, List<Sample>> depthAt200)
            throws IOException, InterruptedException {
        List<RunRow> rows = new ArrayList<>();
        for (int percent : ARRIVAL_PERCENTS) {
            if (!gateway.process.isAlive()) {
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

    /** One fixed-rate run against {@code server}, with its samples and its exit if it died. */
    private static RunRow measure(Gateway server, String policy, int percent, double rate, double seconds, Params p)
            throws IOException, InterruptedException {
        long startMillis = System.currentTimeMillis();
        LoadResult load = load(server.port(), rate, seconds, p.connections(), Math.max(2, 2 * seconds));
        Thread.sleep(150); // the sample after the last answer
        List<Sample> samples = server.samples(startMillis, System.currentTimeMillis());
        RunRow row = RunRow.of(policy, percent, rate, load, samples, server.alertsBefore(startMillis));
        if (!server.process.isAlive()) {
            row.exitCode = server.process.exitCode();
            List<String> log =
                    Files.exists(server.process.log()) ? Files.readAllLines(server.process.log()) : List.of();
            row.end = BackPressureVerdict.outOfMemory(row.exitCode, log)
                    ? BackPressureVerdict.End.OUT_OF_MEMORY
                    : BackPressureVerdict.End.DIED;
            row.exit = "exit " + row.exitCode
                    + (row.end == BackPressureVerdict.End.OUT_OF_MEMORY ? " (out of memory)" : "");
        }
        return row;
    }

    private static RunRow slowConsumer(RunContext context, int port, String server, double rate, Params p)
            throws IOException, InterruptedException {
        try (SlowClients _ = new SlowClients(port, p.slowClients())) {
            Thread.sleep(100);
            LoadResult load = load(port, rate, p.runSeconds(), p.connections(), 2);
            RunRow row = RunRow.of(server, 50, rate, load, List.of(), 0);
            row.slowClients = true;
            context.progress().step();
            return row;
        }
    }

    /**
     * 200 answers per second under a load far above what the server can take, on 32 connections,
     * after a warm-up of the same length, with the wall-clock span of the measured schedule.
     */
    record Saturation(double perSecond, long fromMillis, long toMillis) {}

    private static Saturation saturate(int port, Params p) throws IOException {
        return saturate(URI.create("http://127.0.0.1:" + port), p);
    }

    static Saturation saturate(URI server, Params p) throws IOException {
        load(server, 100_000, p.speedSeconds(), 32, 0.2);
        long from = System.currentTimeMillis();
        LoadResult r = load(server, 100_000, p.speedSeconds(), 32, 0.2);
        double during = r.ratePerSecondDuringSchedule("200");
        double perSecond = Double.isNaN(during) ? r.count("200") / (p.speedSeconds() + 0.2) : during;
        return new Saturation(perSecond, from, from + Math.round(p.speedSeconds() * 1000));
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
                .orElse(null);
    }

    static double millis(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1e6;
    }

    /**
     * One sample of the child's state, from the gateway's /stats (the plain JDK server has no alerts or
     * transaction times: 0 and NaN).
     *
     * @param answered transactions answered since the child started
     * @param alerts upward crossings of the 70% alert level since the child started
     * @param txnP50Micros the sampled transaction times' median since the child started (/stats refreshes
     *     it once a second)
     * @param txnP99Micros their p99, likewise
     */
    record Sample(
            double seconds,
            int depth,
            long inFlight,
            long answered,
            double heapMiB,
            long alerts,
            double txnP50Micros,
            double txnP99Micros) {}

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
        BackPressureVerdict.End end = BackPressureVerdict.End.RUNNING;
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
    }

    /** A server child (gateway or plain JDK) with its samples file. */
    private static final class Gateway implements AutoCloseable {
        private final String name;
        private final List<String> args;
        private final Path samplesFile;
        private ServerProcess process;

        private Gateway(String name, List<String> args, Path samplesFile) {
            this.name = name;
            this.args = args;
            this.samplesFile = samplesFile;
        }

        static Gateway start(RunContext context, QueuePolicy policy, int length, double txnMicros)
                throws IOException, InterruptedException {
            String name = "gateway-" + policy.id() + (txnMicros == 0 ? "-idle" : "");
            Path samples = context.workDir().resolve(name + "-samples.jsonl");
            Gateway g = new Gateway(
                    name,
                    List.of(
                            "gateway",
                            policy.name(),
                            Integer.toString(length),
                            Double.toString(txnMicros),
                            Integer.toString(SERVICE_THREADS),
                            Integer.toString(GATEWAY_THREADS),
                            WorkKind.SLEEP.name(),
                            samples.toString()),
                    samples);
            g.restart(context);
            return g;
        }

        static Gateway startPlainJdk(RunContext context) throws IOException, InterruptedException {
            Path samples = context.workDir().resolve("jdk-plain-samples.jsonl");
            Gateway g = new Gateway("jdk-plain", List.of("jdk-plain", samples.toString()), samples);
            g.restart(context);
            return g;
        }

        void restart(RunContext context) throws IOException, InterruptedException {
            if (process != null) {
                process.close();
            }
            Files.createDirectories(context.workDir());
            List<String> command = context.fork(ServerChild.class)
                    .jvmArgs(CHILD_HEAP, "-XX:+ExitOnOutOfMemoryError")
                    .args(args.toArray())
                    .command();
            process = ServerProcess.start(command, context.workDir().resolve(name + ".log"));
        }

        int port() {
            return process.port();
        }

        /** Samples taken between the two instants, timed from {@code fromMillis}. */
        List<Sample> samples(long fromMillis, long toMillis) throws IOException {
            List<Sample> samples = new ArrayList<>();
            if (!Files.exists(samplesFile)) {
                return samples;
            }
            for (String line : Files.readAllLines(samplesFile)) {
                JsonNode n;
                try {
                    n = JSON.readTree(line);
                } catch (IOException e) {
                    continue; // a line cut by the child's exit
                }
                long at = n.path("epochMillis").asLong();
                if (at >= fromMillis && at <= toMillis) {
                    JsonNode txn = n.path("transactionTime");
                    samples.add(new Sample(
                            (at - fromMillis) / 1000.0,
                            n.path("queueDepth").asInt(),
                            n.path("inFlight").asLong(),
                            n.path("answered").asLong(),
                            n.path("heapUsedBytes").asLong() / (1024.0 * 1024.0),
                            n.path("alerts").asLong(),
                            micros(txn, "p50Nanos"),
                            micros(txn, "p99Nanos")));
                }
            }
            return samples;
        }

        /**
         * Answers per second by the server's own /stats counter between the first and the last sample
         * taken between the two instants. {@code NaN} without two samples.
         */
        double answeredPerSecond(long fromMillis, long toMillis) throws IOException {
            List<Sample> s = samples(fromMillis, toMillis);
            if (s.size() < 2) {
                return Double.NaN;
            }
            return (s.getLast().answered() - s.getFirst().answered())
                    / (s.getLast().seconds() - s.getFirst().seconds());
        }

        /** The alert count of the last sample before {@code millis}, 0 when there is none. */
        long alertsBefore(long millis) throws IOException {
            List<Sample> before = samples(0, millis - 1);
            return before.isEmpty() ? 0 : before.getLast().alerts();
        }

        private static double micros(JsonNode summary, String field) {
            JsonNode v = summary.path(field);
            return summary.path("count").asLong() > 0 && v.isNumber() ? v.asLong() / 1000.0 : Double.NaN;
        }

        /** Waits until the last sample shows nothing in flight (or the time runs out). */
        void waitUntilIdle(long timeoutMillis) throws IOException, InterruptedException {
            long end = System.currentTimeMillis() + timeoutMillis;
            while (System.currentTimeMillis() < end && process.isAlive()) {
                List<Sample> recent = samples(System.currentTimeMillis() - 300, System.currentTimeMillis());
                if (!recent.isEmpty() && recent.getLast().inFlight() == 0) {
                    return;
                }
                Thread.sleep(100);
            }
        }

        @Override
        public void close() {
            if (process != null) {
                process.close();
            }
        }
    }
}

package mechsym.lab.experiments.jmsload;

import jakarta.jms.ConnectionFactory;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.jms.EmbeddedBroker;
import mechsym.tools.jms.JmsConnections;
import mechsym.tools.jms.QueueDrain;
import mechsym.tools.jms.Ramp;
import mechsym.tools.jms.RequestReplyLoad;
import mechsym.tools.jms.UpperCaseService;

/*
 * Seed 003, "Gatling JMS API now ready for wider testing" and "Gatling JMS (first pass)" (Jason
 * Koch, bluedevel, 2013).
 *
 * The post load-tests a JMS request-reply service that upper-cases text: a Gatling simulation sends
 * "hello from gatling jms dsl" with a test_header property to queue jmstestq (persistent delivery),
 * checks the reply is "HELLO FROM GATLING JMS DSL", and ramps from 10 to 1000 users per second over 2
 * minutes. Its listenerCount(1) sets Gatling's reply listeners; the service it tests is not shown. It
 * publishes no figures.
 *
 * Claim: the post announces a DSL and makes no performance claim. What its simulation shows is a
 * request-reply test whose every reply passes its body check while the load ramps; that is judged
 * (JmsLoadClaims), over each ramp this run makes. Whether mechsym's service keeps up with the ramp
 * (every reply correct, none timed out, each second's p99 within 100 ms) is mechsym's goal
 * (JmsLoadGoals). The service's one listener is mechsym's choice (the plainest service), not the
 * post's.
 *
 *   senders (fixed arrival rate, ramping) --persistent TextMessage--> [jmstestq] --> 1 listener
 *        ^                                                                            | upper-case
 *        +-- reply listener <-- [temporary reply queue] <-- reply (correlation id) ---+
 *   Artemis broker in its own JVM, journal on disk: a persistent send waits for the journal write
 *
 * Measured: the broker started by mechsym (or --broker-url), mechsym's UpperCaseService with one
 * listener, and mechsym's open-loop RequestReplyLoad: requests leave on the ramp's schedule and each
 * reply is timed from its request's intended send time (fixed rate, no coordinated omission). The
 * ramp runs once with persistent and once with non-persistent delivery; per second of the ramp:
 * offered rate, replies, failed checks, timeouts, p50/p99/max. Gatling's own run of the post's
 * simulation (GatlingRun) is added where Gatling is built; its HTML report is kept beside ours.
 *
 * Sensitive to: the disk's fsync latency (persistent delivery: one journal write per request and
 * one per reply), cores (broker, service and load share them here), GC in three JVMs.
 */
public final class JmsLoadExperiment implements Experiment {
    static final String QUEUE = "jmstestq";
    static final String BODY = "hello from gatling jms dsl";
    static final String EXPECTED = "HELLO FROM GATLING JMS DSL";
    static final String HEADER = "test_header";
    static final String HEADER_VALUE = "test_value";

    /** The post's injection profile. */
    static final Ramp POST_RAMP = new Ramp(10, 1000, 120);

    @Override
    public String id() {
        return "jms-load";
    }

    @Override
    public String title() {
        return "JMS request-reply under a ramping load (Artemis, Gatling)";
    }

    @Override
    public Seed seed() {
        return SeedPosts.GATLING_JMS;
    }

    @Override
    public String claim() {
        return "The upper-casing JMS request-reply service keeps up with the post's ramp (10 -> 1000 requests/s over"
                + " 2 minutes, persistent delivery): every reply correct, none timed out, each second's p99 within"
                + " 100 ms.";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed(
                        "post-simulation", "The post's simulation (its setup; the post gives no figures)", "the post")
                .column("setting")
                .column("value")
                .row("queue", QUEUE)
                .row("body", BODY)
                .row("property", HEADER + "=" + HEADER_VALUE)
                .row("check", "reply text equals " + EXPECTED)
                .row("delivery mode", "persistent")
                .row("listenerCount (Gatling's reply listeners)", "1")
                .row("injection", "rampRate(10 usersPerSec) to (1000 usersPerSec) during (2 minutes)")
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Ramp ramp = context.profile().pick(new Ramp(10, 40, 2), new Ramp(10, 300, 16), POST_RAMP);
        int senders = context.profile().pick(4, 16, 32);
        long timeoutMillis = context.profile().pick(5_000L, 10_000L, 10_000L);
        Path workDir = context.workDir();

        EmbeddedBroker broker = startBrokerUnlessGiven(context, result);
        String url = broker != null ? broker.url() : context.servers().broker().orElseThrow();
        try (broker;
                PrintStream serviceLog = new PrintStream(
                        Files.newOutputStream(workDir.resolve("service.log")), true, StandardCharsets.UTF_8)) {
            ConnectionFactory factory = JmsConnections.forUrl(url);
            long stale = QueueDrain.drain(factory, QUEUE, 200);
            if (stale > 0) {
                result.note(stale + " requests already waiting on " + QUEUE + " were discarded before the run");
            }
            List<ModeRun> runs = new ArrayList<>();
            List<String> serviceLines = new ArrayList<>();
            for (boolean persistent : new boolean[] {true, false}) {
                String mode = persistent ? "persistent" : "non-persistent";
                // a service per ramp, and the queue emptied after it: a backlog left by one ramp would be
                // served, late, to the next
                try (UpperCaseService service = UpperCaseService.start(factory, QUEUE, 1, serviceLog)) {
                    if (runs.isEmpty()) {
                        warmUp(factory);
                    }
                    context.progress()
                            .message(String.format(
                                    Locale.ROOT,
                                    "%s: ramp %.0f -> %.0f requests/s over %.0f s",
                                    mode,
                                    ramp.fromPerSecond(),
                                    ramp.toPerSecond(),
                                    ramp.seconds()));
                    RequestReplyLoad.Scenario scenario =
                            new RequestReplyLoad.Scenario(QUEUE, BODY, HEADER, HEADER_VALUE, EXPECTED, persistent);
                    RequestReplyLoad.Result run = new RequestReplyLoad(factory, scenario, ramp, senders, timeoutMillis)
                            .run(line -> context.progress().message(mode + ": " + line));
                    run.recorder().writeHgrm(workDir.resolve("latency-" + mode + ".hgrm"));
                    serviceLines.add(mode + ": " + service.statsLine());
                    runs.add(new ModeRun(mode, run, Knee.find(secondFigures(run, ramp)), 0));
                }
                long backlog = QueueDrain.drain(factory, QUEUE, 500);
                ModeRun last = runs.removeLast();
                runs.add(new ModeRun(last.mode(), last.run(), last.knee(), backlog));
            }
            JmsLoadReport.write(result, ramp, runs, String.join("; ", serviceLines), timeoutMillis);
            result.verdict(JmsLoadClaims.judge(new JmsLoadClaims.Figures(runs.stream()
                    .map(m -> new JmsLoadClaims.Ramp(
                            m.mode(),
                            m.run().offered(),
                            m.run().recorder().total().count(),
                            m.run().failedChecks()))
                    .toList())));
            JmsLoadGoals.judge(runs.stream()
                            .map(m -> new JmsLoadGoals.Ramp(m.mode(), m.knee(), ramp.toPerSecond()))
                            .toList())
                    .forEach(result::goal);
            result.note("The service runs one listener: mechsym's choice, the plainest service. The post's"
                    + " listenerCount(1) configures Gatling's reply listeners, not the service, which the post"
                    + " does not show.");
            try (UpperCaseService _ = UpperCaseService.start(factory, QUEUE, 1, serviceLog)) {
                GatlingRun.addTo(context, result, url, ramp);
            }
            QueueDrain.drain(factory, QUEUE, 500);
        }
    }

    /** The broker started by mechsym, or null when the user gave --broker-url. */
    private static EmbeddedBroker startBrokerUnlessGiven(RunContext context, ExperimentResult.Builder result)
            throws Exception {
        if (context.servers().broker().isPresent()) {
            result.note(
                    "broker: the user's own at " + context.servers().broker().get() + " (--broker-url)");
            return null;
        }
        context.progress().message("starting the Artemis broker (its own JVM, journal in " + context.workDir() + ")");
        EmbeddedBroker broker = EmbeddedBroker.start(context.workDir(), Duration.ofSeconds(60));
        result.note("broker: Apache ActiveMQ Artemis started by mechsym in its own JVM at " + broker.url()
                + ", NIO journal in the run's folder (removed afterwards); its log: broker.log");
        return broker;
    }

    /** One ramp's figures and its knee. */
    record ModeRun(String mode, RequestReplyLoad.Result run, Knee.Result knee, long backlog) {}

    /** A few requests, not recorded, so connections, the queue and the JIT are ready when the ramp starts. */
    private static void warmUp(ConnectionFactory factory) throws Exception {
        RequestReplyLoad.Scenario scenario =
                new RequestReplyLoad.Scenario(QUEUE, BODY, HEADER, HEADER_VALUE, EXPECTED, true);
        new RequestReplyLoad(factory, scenario, new Ramp(50, 50, 1), 4, 5_000).run(line -> {});
    }

    static List<Knee.SecondFigures> secondFigures(RequestReplyLoad.Result run, Ramp ramp) {
        List<Knee.SecondFigures> figures = new ArrayList<>();
        for (RequestReplyLoad.Second s : run.seconds()) {
            if (s.offered() == 0) {
                continue; // a second after the ramp that only saw replies complete
            }
            figures.add(new Knee.SecondFigures(
                    ramp.rateAt(s.second() + 0.5),
                    s.offered(),
                    s.replies(),
                    s.failedChecks(),
                    s.timeouts(),
                    s.latencies().getTotalCount() == 0
                            ? Long.MAX_VALUE
                            : s.latencies().getValueAtPercentile(99)));
        }
        return figures;
    }
}

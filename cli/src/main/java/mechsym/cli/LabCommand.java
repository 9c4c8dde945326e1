package mechsym.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.ServerTargets;
import mechsym.lab.ledger.LedgerHook;
import mechsym.lab.ledger.LedgerLocation;
import mechsym.lab.ledger.SourceCommit;
import mechsym.lab.remote.RemoteEnvironment;
import mechsym.lab.remote.RemoteProbe;
import mechsym.lab.remote.RemoteServers;
import mechsym.lab.report.TerminalSummary;
import mechsym.lab.results.LabRun;
import mechsym.lab.runner.ExperimentCatalog;
import mechsym.lab.runner.LabRunner;
import mechsym.lab.runner.ProfilerOptions;
import mechsym.tools.platform.ConnectCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "lab",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Runs the experiments (all of them, or the IDs given) and reports what they measured.",
            "Writes report.html, results.json and the charts into the output folder, then prints",
            "a summary, and records the run in the ledger (~/.mechsym/ledger.db, or --ledger; docs/ledger.md):",
            "`lab history` shows a machine's runs over time, `lab atlas` the posts across machines."
        },
        subcommands = {CompareCommand.class, ImportCommand.class, HistoryCommand.class, AtlasCommand.class},
        footer = {
            "",
            "Exit codes: 0 all experiments ran, 1 an experiment failed, 2 bad usage, 4 a part of an",
            "experiment failed (a remote server) while the rest of it stands."
        })
final class LabCommand implements Callable<Integer> {

    @Parameters(paramLabel = "ID", arity = "0..*", description = "experiment ids (default: all; see --list)")
    List<String> ids = new ArrayList<>();

    @Option(
            names = "--profile",
            paramLabel = "quick|full|tiny",
            defaultValue = "quick",
            description =
                    "quick (default): the whole lab (21 rows) in about 20 minutes on 2 vCPUs; full: the seeds' own sizes;"
                            + " tiny: a smoke test that every experiment runs, in a few minutes, not a measurement")
    String profile;

    @Option(names = "--out", paramLabel = "DIR", description = "output folder (default: lab-results/<timestamp>)")
    Path out;

    @Option(names = "--list", description = "list the experiments and exit")
    boolean list;

    @Option(names = "--quiet", description = "no progress output")
    boolean quiet;

    @Option(
            names = {"--jmh-prof", "-prof"},
            paramLabel = "PROFILER[:OPTIONS]",
            description = "a JMH profiler for every JMH run of the experiments, as `mechsym jmh -prof` takes it"
                    + " (gc, stack, perfnorm, perfasm:intelSyntax=true; `mechsym jmh -lprof` lists them);"
                    + " repeatable. JMH's results, with the profilers' figures, are kept in each"
                    + " experiment's jmh-result.json")
    List<String> jmhProfilers = new ArrayList<>();

    @Option(
            names = "--profiler",
            paramLabel = "async|jfr",
            description = "where each JMH benchmark's time goes: async writes an async-profiler flame graph (HTML)"
                    + " per benchmark, jfr a flight recording, into the experiment's profiles/ folder beside"
                    + " jmh-result.json; the report links the flame graphs")
    String profiler;

    @Option(
            names = "--broker-url",
            paramLabel = "URL",
            description = "jms-load: an existing Artemis broker (tcp://host:port) instead of one started by mechsym")
    String brokerUrl;

    @Option(
            names = "--jdbc-url",
            paramLabel = "URL",
            description = "jdbc-prefetch: an existing database (jdbc:postgresql://... or jdbc:oracle:thin:...;"
                    + " user and password in the URL) instead of a PostgreSQL started by mechsym")
    String jdbcUrl;

    @Option(
            names = "--remote",
            paramLabel = "HOST",
            description = "tcp-ping, udp-echo, back-pressure: also measure against servers started on HOST at their"
                    + " default ports (mechsym ping server --port 9000, echo server --port 9001, gateway serve"
                    + " --port 8080; docs/two-machines.md), beside loopback")
    String remote;

    @Option(
            names = "--remote-ping",
            paramLabel = "HOST[:PORT]",
            description = "tcp-ping: the remote ping server (default port 9000); overrides --remote")
    String remotePing;

    @Option(
            names = "--remote-echo",
            paramLabel = "HOST[:PORT]",
            description = "udp-echo: the remote echo server (default port 9001); overrides --remote")
    String remoteEcho;

    @Option(
            names = "--remote-gateway",
            paramLabel = "URL",
            description = "back-pressure: the remote gateway, http://host:port (its GET /env gives the server host's"
                    + " environment); overrides --remote")
    String remoteGateway;

    @Option(
            names = "--remote-env",
            paramLabel = "FILE",
            description = "the server host's environment as `mechsym ping server --env-file` (or echo server) wrote"
                    + " it there and you copied it here; without it, the remote gateway's GET /env gives it")
    Path remoteEnv;

    @Mixin
    LedgerOption ledgerOption;

    @Option(names = "--no-ledger", description = "do not record this run in the ledger")
    boolean noLedger;

    @Override
    public Integer call() throws Exception {
        if (list) {
            for (Experiment e : ExperimentCatalog.all()) {
                System.out.printf(
                        "%-22s %s  [seed %s: \"%s\"]%n",
                        e.id(),
                        e.title(),
                        e.seed().file().substring(0, 3),
                        e.seed().post());
            }
            return Main.EXIT_OK;
        }
        Profile selectedProfile = Main.UsageError.check(() -> Profile.parse(profile));
        List<Experiment> experiments = Main.UsageError.check(() -> ExperimentCatalog.select(ids));
        if (profiler != null) {
            jmhProfilers.add(Main.UsageError.check(() -> ProfilerOptions.forLab(profiler)));
        }
        try {
            LabRunner.checkJmhProfilers(jmhProfilers);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageError(e.getMessage());
        }
        if (brokerUrl != null && !brokerUrl.matches("(tcp|vm)://.+")) {
            throw new Main.UsageError(
                    "--broker-url '" + brokerUrl + "': expected an Artemis URL such as tcp://host:61616");
        }
        if (jdbcUrl != null && !jdbcUrl.matches("(?i)jdbc:(postgresql:|oracle:thin:).+")) {
            throw new Main.UsageError(
                    "--jdbc-url '" + redactedPassword(jdbcUrl) + "': expected jdbc:postgresql://host:port/db?user=..."
                            + " or jdbc:oracle:thin:user/password@//host:port/service");
        }
        RemoteServers remotes = Main.UsageError.check(() ->
                RemoteServers.of(remote, remotePing, remoteEcho, remoteGateway).withEnvironmentFile(remoteEnv));
        if (remoteEnv != null) {
            Main.UsageError.check(() -> RemoteEnvironment.checkFile(remoteEnv));
        }
        RemoteProbe.checkAll(usedBy(experiments, remotes), Duration.ofSeconds(3));
        checkReachable(experiments, "jdbc-prefetch", "--jdbc-url", jdbcUrl, ConnectCheck::ofJdbcUrl);
        checkReachable(experiments, "jms-load", "--broker-url", brokerUrl, ConnectCheck::ofBrokerUrl);
        if (out != null && out.toString().isEmpty()) {
            throw new Main.UsageError(
                    "--out: an empty folder name (give a folder, or leave --out out for lab-results/<timestamp>)");
        }
        LedgerLocation ledger = noLedger ? null : ledgerOption.location();
        Path outDir = out != null
                ? out
                : Path.of("lab-results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        try {
            LabRunner.prepareOutput(outDir);
        } catch (java.io.IOException e) {
            throw new Main.UsageError(e.getMessage());
        }
        if (java.nio.file.Files.exists(outDir.resolve("results.json"))) {
            // a folder reused on purpose is fine; one reused by mistake should not go unnoticed
            System.err.println("note: " + outDir + " holds an earlier run; its results.json and report.html"
                    + " will be replaced (keep it: copy it away, or give --out another folder)");
        }
        StringBuilder profilers = new StringBuilder();
        jmhProfilers.forEach(p -> profilers.append(" --jmh-prof ").append(p));
        String command = "mechsym lab " + String.join(" ", ids) + " --profile " + selectedProfile.label()
                + (out != null ? " --out " + out : "")
                + (brokerUrl != null ? " --broker-url " + brokerUrl : "")
                + (jdbcUrl != null ? " --jdbc-url " + redactedPassword(jdbcUrl) : "")
                + remotes.options()
                + profilers;
        LabRunner runner = new LabRunner(
                selectedProfile, outDir, Progress.forConsole(quiet), command.replace("  ", " "), version());
        runner.servers(new ServerTargets(brokerUrl, jdbcUrl, remotes)).jmhProfilers(jmhProfilers);
        LabRun run = runner.run(experiments);
        TerminalSummary.print(run, outDir, System.out);
        if (ledger != null) {
            // after results.json is written: a ledger that fails costs a warning, never the run
            String recorded = LedgerHook.record(run, outDir.resolve("results.json"), ledger, sourceCommit());
            (recorded.startsWith("warning") ? System.err : System.out).println(recorded);
        }
        return exitCode(run);
    }

    /** 1 when an experiment failed, else 4 when a part of one failed, else 0. */
    static int exitCode(LabRun run) {
        if (run.experiments().stream().anyMatch(e -> e.status() == ExperimentResult.Status.FAILED)) {
            return Main.EXIT_FAILED;
        }
        boolean partFailed =
                run.experiments().stream().anyMatch(e -> !e.failedParts().isEmpty());
        return partFailed ? Main.EXIT_PART_FAILED : Main.EXIT_OK;
    }

    /**
     * Fails within {@link ConnectCheck#TIMEOUT}, naming host and port, when the server {@code url}
     * names does not accept a connection and the experiment {@code id} that uses it is selected.
     */
    private static void checkReachable(
            List<Experiment> experiments,
            String id,
            String option,
            String url,
            java.util.function.Function<String, ConnectCheck.Endpoint> endpoint)
            throws java.io.IOException {
        if (url == null || experiments.stream().noneMatch(e -> e.id().equals(id))) {
            return;
        }
        ConnectCheck.Endpoint server = endpoint.apply(url);
        if (server != null) {
            ConnectCheck.check(option, server, ConnectCheck.TIMEOUT);
        }
    }

    /** The remote servers the selected experiments measure: the ones to check before the run. */
    static RemoteServers usedBy(List<Experiment> experiments, RemoteServers remotes) {
        List<String> ids = experiments.stream().map(Experiment::id).toList();
        return new RemoteServers(
                ids.contains("tcp-ping") ? remotes.ping() : null,
                ids.contains("udp-echo") ? remotes.echo() : null,
                ids.contains("back-pressure") ? remotes.gateway() : null,
                remotes.environmentFile());
    }

    /** A JDBC URL as the report shows it: a password in it is replaced by ***. */
    static String redactedPassword(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***").replaceAll("(?i)(:thin:[^/@]*/)[^@]*@", "$1***@");
    }

    /** The git commit of the checkout this jar was built in, or null (a jar copied elsewhere). */
    static String sourceCommit() {
        try {
            return SourceCommit.find(Path.of(LabCommand.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI()));
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    static String version() {
        String v = LabCommand.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }
}

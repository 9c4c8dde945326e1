package mechsym.lab.experiments.jmsload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.RunContext;
import mechsym.lab.Table;
import mechsym.tools.jms.Ramp;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.JavaCommand;

/**
 * Gatling's own run of the post's simulation ({@code mechsym.gatling.JmsRequestReplySimulation} in the
 * {@code gatling} module), in a JVM of its own: Gatling 3.14 needs Netty 4.2 while the Artemis broker and
 * mechsym.jar carry Netty 4.1, so it runs on the classpath the {@code gatling} module's build gathers
 * ({@code gatling/target/lib}). Its HTML report is kept in the experiment's folder and its console
 * summary becomes a table. Stateless.
 */
final class GatlingRun {
    static final String SIMULATION = "mechsym.gatling.JmsRequestReplySimulation";
    private static final Pattern ERROR_LINE = Pattern.compile("^> (.+?)\\s+([\\d,]+)\\s+\\(\\s*[\\d.,]+%\\)\\s*$");
    /** The simulation's reply timeout: a request unanswered this long counts as KO. */
    static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);

    private static final Pattern STAT_LINE =
            Pattern.compile("^> (.+?)\\s+\\|\\s+([\\d,.]+|-)\\s+\\|\\s+([\\d,.]+|-)\\s+\\|\\s+([\\d,.]+|-)\\s*$");

    private GatlingRun() {}

    /** Runs Gatling when the profile is full and Gatling is built; otherwise notes why it did not. */
    static void addTo(RunContext context, ExperimentResult.Builder result, String brokerUrl, Ramp ramp)
            throws IOException, InterruptedException {
        if (context.profile() != Profile.FULL) {
            result.note("Gatling's own run of the post's simulation is part of --profile full (its JVM start and"
                    + " report add about 25 s, beyond this profile's budget): ./mechsym lab jms-load --profile full");
            return;
        }
        Optional<Path> home = home();
        if (home.isEmpty()) {
            result.note("Gatling was not run: its classpath (gatling/target/lib, made by the build of the gatling"
                    + " module) was not found next to mechsym.jar; build with ./mechsym build");
            return;
        }
        context.progress()
                .message("Gatling: the post's simulation, ramp " + (long) ramp.fromPerSecond() + " -> "
                        + (long) ramp.toPerSecond() + "/s over " + (long) ramp.seconds() + " s");
        Outcome outcome = run(home.get(), context.workDir(), brokerUrl, ramp, REPLY_TIMEOUT);
        Optional<String> failure = outcome.run().failure();
        if (failure.isPresent()) {
            result.note("Gatling's run of the post's simulation failed: " + failure.get());
            return;
        }
        if (outcome.stats().isEmpty()) {
            result.note("Gatling printed no summary (log: " + context.workDir().getFileName() + "/gatling.log)");
            return;
        }
        Map<String, String[]> stats = outcome.stats();
        Optional<Path> report = outcome.report();
        Table.Builder table = Table.measured("gatling", "Gatling's own summary of the post's simulation (persistent)")
                .column("figure")
                .column("total")
                .column("OK")
                .column("KO");
        stats.forEach((name, v) -> table.row(name, number(v[0]), number(v[1]), number(v[2])));
        String link = report.map(p -> context.workDir().getFileName() + "/"
                        + context.workDir().relativize(p))
                .orElse("(not written)");
        result.table(table.note("Gatling "
                        + "3.14, as printed at the end of its run; KO counts failed checks and reply timeouts."
                        + " Gatling's HTML report: " + link)
                .build());
        result.note("Gatling's HTML report: " + link);
        if (!outcome.errors().isEmpty()) {
            result.note("Gatling's errors: " + outcome.errors());
        }
    }

    /**
     * What a Gatling run left: how its process ended, its console summary, the errors it counted (message
     * to count), its HTML report.
     */
    record Outcome(
            ChildProcess.Outcome run, Map<String, String[]> stats, Map<String, Long> errors, Optional<Path> report) {}

    /**
     * Runs the simulation against {@code brokerUrl} (a service must be listening on jmstestq), its results
     * under {@code workDir/gatling}, its output in {@code workDir/gatling.log}; killed if it outlives the
     * ramp by three minutes.
     */
    static Outcome run(Path home, Path workDir, String brokerUrl, Ramp ramp, Duration replyTimeout)
            throws IOException, InterruptedException {
        Path resultsDir = Files.createDirectories(workDir.resolve("gatling"));
        Path log = workDir.resolve("gatling.log");
        Files.deleteIfExists(log); // this run's output alone: its summary is read from it
        ChildProcess.Outcome ran = ChildProcess.command(command(home, brokerUrl, ramp, replyTimeout, resultsDir))
                .name("Gatling")
                .log(log)
                .run(Duration.ofSeconds((long) ramp.seconds() + 180));
        if (ran.timedOut()) {
            return new Outcome(ran, Map.of(), Map.of(), Optional.empty());
        }
        // lenient decoding: a program's own output need not be UTF-8
        List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8)
                .lines()
                .toList();
        return new Outcome(ran, parseSummary(lines), parseErrors(lines), reportIndex(resultsDir));
    }

    static List<String> command(Path home, String brokerUrl, Ramp ramp, Duration replyTimeout, Path resultsDir) {
        String classPath =
                home.resolve("target/classes") + java.io.File.pathSeparator + home.resolve("target/lib") + "/*";
        return JavaCommand.main(classPath, "io.gatling.app.Gatling")
                .flags(
                        "--add-opens",
                        "java.base/java.lang=ALL-UNNAMED", // Gatling's stats writer reads String internals
                        "-Xmx1g",
                        "-Dgatling.data.enableAnalytics=false", // no call home from a measurement
                        "-Dmechsym.broker=" + brokerUrl,
                        "-Dmechsym.timeoutSeconds=" + Math.max(1, replyTimeout.toSeconds()),
                        String.format(
                                Locale.ROOT,
                                "-Dmechsym.ramp=%s,%s,%s",
                                ramp.fromPerSecond(),
                                ramp.toPerSecond(),
                                ramp.seconds()))
                .args(
                        "--simulation",
                        SIMULATION,
                        "--results-folder",
                        resultsDir.toString(),
                        "--run-description",
                        "mechsym jms-load")
                .build();
    }

    /** Gatling's "Global Information" lines: name to {total, OK, KO}. */
    static Map<String, String[]> parseSummary(List<String> lines) {
        Map<String, String[]> stats = new LinkedHashMap<>();
        boolean inGlobal = false;
        for (String line : lines) {
            if (line.contains("Global Information")) {
                inGlobal = true;
                stats.clear(); // the last summary printed is the final one
                continue;
            }
            if (inGlobal && line.startsWith("----")) {
                inGlobal = line.contains("Global Information");
                continue;
            }
            Matcher m = STAT_LINE.matcher(line);
            if (inGlobal && m.matches()) {
                stats.put(m.group(1).trim(), new String[] {m.group(2), m.group(3), m.group(4)});
            }
        }
        return stats;
    }

    /** Gatling's "Errors" section of its last summary: each error's message to the number of times it happened. */
    static Map<String, Long> parseErrors(List<String> lines) {
        Map<String, Long> errors = new LinkedHashMap<>();
        boolean inErrors = false;
        for (String line : lines) {
            if (line.startsWith("----")) {
                inErrors = line.contains(" Errors ");
                if (inErrors) {
                    errors.clear(); // the last summary printed is the final one
                }
                continue;
            }
            Matcher m = ERROR_LINE.matcher(line);
            if (inErrors && m.matches()) {
                errors.merge(m.group(1).trim(), Long.parseLong(m.group(2).replace(",", "")), Long::sum);
            }
        }
        return errors;
    }

    private static Object number(String text) {
        if (text.equals("-")) {
            return null;
        }
        try {
            return Double.parseDouble(text.replace(",", ""));
        } catch (NumberFormatException e) {
            return text;
        }
    }

    private static Optional<Path> reportIndex(Path resultsDir) throws IOException {
        try (Stream<Path> files = Files.walk(resultsDir, 2)) {
            return files.filter(p -> p.getFileName().toString().equals("index.html"))
                    .findFirst();
        }
    }

    /**
     * The gatling module's folder: MECHSYM_GATLING_HOME, or a {@code gatling} folder with {@code target/lib}
     * beside the module this class was loaded from (cli/target/mechsym.jar or lab/target/classes).
     */
    static Optional<Path> home() {
        String env = System.getenv("MECHSYM_GATLING_HOME");
        if (env != null && Files.isDirectory(Path.of(env, "target", "lib"))) {
            return Optional.of(Path.of(env));
        }
        try {
            Path here = Path.of(GatlingRun.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path dir = here; dir != null; dir = dir.getParent()) {
                Path candidate = dir.resolve("gatling");
                if (Files.isDirectory(candidate.resolve("target/lib"))) {
                    return Optional.of(candidate);
                }
            }
        } catch (java.net.URISyntaxException | SecurityException | NullPointerException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}

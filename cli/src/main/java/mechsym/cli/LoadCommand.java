package mechsym.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import mechsym.tools.OptionCheck;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.load.LoadConfig;
import mechsym.tools.load.LoadGenerator;
import mechsym.tools.load.LoadResult;
import mechsym.tools.load.RateSchedule;
import mechsym.tools.platform.TerminalText;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Open-loop HTTP/1.1 load at a fixed arrival rate, wrk2's way (docs/gateway.md).",
            "Every request is timed from when it was due (its intended start), so a stalled server",
            "cannot hide behind the requests it delayed. Latency per status code (HdrHistogram);",
            "a line every second."
        },
        footer = {
            "",
            "Examples:",
            "  mechsym load --url http://localhost:8080/ --rate 2000 --duration 10s",
            "  mechsym load --url http://localhost:8080/ --from 500 --to 5000 --during 20s",
            "  mechsym load --url http://localhost:8080/ --steps 1000:5s,2000:5s --hgrm run",
            "Exit codes: 0 done, 1 nothing answered (server down?) or a file not",
            "written, 2 bad usage."
        })
final class LoadCommand implements Callable<Integer> {
    @Option(names = "--url", required = true, description = "The http:// URL to load.")
    String url;

    @Option(names = "--rate", description = "Requests per second (with --duration).")
    Double rate;

    @Option(names = "--duration", description = "How long, e.g. 10s, 500ms, 2m (with --rate; default 10s).")
    String duration;

    @Option(names = "--from", description = "Ramp: start rate (with --to and --during).")
    Double from;

    @Option(names = "--to", description = "Ramp: end rate.")
    Double to;

    @Option(names = "--during", description = "Ramp: its length, e.g. 20s.")
    String during;

    @Option(
            names = "--steps",
            description = "Step schedule RATE:DURATION[,...], a step FROM-TO:DURATION ramps, e.g. 100:5s,200:5s.")
    String steps;

    @Option(
            names = "--connections",
            defaultValue = "256",
            description = "Connections open at most; opened as needed (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--method", defaultValue = "GET", description = "HTTP method (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = "--body", description = "Request body (sent with a Content-Length).")
    String body;

    @Option(names = "--header", description = "Extra header 'Name: value' (repeatable).")
    List<String> headers = new ArrayList<>();

    @Option(
            names = "--drain-timeout",
            defaultValue = "5s",
            description = "Wait this long for outstanding answers at the end (default: ${DEFAULT-VALUE}).")
    String drainTimeout;

    @Option(
            names = "--json",
            paramLabel = "FILE|-",
            description = "Write every figure as JSON (- for standard output).")
    String json;

    @Option(
            names = "--hgrm",
            paramLabel = "PREFIX",
            description = "Write PREFIX-all.hgrm and PREFIX-<status>.hgrm (microseconds).")
    String hgrmPrefix;

    @Option(names = "--quiet", description = "No line every second.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        LoadConfig config = config();
        checkJsonWritable();
        boolean jsonToStdout = "-".equals(json);
        var out = jsonToStdout ? System.err : System.out;
        out.println(
                "mechsym load: " + config.target() + ", " + config.schedule().describe() + ", up to "
                        + config.maxConnections() + " connections (fixed rate, latency from intended start)");
        LoadResult result = new LoadGenerator(config, quiet ? null : out).run();
        for (Map.Entry<String, LatencySummary> e : result.byOutcome().entrySet()) {
            out.println(String.format(
                    "%-10s %s", TerminalText.escape(e.getKey()), e.getValue().toLine()));
        }
        out.println(String.format(
                java.util.Locale.ROOT,
                "throughput %.1f answers/s; intended %d, sent %d, connections opened %d",
                result.throughput(),
                result.intended(),
                result.sent(),
                result.connectionsOpened()));
        // the reasons can quote the server's answer: escaped before they reach the terminal
        result.errors().forEach((reason, n) -> out.println("error x" + n + ": " + TerminalText.escape(reason)));
        if (hgrmPrefix != null) {
            for (Map.Entry<String, Histogram> e : result.histograms().entrySet()) {
                Path file = Path.of(hgrmPrefix + "-" + e.getKey() + ".hgrm");
                LatencyRecorder.writeHgrm(e.getValue(), file);
            }
        }
        if (json != null) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            String text = mapper.writeValueAsString(result.asMap());
            if (jsonToStdout) {
                System.out.println(text);
            } else {
                Files.writeString(Path.of(json), text + "\n", StandardCharsets.UTF_8);
            }
        }
        if (result.all().count() == 0) {
            System.err.println("mechsym: no request to " + config.target() + " was answered"
                    + (result.errors().isEmpty()
                            ? ""
                            : " ("
                                    + TerminalText.escape(
                                            result.errors().keySet().iterator().next()) + ")"));
            return Main.EXIT_FAILED;
        }
        return Main.EXIT_OK;
    }

    LoadConfig config() {
        return Main.UsageError.check(() -> {
            URI target;
            try {
                target = new URI(url);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("--url '" + url + "' is not a URL: " + e.getReason());
            }
            if (target.getPort() > 65_535) {
                throw new IllegalArgumentException(
                        "--url '" + url + "': the port " + target.getPort() + " is not in 1..65535");
            }
            RateSchedule schedule = schedule();
            if (schedule.sends().count() == 0) {
                throw new IllegalArgumentException("the schedule (" + schedule.describe() + ") sends no request:"
                        + " less than one is due; give a higher rate or a longer duration");
            }
            return new LoadConfig(
                    target,
                    schedule,
                    connections,
                    method,
                    body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8),
                    headers,
                    duration("--drain-timeout", drainTimeout));
        });
    }

    /** {@code --json FILE} checked before the run, so a run's figures are never lost to an unwritable path. */
    void checkJsonWritable() {
        if (json == null || json.equals("-")) {
            return;
        }
        Path file = Path.of(json);
        if (Files.isDirectory(file)) {
            throw new Main.UsageError("--json " + json + ": is a folder; give a file name");
        }
        Path folder = file.toAbsolutePath().getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new Main.UsageError("--json " + json + ": no such folder " + folder);
        }
        if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(folder)) {
            throw new Main.UsageError("--json " + json + ": cannot be written (permission denied on "
                    + (Files.exists(file) ? file : folder) + ")");
        }
    }

    /** A duration option's value, or its check's message prefixed with the option. */
    private static Duration duration(String option, String text) {
        try {
            return RateSchedule.parseDuration(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + e.getMessage(), e);
        }
    }

    private RateSchedule schedule() {
        int kinds = (rate != null ? 1 : 0)
                + (from != null || to != null || during != null ? 1 : 0)
                + (steps != null ? 1 : 0);
        if (kinds != 1) {
            throw new IllegalArgumentException(
                    "give one schedule: --rate R [--duration D], --from R1 --to R2 --during D, or --steps");
        }
        checkRate("--rate", rate);
        checkRate("--from", from);
        checkRate("--to", to);
        if (steps != null) {
            return named("--steps", () -> RateSchedule.parseSteps(steps));
        }
        if (rate != null) {
            Duration length = duration("--duration", duration == null ? "10s" : duration);
            return named("--rate", () -> RateSchedule.fixed(rate, length));
        }
        if (from == null || to == null || during == null) {
            throw new IllegalArgumentException("a ramp needs --from, --to and --during");
        }
        Duration length = duration("--during", during);
        return named("--from/--to", () -> RateSchedule.ramp(from, to, length));
    }

    private static void checkRate(String option, Double value) {
        if (value != null && value > LoadConfig.MAX_RATE) {
            throw new IllegalArgumentException(option + " must be at most " + (long) LoadConfig.MAX_RATE
                    + " requests per second (mechsym load sends from one thread), not " + OptionCheck.number(value));
        }
    }

    /** The schedule, or its check's message prefixed with the option that gave it. */
    private static RateSchedule named(String option, java.util.function.Supplier<RateSchedule> schedule) {
        try {
            return schedule.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }
}

package mechsym.lab.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Calibration;
import mechsym.lab.Environment;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.ServerTargets;
import mechsym.lab.report.HtmlReport;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;
import mechsym.tools.platform.IoReasons;

/**
 * Runs experiments one after another, each in its own folder, and writes results.json, the charts
 * and report.html into the output folder. One experiment failing does not stop the others: its
 * result records the error.
 */
public final class LabRunner {
    private final Profile profile;
    private final Path outDir;
    private final Progress progress;
    private final String command;
    private final String version;
    private ServerTargets servers = ServerTargets.NONE;
    private List<String> jmhProfilers = List.of();

    public LabRunner(Profile profile, Path outDir, Progress progress, String command, String version) {
        this.profile = profile;
        this.outDir = outDir;
        this.progress = progress;
        this.command = command;
        this.version = version;
    }

    /**
     * JMH profilers for every JMH run of the experiments, as JMH's {@code -prof} takes them ({@code
     * gc}, {@code stack}, {@code perfasm:intelSyntax=true}); none by default.
     */
    public LabRunner jmhProfilers(List<String> profilers) {
        this.jmhProfilers = List.copyOf(profilers);
        return this;
    }

    /**
     * Checks JMH profilers as the lab would add them, before any work starts.
     *
     * @throws IllegalArgumentException naming the first one JMH cannot load, and why
     */
    public static void checkJmhProfilers(List<String> profilers) {
        for (String profiler : profilers) {
            try {
                JmhLauncher.withProfilers(
                        new org.openjdk.jmh.runner.options.OptionsBuilder(),
                        List.of(ProfilerOptions.complete(profiler, null)));
            } catch (IllegalStateException e) {
                throw new IllegalArgumentException("--jmh-prof " + profiler + ": " + e.getMessage());
            } catch (org.openjdk.jmh.runner.RunnerException e) {
                throw new IllegalArgumentException("--jmh-prof " + profiler + ": "
                        + e.getMessage().lines().findFirst().orElse("")
                        + " ('mechsym jmh -lprof' lists JMH's profilers)");
            }
        }
    }

    /** Points the experiments that use a server at the user's own ({@code --broker-url}, {@code --jdbc-url}). */
    public LabRunner servers(ServerTargets targets) {
        this.servers = java.util.Objects.requireNonNull(targets, "targets");
        return this;
    }

    /** Creates the output folder, or fails before any work starts if it cannot be written. */
    public static Path prepareOutput(Path outDir) throws IOException {
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new IOException("cannot create output folder " + outDir + ": " + describe(outDir, e), e);
        }
        Path probe = outDir.resolve(".mechsym-write-test");
        try {
            Files.writeString(probe, "ok");
            Files.delete(probe);
        } catch (IOException e) {
            throw new IOException("output folder " + outDir + " is not writable: " + describe(outDir, e), e);
        }
        return outDir;
    }

    public LabRun run(List<Experiment> experiments) throws IOException {
        prepareOutput(outDir);
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        Environment environment = Environment.probe();
        progress.message("calibration: timing the drift kernels at the start");
        Calibration calibration = new Calibration(Calibration.measure(profile), null);
        List<ExperimentResult> results = new ArrayList<>();
        int index = 0;
        for (Experiment experiment : experiments) {
            index++;
            progress.prefix("[" + index + "/" + experiments.size() + " " + experiment.id() + "]");
            progress.message("start: " + experiment.title());
            results.add(runOne(experiment));
            ExperimentResult last = results.getLast();
            progress.message(
                    last.status() == ExperimentResult.Status.OK
                            ? String.format(
                                    java.util.Locale.ROOT,
                                    "done in %.0f s: %s",
                                    last.seconds(),
                                    last.verdict().outcome())
                            : "FAILED: " + last.error());
            // results.json is rewritten after every experiment, so a run cut short keeps what it measured
            write(
                    new LabRun(
                            LabRun.SCHEMA,
                            version,
                            started.toString(),
                            seconds(startNanos),
                            profile.label(),
                            command,
                            environment,
                            results,
                            calibration),
                    false);
        }
        progress.prefix("[report]");
        progress.message("calibration: timing the drift kernels at the end");
        calibration = calibration.ended(Calibration.measure(profile));
        LabRun run = new LabRun(
                LabRun.SCHEMA,
                version,
                started.toString(),
                seconds(startNanos),
                profile.label(),
                command,
                environment,
                results,
                calibration);
        write(run, true);
        return run;
    }

    /**
     * Writes results.json through a temporary file renamed over it, so that a write that fails (a
     * full device) keeps the previous experiments' results; failures name the file.
     */
    private void write(LabRun run, boolean withReport) throws IOException {
        Path results = outDir.resolve("results.json");
        Path temporary = outDir.resolve("results.json.tmp");
        try {
            ResultsJson.write(run, temporary);
            Files.move(temporary, results, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException notDeleted) {
                e.addSuppressed(notDeleted);
            }
            throw new IOException("cannot write " + results + ": " + describe(outDir, e), e);
        }
        if (withReport) {
            try {
                new HtmlReport(run, outDir).write();
            } catch (IOException e) {
                throw new IOException("cannot write the report into " + outDir + ": " + describe(outDir, e), e);
            }
        }
    }

    private ExperimentResult runOne(Experiment experiment) {
        ExperimentResult.Builder builder = new ExperimentResult.Builder(experiment);
        long start = System.nanoTime();
        try {
            Path workDir = Files.createDirectories(outDir.resolve(experiment.id()));
            experiment.run(new ExperimentContext(profile, workDir, progress, servers, jmhProfilers), builder);
            progress.finish();
            return builder.ok(seconds(start));
        } catch (Exception | LinkageError | OutOfMemoryError e) {
            progress.finish();
            String message = e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "");
            Path errorLog = outDir.resolve(experiment.id()).resolve("error.log");
            try {
                java.io.StringWriter trace = new java.io.StringWriter();
                e.printStackTrace(new java.io.PrintWriter(trace));
                Files.createDirectories(errorLog.getParent());
                Files.writeString(errorLog, trace.toString());
                message += " (stack trace: " + errorLog + ")";
            } catch (IOException ignored) {
                // the message alone still says what failed
            }
            return builder.failed(seconds(start), message);
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** What went wrong, in words: no exception class names. */
    private static String describe(Path outDir, IOException e) {
        if (e instanceof java.nio.file.FileAlreadyExistsException exists) {
            return exists.getFile() + " is a file, not a folder";
        }
        if (e instanceof java.nio.file.FileSystemException fs) {
            String reason = IoReasons.reason(fs);
            if (reason.equals("Not a directory") && fs.getFile() != null) {
                Path file = Path.of(fs.getFile());
                while (file != null && !Files.isRegularFile(file)) {
                    file = file.getParent();
                }
                if (file != null) {
                    return file + " is a file, not a folder";
                }
            }
            boolean named = fs.getFile() != null && !fs.getFile().equals(outDir.toString());
            return (named ? fs.getFile() + ": " : "") + reason;
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}

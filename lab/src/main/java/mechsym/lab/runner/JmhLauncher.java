package mechsym.lab.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Progress;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link JmhBenchmarks} through JMH's own {@link Runner}: JMH's output to {@code jmh.log} in the
 * experiment's folder, its results in JMH's own JSON format to {@code jmh-result.json} there (every
 * run of the experiment, one array: JMH Visualizer loads it), its progress to the lab's, the lab's
 * JMH profilers added, and JMH's machine-wide lock waited for.
 */
final class JmhLauncher implements JmhBenchmarks {
    /** JMH's own result file, in the experiment's folder. */
    static final String RESULT_FILE = "jmh-result.json";

    private final Path workDir;
    private final Progress progress;
    private final List<String> profilers;

    JmhLauncher(Path workDir, Progress progress, List<String> profilers) {
        this.workDir = workDir;
        this.progress = progress;
        this.profilers = profilers;
    }

    /**
     * Adds each profiler ({@code name} or {@code name:options}, as JMH's {@code -prof}) that the
     * options do not already have (an experiment may add JMH's GC profiler itself).
     */
    static ChainedOptionsBuilder withProfilers(ChainedOptionsBuilder options, List<String> profilers)
            throws RunnerException {
        for (String profiler : profilers) {
            ProfilerConfig config = profilerConfig(profiler);
            Class<?> type = profilerClass(config);
            boolean present = false;
            for (ProfilerConfig existing : options.build().getProfilers()) {
                present |= profilerClass(existing) == type;
            }
            if (!present) {
                options.addProfiler(config.getKlass(), config.getOpts());
            }
        }
        return options;
    }

    /** "gc" or "perfasm:intelSyntax=true", as JMH's command line splits them. */
    static ProfilerConfig profilerConfig(String profiler) {
        int colon = profiler.indexOf(':');
        return colon < 0
                ? new ProfilerConfig(profiler, "")
                : new ProfilerConfig(profiler.substring(0, colon), profiler.substring(colon + 1));
    }

    private static Class<?> profilerClass(ProfilerConfig config) throws RunnerException {
        try {
            return ProfilerFactory.getProfilerOrException(config).getClass();
        } catch (ProfilerException e) {
            throw new RunnerException("JMH profiler '" + config.getKlass() + "': " + e.getMessage(), e);
        }
    }

    @Override
    public List<Score> run(ChainedOptionsBuilder options) throws RunnerException {
        Path log = workDir.resolve("jmh.log");
        PrintStream logStream;
        try {
            // appended: an experiment that runs JMH several times (rounds) keeps every run's output
            logStream = new PrintStream(
                    new java.io.FileOutputStream(log.toFile(), true), true, java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new RunnerException("cannot write " + log + ": " + e.getMessage(), e);
        }
        try (logStream) {
            OutputFormat format = new ProgressOutputFormat(
                    OutputFormatFactory.createFormatInstance(logStream, VerboseMode.NORMAL), progress);
            Collection<RunResult> results = runHoldingTheLock(withProfilers(options, completedProfilers()), format);
            keepJmhResults(results);
            List<Score> scores = new ArrayList<>();
            for (RunResult r : results) {
                Result<?> primary = r.getPrimaryResult();
                Map<String, String> params = new TreeMap<>();
                for (String key : r.getParams().getParamsKeys()) {
                    params.put(key, r.getParams().getParam(key));
                }
                Map<String, Double> secondary = new TreeMap<>();
                r.getSecondaryResults().forEach((k, v) -> secondary.put(k, v.getScore()));
                List<Double> iterations = new ArrayList<>();
                for (BenchmarkResult fork : r.getBenchmarkResults()) {
                    for (IterationResult iteration : fork.getIterationResults()) {
                        iterations.add(iteration.getPrimaryResult().getScore());
                    }
                }
                String name = r.getParams().getBenchmark();
                String shortName = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
                scores.add(new Score(
                        shortName,
                        params,
                        primary.getScore(),
                        primary.getScoreError(),
                        primary.getScoreUnit(),
                        primary.getSampleCount(),
                        secondary,
                        iterations));
            }
            return scores;
        }
    }

    /**
     * The lab's profilers completed for this machine ({@link ProfilerOptions#complete}), async-profiler's
     * and JFR's writing into the experiment's {@value ProfilerOptions#PROFILES_DIR} folder, one
     * subfolder per benchmark and parameters; what they use is written there too.
     */
    private List<String> completedProfilers() throws RunnerException {
        Path dir = workDir.resolve(ProfilerOptions.PROFILES_DIR);
        List<String> completed = new ArrayList<>();
        try {
            for (String profiler : profilers) {
                completed.add(ProfilerOptions.complete(profiler, dir));
            }
            if (!completed.equals(profilers)) {
                ProfilerOptions.writeUsed(dir, completed);
            }
        } catch (IllegalStateException | java.io.IOException e) {
            throw new RunnerException("profiler: " + e.getMessage(), e);
        }
        return completed;
    }

    /**
     * Adds this run's results to the experiment's {@code jmh-result.json}, in JMH's own JSON format:
     * one array holding every JMH run of the experiment, in order.
     */
    private void keepJmhResults(Collection<RunResult> results) throws RunnerException {
        Path file = workDir.resolve(RESULT_FILE);
        try {
            java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
            try (PrintStream out = new PrintStream(json, true, java.nio.charset.StandardCharsets.UTF_8)) {
                ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
            }
            ArrayNode all = java.nio.file.Files.exists(file)
                    ? (ArrayNode) JSON.readTree(file.toFile())
                    : JSON.createArrayNode();
            JsonNode added = JSON.readTree(json.toByteArray());
            if (added != null && added.isArray()) {
                all.addAll((ArrayNode) added);
            }
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), all);
        } catch (java.io.IOException | ClassCastException e) {
            throw new RunnerException("cannot write JMH's results to " + file + ": " + e.getMessage(), e);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * JMH allows one run per machine at a time (its lock file), so that two runs do not measure each
     * other. Another run holding the lock is waited for, up to ten minutes, not treated as a failure.
     */
    private Collection<RunResult> runHoldingTheLock(ChainedOptionsBuilder options, OutputFormat format)
            throws RunnerException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(10);
        boolean told = false;
        while (true) {
            try {
                return new Runner(options.build(), format).run();
            } catch (RunnerException e) {
                boolean locked = String.valueOf(e.getMessage()).contains("JMH lock");
                if (!locked || System.nanoTime() > deadline) {
                    throw e;
                }
                if (!told) {
                    progress.message("another JMH run holds the machine's JMH lock: waiting for it");
                    told = true;
                }
                try {
                    Thread.sleep(2000);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** JMH's own output to the log, benchmark and iteration progress to the lab's progress. */
    private static final class ProgressOutputFormat implements OutputFormat {
        private final OutputFormat delegate;
        private final Progress progress;

        ProgressOutputFormat(OutputFormat delegate, Progress progress) {
            this.delegate = delegate;
            this.progress = progress;
        }

        @Override
        public void startBenchmark(BenchmarkParams params) {
            delegate.startBenchmark(params);
            String name = params.getBenchmark();
            StringBuilder label =
                    new StringBuilder(name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1));
            for (String key : params.getParamsKeys()) {
                label.append(' ').append(key).append('=').append(params.getParam(key));
            }
            int iterations = Math.max(1, params.getForks())
                    * (params.getWarmup().getCount() + params.getMeasurement().getCount());
            progress.start("jmh " + label, iterations);
        }

        @Override
        public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
            delegate.iteration(benchParams, params, iteration);
        }

        @Override
        public void iterationResult(
                BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
            delegate.iterationResult(benchParams, params, iteration, data);
            progress.step();
        }

        @Override
        public void endBenchmark(BenchmarkResult result) {
            delegate.endBenchmark(result);
            progress.finish();
        }

        @Override
        public void startRun() {
            delegate.startRun();
        }

        @Override
        public void endRun(Collection<RunResult> result) {
            delegate.endRun(result);
        }

        @Override
        public void print(String s) {
            delegate.print(s);
        }

        @Override
        public void println(String s) {
            delegate.println(s);
        }

        @Override
        public void flush() {
            delegate.flush();
        }

        @Override
        public void close() {
            delegate.close();
        }

        @Override
        public void verbosePrintln(String s) {
            delegate.verbosePrintln(s);
        }

        @Override
        public void write(int b) {
            delegate.write(b);
        }

        @Override
        public void write(byte[] b) throws java.io.IOException {
            delegate.write(b);
        }
    }
}

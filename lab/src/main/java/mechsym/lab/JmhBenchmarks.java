package mechsym.lab;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs JMH benchmarks through JMH's own {@link Runner} (forked, warmed up) and returns their scores.
 *
 * <p>JMH's usual output goes to {@code jmh.log} in the experiment's folder; the run's progress
 * (benchmark and iteration) goes to the lab's progress. The same benchmarks stay runnable from the
 * jar with JMH's usual flags: {@code ./mechsym jmh <regex> -f 1 -wi 3 ...}.
 */
public final class JmhBenchmarks {
    private final RunContext context;

    JmhBenchmarks(RunContext context) {
        this.context = context;
    }

    /**
     * JVM flags for benchmarks whose ways allocate: a fixed 2 GB heap, every page of it touched at
     * start-up. Without the pre-touch the kernel faults each page in the first time the allocator
     * reaches it, and in a fork of a few seconds that cost lands on the allocating ways' measured
     * iterations, not on the others: String.getBytes of 1,000 ASCII chars into a direct buffer
     * measured 105-116 ns with JMH errors of 59-236 ns, and 93 +- 7-11 pre-touched (lab settings, two
     * forks each). Pre-touching costs 0.5-0.9 s per fork on a 2-core VM.
     */
    public static final List<String> ALLOCATING = List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch");

    /**
     * The same fixed 2 GB heap without the pre-touch, for the ways of such a benchmark that allocate
     * nothing per operation (JMH's GC profiler says so in the report): the same heap, a faster start.
     */
    public static final List<String> FIXED_HEAP = ALLOCATING.subList(0, 2);

    /**
     * A new options builder with the lab's JVM flags and {@code jvmArgs} after them; add includes,
     * forks, iterations. Pass JVM flags here: JMH's {@code jvmArgsAppend} replaces, not adds.
     */
    public ChainedOptionsBuilder options(String... jvmArgs) {
        List<String> flags = new ArrayList<>(ForkedJvm.BASE_FLAGS);
        flags.addAll(List.of(jvmArgs));
        return new OptionsBuilder().jvmArgsAppend(flags.toArray(String[]::new)).shouldFailOnError(true);
    }

    /**
     * One benchmark's score.
     *
     * @param benchmark the method, e.g. "MemoryWalkBenchmark.linearWalk"
     * @param params JMH @Param values by name
     * @param score the primary score
     * @param error the 99.9% confidence half-width (NaN with too few samples)
     * @param unit e.g. "ns/op"
     * @param samples the number of measurement samples
     * @param secondary secondary scores (profilers, auxiliary counters) by name
     * @param iterations the primary score of each measurement iteration, forks in turn
     */
    public record Score(
            String benchmark,
            Map<String, String> params,
            double score,
            double error,
            String unit,
            long samples,
            Map<String, Double> secondary,
            List<Double> iterations) {

        public Score {
            iterations = List.copyOf(iterations);
        }

        /**
         * The median of the measurement iterations ({@link #score} if there were none): unlike JMH's
         * mean, one iteration disturbed by a pause or by the VM's neighbours does not move it.
         */
        public double median() {
            return iterations.isEmpty() ? score : Summary.of(iterations).median();
        }

        public String param(String name) {
            return params.get(name);
        }

        /** The method name alone, e.g. "linearWalk". */
        public String method() {
            return benchmark.substring(benchmark.lastIndexOf('.') + 1);
        }
    }

    /** Each score's {@link Score#median()}: one figure per fork, e.g. per round. */
    public static List<Double> medians(List<Score> scores) {
        return scores.stream().map(Score::median).toList();
    }

    /** JMH's GC profiler's bytes allocated per operation, a secondary result. */
    public static final String ALLOCATED_PER_OP = "gc.alloc.rate.norm";

    /**
     * The largest value of the secondary result {@code name} (e.g. {@link #ALLOCATED_PER_OP}) over
     * {@code scores}, or null if none has it.
     */
    public static Double largest(List<Score> scores, String name) {
        return scores.stream()
                .map(s -> s.secondary().get(name))
                .filter(Objects::nonNull)
                .max(Double::compare)
                .orElse(null);
    }

    public List<Score> run(ChainedOptionsBuilder options) throws RunnerException {
        Path log = context.workDir().resolve("jmh.log");
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
                    OutputFormatFactory.createFormatInstance(logStream, VerboseMode.NORMAL), context.progress());
            Collection<RunResult> results = runHoldingTheLock(options, format);
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
                    context.progress().message("another JMH run holds the machine's JMH lock: waiting for it");
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

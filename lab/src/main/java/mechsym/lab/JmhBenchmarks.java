package mechsym.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * JMH benchmarks run through JMH's own runner (forked, warmed up), returning their scores. Get one
 * from {@link RunContext#jmh}.
 *
 * <p>JMH's usual output goes to {@code jmh.log} in the experiment's folder; the run's progress
 * (benchmark and iteration) goes to the lab's progress. The same benchmarks stay runnable from the
 * jar with JMH's usual flags: {@code ./mechsym jmh <regex> -f 1 -wi 3 ...}.
 */
public interface JmhBenchmarks {

    /**
     * JVM flags for benchmarks whose ways allocate: a fixed 2 GB heap, every page of it touched at
     * start-up. Without the pre-touch the kernel faults each page in the first time the allocator
     * reaches it, and in a fork of a few seconds that cost lands on the allocating ways' measured
     * iterations, not on the others: compare {@code ./mechsym jmh Utf8Benchmark.stringGetBytes -jvmArgs
     * -Xmx2g} with {@code -jvmArgs "-Xms2g -Xmx2g -XX:+AlwaysPreTouch"} (scores and their errors).
     * Pre-touching costs under a second per fork.
     */
    List<String> ALLOCATING = List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch");

    /**
     * {@link #ALLOCATING} for {@code profile}. The tiny profile measures nothing, so its forks
     * pre-touch a 256 MB heap: the same flags, a fraction of the start-up.
     */
    static List<String> allocating(Profile profile) {
        return profile == Profile.TINY ? List.of("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch") : ALLOCATING;
    }

    /**
     * The same fixed 2 GB heap without the pre-touch, for the ways of such a benchmark that allocate
     * nothing per operation (JMH's GC profiler says so in the report): the same heap, a faster start.
     */
    List<String> FIXED_HEAP = ALLOCATING.subList(0, 2);

    /** JMH's GC profiler's bytes allocated per operation, a secondary result. */
    String ALLOCATED_PER_OP = "gc.alloc.rate.norm";

    /**
     * A new options builder with the lab's JVM flags and {@code jvmArgs} after them; add includes,
     * forks, iterations. Pass JVM flags here: JMH's {@code jvmArgsAppend} replaces, not adds.
     */
    default ChainedOptionsBuilder options(String... jvmArgs) {
        List<String> flags = new ArrayList<>(ForkedJvm.BASE_FLAGS);
        flags.addAll(List.of(jvmArgs));
        return new OptionsBuilder().jvmArgsAppend(flags.toArray(String[]::new)).shouldFailOnError(true);
    }

    /** Runs the benchmarks {@code options} select and returns one score per benchmark and parameter set. */
    List<Score> run(ChainedOptionsBuilder options) throws RunnerException;

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
    record Score(
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
    static List<Double> medians(List<Score> scores) {
        return scores.stream().map(Score::median).toList();
    }

    /**
     * The largest value of the secondary result {@code name} (e.g. {@link #ALLOCATED_PER_OP}) over
     * {@code scores}, or null if none has it.
     */
    static Double largest(List<Score> scores, String name) {
        return scores.stream()
                .map(s -> s.secondary().get(name))
                .filter(Objects::nonNull)
                .max(Double::compare)
                .orElse(null);
    }

    /**
     * {@code options} run in one fork per benchmark and parameter point, {@code warmups} warm-up and
     * {@code iterations} measurement iterations of {@code time} each.
     */
    public static ChainedOptionsBuilder oneFork(
            ChainedOptionsBuilder options, int warmups, int iterations, TimeValue time) {
        return options.forks(1)
                .warmupIterations(warmups)
                .warmupTime(time)
                .measurementIterations(iterations)
                .measurementTime(time);
    }

    /** How {@link #oneFork} runs, for a table's note: "3 x 200 ms after 2 x 200 ms warm-up, 1 fork each". */
    public static String oneForkTiming(int warmups, int iterations, TimeValue time) {
        return iterations + " x " + time + " after " + warmups + " x " + time + " warm-up, 1 fork each";
    }
}

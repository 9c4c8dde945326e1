package mechsym.lab.experiments.nullcheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The case the post set out to price and did not run: the post's null/present branch over a
 * reference that is sometimes null. While the profile has never seen null, C2 compiles the null
 * branch as an uncommon trap; the first null deoptimises the method (back to the interpreter) and it
 * is compiled again with both branches. The fork records JFR {@code jdk.Deoptimization} events to
 * {@code deopt-<nulls>.jfr} in the folder named by the system property {@value #JFR_DIR_PROPERTY},
 * when set, as evidence of that.
 *
 * <ul>
 *   <li>{@code never}: no null (the baseline, the same loop);
 *   <li>{@code 1e-6}, {@code 1e-3}: one reference in 2^20, one in 2^10 is null, evenly spaced;
 *   <li>{@code 0.5}: half of them, at seeded random places (so the branch cannot be predicted).
 * </ul>
 *
 * Each operation reads the next reference of a ring of {@value #RING} and takes the post's branch.
 * The nulls arrive from the second iteration on (the first warm-up iteration has none), so that the
 * method is compiled before it meets one: run it with two warm-up iterations or more.
 * How to run: {@code ./mechsym jmh SometimesNullBenchmark -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SometimesNullBenchmark {
    /** Where the fork writes its JFR recording, if set. */
    public static final String JFR_DIR_PROPERTY = "mechsym.nullcheck.jfrDir";

    /** A power of two: the index wraps by a mask, no branch of its own to trap on. */
    static final int RING = 1 << 20;

    @Param({"never", "1e-6", "1e-3", "0.5"})
    public String nulls;

    private final Operations ops = new Operations();
    private Operations[] present;
    private Operations[] withNulls;
    private Operations[] refs;
    private int iteration;
    private int index;
    public int output;
    private Recording recording;

    @Setup(Level.Trial)
    public void setUp() {
        present = ring("never", ops);
        withNulls = ring(nulls, ops);
        String dir = System.getProperty(JFR_DIR_PROPERTY);
        if (dir != null) {
            recording = new Recording();
            recording.enable("jdk.Deoptimization").withoutStackTrace();
            recording.start();
        }
    }

    /**
     * The first warm-up iteration sees no null, so C2 compiles the branch from a never-null profile;
     * the nulls arrive from the second iteration on, as a rare null arrives in a warmed-up program.
     */
    @Setup(Level.Iteration)
    public void arm() {
        refs = iteration++ == 0 ? present : withNulls;
    }

    /** The ring of references for a {@code nulls} label: {@code ops} with nulls in it. */
    static Operations[] ring(String nulls, Operations ops) {
        Operations[] ring = new Operations[RING];
        java.util.Arrays.fill(ring, ops);
        switch (nulls) {
            case "never" -> {}
            case "1e-6" -> ring[RING / 2] = null; // 1 in 1,048,576
            case "1e-3" -> {
                for (int i = 512; i < RING; i += 1024) { // 1 in 1,024
                    ring[i] = null;
                }
            }
            case "0.5" -> {
                SplittableRandom random = new SplittableRandom(42);
                for (int i = 0; i < RING; i++) {
                    if (random.nextBoolean()) {
                        ring[i] = null;
                    }
                }
            }
            default -> throw new IllegalArgumentException("unknown nulls '" + nulls + "'");
        }
        return ring;
    }

    @Benchmark
    public int presentOrNull() {
        Operations o = refs[index];
        index = (index + 1) & (RING - 1);
        if (o != null) {
            output = o.op1(output);
        } else {
            output = ops.op2(output);
        }
        return output;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (recording != null) {
            recording.stop();
            Path dir = Path.of(System.getProperty(JFR_DIR_PROPERTY));
            Files.createDirectories(dir);
            recording.dump(dir.resolve("deopt-" + nulls + ".jfr"));
            recording.close();
        }
    }
}

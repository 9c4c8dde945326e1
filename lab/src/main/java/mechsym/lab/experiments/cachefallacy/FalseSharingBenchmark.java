package mechsym.lab.experiments.cachefallacy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import mechsym.core.concurrent.Sequence;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * False sharing: two threads, each incrementing its own counter - no data is shared, yet when the
 * two counters sit on one cache line every write must take the line from the other core (a
 * read-for-ownership under MESI), so both slow down. Nothing is "flushed": the line's ownership
 * moves.
 *
 * <pre>
 *   unpadded: |a|b|......|        one 64-byte line, offsets 0 and 8    -> the line ping-pongs
 *   padded:   |a|...128 bytes...|b|   two lines apart                  -> each core keeps its line
 * </pre>
 *
 * The counters are off-heap (a 128-byte-aligned MemorySegment), so the layout is exact, not up to
 * the JVM's field placement. Each thread reads its own counter and writes it back plus one, per
 * invocation, in two ways:
 *
 * <ul>
 *   <li>opaque (a plain mov each on x86; opaque keeps the JIT from merging the invocations' stores):
 *       the stores wait in the store buffer while the line is away, the loads take their values from
 *       it, and when the line comes back every waiting store commits at once - the store buffer hides
 *       most of the false sharing;
 *   <li>volatile (mov + lock addl): each store drains the store buffer, so every increment waits for
 *       the line - false sharing at its full cost, as in the posts' counters.
 * </ul>
 *
 * A third pair, {@code sequencePair}, increments two of core's {@link Sequence}s with volatile
 * writes: the component's own padding (128 bytes before and after the value) beside the post's.
 *
 * How to run: {@code ./mechsym jmh FalseSharingBenchmark -f 1 -wi 3 -i 3}. Look for unpadded several
 * times padded with volatile writes; it needs two cores that run the two threads at once.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Group)
public class FalseSharingBenchmark {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private Arena arena;
    private MemorySegment counters;
    private Sequence first;
    private Sequence second;

    @Setup(Level.Trial)
    public void allocate() {
        arena = Arena.ofShared();
        counters = arena.allocate(512, 128);
        first = new Sequence(0);
        second = new Sequence(0);
    }

    @TearDown(Level.Trial)
    public void free() {
        arena.close();
    }

    private void increment(long offset) {
        LONG.setOpaque(counters, offset, (long) LONG.getOpaque(counters, offset) + 1);
    }

    private void incrementVolatile(long offset) {
        LONG.setVolatile(counters, offset, (long) LONG.getVolatile(counters, offset) + 1);
    }

    @Benchmark
    @Group("unpadded")
    @GroupThreads(1)
    public void unpaddedA() {
        increment(0);
    }

    @Benchmark
    @Group("unpadded")
    @GroupThreads(1)
    public void unpaddedB() {
        increment(8);
    }

    @Benchmark
    @Group("padded")
    @GroupThreads(1)
    public void paddedA() {
        increment(0);
    }

    @Benchmark
    @Group("padded")
    @GroupThreads(1)
    public void paddedB() {
        increment(128);
    }

    @Benchmark
    @Group("unpaddedVolatile")
    @GroupThreads(1)
    public void unpaddedVolatileA() {
        incrementVolatile(0);
    }

    @Benchmark
    @Group("unpaddedVolatile")
    @GroupThreads(1)
    public void unpaddedVolatileB() {
        incrementVolatile(8);
    }

    @Benchmark
    @Group("paddedVolatile")
    @GroupThreads(1)
    public void paddedVolatileA() {
        incrementVolatile(0);
    }

    @Benchmark
    @Group("paddedVolatile")
    @GroupThreads(1)
    public void paddedVolatileB() {
        incrementVolatile(128);
    }

    private static void incrementVolatile(Sequence sequence) {
        sequence.setVolatile(sequence.getVolatile() + 1);
    }

    @Benchmark
    @Group("sequencePair")
    @GroupThreads(1)
    public void sequencePairA() {
        incrementVolatile(first);
    }

    @Benchmark
    @Group("sequencePair")
    @GroupThreads(1)
    public void sequencePairB() {
        incrementVolatile(second);
    }
}

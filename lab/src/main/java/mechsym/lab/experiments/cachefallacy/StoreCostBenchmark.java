package mechsym.lab.experiments.cachefallacy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import mechsym.core.concurrent.Sequence;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one store costs a single writer, by access mode: the post's point that a volatile store
 * pays for a fence that waits for the store buffer to drain (on x86 {@code lock addl} after the
 * {@code mov}), while a release store ({@code lazySet}, {@code setRelease}) is a plain {@code mov}
 * that the store buffer absorbs.
 *
 * <ul>
 *   <li>{@code plain}: {@code VarHandle.set}, no ordering - the baseline;
 *   <li>{@code release}: {@code setRelease}, ordered after earlier stores - no fence on x86;
 *   <li>{@code opaque}: {@code setOpaque}, no reordering with itself only;
 *   <li>{@code volatile_}: a volatile field store - the fence;
 *   <li>{@code sequenceRelease}, {@code sequenceVolatile}: the same two stores through core's padded
 *       {@link Sequence}, the component beside the post's field.
 * </ul>
 *
 * Each invocation stores the next value of a counter into one field of this thread's state, so
 * the JIT can neither drop nor merge the stores. How to run: {@code ./mechsym jmh StoreCostBenchmark
 * -f 1 -wi 3 -i 3}. Look for volatile_ several times the others.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class StoreCostBenchmark {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(StoreCostBenchmark.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long value;
    private long next;
    private final Sequence sequence = new Sequence(0);

    @Benchmark
    public void plain() {
        VALUE.set(this, ++next);
    }

    @Benchmark
    public void release() {
        VALUE.setRelease(this, ++next);
    }

    @Benchmark
    public void opaque() {
        VALUE.setOpaque(this, ++next);
    }

    @Benchmark
    public void volatile_() {
        value = ++next;
    }

    @Benchmark
    public void sequenceRelease() {
        sequence.setRelease(++next);
    }

    @Benchmark
    public void sequenceVolatile() {
        sequence.setVolatile(++next);
    }
}

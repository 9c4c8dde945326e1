package mechsym.lab.experiments.dispatch;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One interface call site seeing 1, 2, 3 or 4 receiver types: monomorphic, bimorphic, megamorphic.
 *
 * <p>C2 inlines a call site that has seen one type (guarded by a type check), two types (two
 * checks), and gives up at three: an itable call with no inlining, so no optimisation across the
 * call. Each {@code types} value runs in its own fork, so the profiles never mix. The receivers
 * are interleaved (i % types) over an array of {@value #CALLS}, so every type is seen throughout.
 *
 * <p>How to run: {@code ./mechsym jmh CallSiteBenchmark -f 1 -wi 3 -i 5}. Look for the step
 * between types=2 and types=3.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class CallSiteBenchmark {
    static final int CALLS = 1024;

    @Param({"1", "2", "3", "4"})
    int types;

    private Operation[] operations;
    private int value = 777;

    @Setup(Level.Trial)
    public void setUp() {
        Operation[] kinds = {
            new Operation.StepIncOperation(),
            new Operation.StepDecOperation(),
            new Operation.IncOperation(),
            new Operation.DecOperation()
        };
        operations = new Operation[CALLS];
        for (int i = 0; i < CALLS; i++) {
            operations[i] = kinds[i % types];
        }
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public int callSite() {
        int v = value;
        for (Operation operation : operations) {
            v += operation.map(v);
        }
        return v;
    }
}

package mechsym.lab.experiments.nullcheck;

import java.util.concurrent.TimeUnit;
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
 * The post's benchmark (seed 003, "The cost of a null check"): control flow by a reference that is
 * never null ({@code testPresentPresent}) against control flow by a flag that is always true
 * ({@code testTrueTrue}), and the post's Z copies of both (same code, run later by JMH's
 * alphabetical order, to see whether order matters). Each invocation takes the branch twice.
 *
 * <p>Beside the post: {@code testStaticFinalFlag}, the flag as a {@code static final} read once at
 * class initialisation (the post: "using a static final likely avoids the null checks"); the JIT
 * treats it as a constant and drops the branch.
 *
 * <p>Today's JMH hygiene over the post's: the result is returned (JMH consumes it), the state is
 * per thread, warm-up and forks explicit. How to run: {@code ./mechsym jmh NeverNullAlwaysTrue -f 1
 * -wi 3 -i 5}, and again with {@code -jvmArgsAppend -XX:TieredStopAtLevel=1} for C1 only. Look
 * for: with C2 the rows within a few %; with C1 the true/false rows faster.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class NeverNullAlwaysTrue {
    /** A flag fixed at class initialisation, as code-path switches read from configuration are. */
    private static final boolean FLAG = !Boolean.getBoolean("mechsym.nullcheck.flagOff");

    private Operations ops = new Operations();
    public int output = 0;

    @Benchmark
    public int testPresentPresent() {
        output = doTestPP(output, ops);
        output = doTestPP(output, ops);
        return output;
    }

    private int doTestPP(int input, Operations o) {
        output = input;
        if (o != null) {
            output = o.op1(output);
        } else {
            output = ops.op2(output);
        }
        return output;
    }

    @Benchmark
    public int testTrueTrue() {
        output = doTestTT(output, true);
        output = doTestTT(output, true);
        return output;
    }

    private int doTestTT(int input, boolean b) {
        output = input;
        if (b) {
            output = ops.op1(output);
        } else {
            output = ops.op2(output);
        }
        return output;
    }

    @Benchmark
    public int testZPresentPresent() {
        output = doTestPP(output, ops);
        output = doTestPP(output, ops);
        return output;
    }

    @Benchmark
    public int testZTrueTrue() {
        output = doTestTT(output, true);
        output = doTestTT(output, true);
        return output;
    }

    @Benchmark
    public int testStaticFinalFlag() {
        output = doTestSF(output);
        output = doTestSF(output);
        return output;
    }

    private int doTestSF(int input) {
        output = input;
        if (FLAG) {
            output = ops.op1(output);
        } else {
            output = ops.op2(output);
        }
        return output;
    }
}

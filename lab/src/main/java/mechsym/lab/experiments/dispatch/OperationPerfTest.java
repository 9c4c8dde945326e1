package mechsym.lab.experiments.dispatch;

import mechsym.lab.ForkedJvm;

/**
 * The post's OperationPerfTest, run in a forked JVM: the four operations run one after another
 * through the same call site ({@code operation.map(value)} in {@link #opRun}), each phase ten
 * timed runs, three loops; every run's ops/sec goes to the parent.
 *
 * <pre>args: ITERATIONS LOOPS</pre>
 */
public final class OperationPerfTest {

    /** One timed run: loop, operation, run within the phase, ops/sec. */
    public record Run(int loop, int phase, String operation, int run, long opsPerSec) {}

    private OperationPerfTest() {}

    /** The post's program's two parameters: iterations per run, and loops over the operations. */
    public record Input(int iterations, int loops) {}

    public static void main(String[] args) {
        Input input = ForkedJvm.input(args, Input.class);
        int iterations = input.iterations();
        int loops = input.loops();
        final Operation[] operations = {
            new Operation.StepIncOperation(),
            new Operation.StepDecOperation(),
            new Operation.IncOperation(),
            new Operation.DecOperation()
        };
        int value = 777;
        int phase = 0;
        for (int loop = 0; loop < loops; loop++) {
            for (Operation operation : operations) {
                value = runTests(operation, value, iterations, loop, phase++);
            }
        }
        // the value is used, so no run can be optimised away
        ForkedJvm.progress("value = " + value);
    }

    private static int runTests(Operation operation, int value, int iterations, int loop, int phase) {
        for (int i = 0; i < 10; i++) {
            final long start = System.nanoTime();
            value += opRun(operation, value, iterations);
            final long duration = System.nanoTime() - start;
            final long opsPerSec = (iterations * 1000L * 1000L * 1000L) / Math.max(1, duration);
            ForkedJvm.emit(new Run(loop, phase, operation.getClass().getSimpleName(), i, opsPerSec));
        }
        return value;
    }

    private static int opRun(Operation operation, int value, int iterations) {
        for (int i = 0; i < iterations; i++) {
            value += operation.map(value);
        }
        return value;
    }
}

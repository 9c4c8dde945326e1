package mechsym.lab.experiments.intrinsics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JMH figures of a run, ns per op by benchmark method, one map per round (each a fork per
 * benchmark, the compiled and the disabled forks of a round back to back).
 *
 * @param compiled per round: every benchmark as the JIT compiles it (intrinsics on), the JNI and FFM calls
 * @param disabled per round: the intrinsics' benchmarks with -XX:DisableIntrinsic
 * @param jniProblem why there is no JNI library, or null when it was built
 */
record IntrinsicsFigures(List<Map<String, Double>> compiled, List<Map<String, Double>> disabled, String jniProblem) {
    /** A function: its benchmark, the Java method PrintIntrinsics names, the kernel, the native benchmarks. */
    record Function(String benchmark, String javaMethod, String kernel, String instruction, String ffm) {}

    static final List<Function> FUNCTIONS = List.of(
            new Function("sqrt", "java.lang.Math::sqrt", "sqrt", "sqrtsd", "ffmSqrt"),
            new Function("abs", "java.lang.Math::abs", "abs", "andpd", null),
            new Function("bitCount", "java.lang.Integer::bitCount", "bitCount", "popcnt", null),
            new Function(
                    "numberOfTrailingZeros", "java.lang.Long::numberOfTrailingZeros", "trailingZeros", "tzcnt", null),
            new Function("fma", "java.lang.Math::fma", "fma", "vfmadd", null),
            new Function("nanoTime", "java.lang.System::nanoTime", "nanoTime", null, "ffmClockGettime"),
            new Function("arraycopy", "java.lang.System::arraycopy", "copy", null, null));

    IntrinsicsFigures {
        compiled = compiled.stream().map(Map::copyOf).toList();
        disabled = disabled.stream().map(Map::copyOf).toList();
    }

    /** {@code over} / {@code under} per round, from {@code a}'s and {@code b}'s rounds, where both were measured. */
    static List<Double> ratios(List<Map<String, Double>> a, String over, List<Map<String, Double>> b, String under) {
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < Math.min(a.size(), b.size()); round++) {
            Double top = a.get(round).get(over);
            Double bottom = b.get(round).get(under);
            if (top != null && bottom != null) {
                ratios.add(top / bottom);
            }
        }
        return ratios;
    }
}

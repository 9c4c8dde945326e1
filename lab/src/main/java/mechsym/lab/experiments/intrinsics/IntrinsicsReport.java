package mechsym.lab.experiments.intrinsics;

import static mechsym.lab.experiments.intrinsics.IntrinsicsExperiment.DISABLE_FLAGS;
import static mechsym.lab.experiments.intrinsics.IntrinsicsFigures.FUNCTIONS;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.experiments.intrinsics.IntrinsicsFigures.Function;

/** The intrinsics experiment's cost table, chart and headline, from the rounds' medians (ns per op). */
final class IntrinsicsReport {
    private IntrinsicsReport() {}

    static void costs(
            ExperimentResult.Builder result,
            Map<String, Double> normal,
            Map<String, Double> off,
            String timing,
            int rounds) {
        Table.Builder costs = Table.measured(
                        "intrinsics", "one call per op: intrinsic, disabled, JNI call, FFM downcall (JMH)")
                .column("function")
                .column("compiled (intrinsic)", "ns/op")
                .column("intrinsic disabled", "ns/op")
                .column("disabled / intrinsic", "x")
                .column("JNI call", "ns/op")
                .column("JNI / intrinsic", "x")
                .column("FFM downcall", "ns/op")
                .column("FFM downcall, critical", "ns/op")
                .column("downcall / intrinsic", "x")
                .note("JMH IntrinsicsBenchmark, average time, " + timing + ", " + rounds + " rounds (the compiled and"
                        + " disabled forks of a round back to back): each figure the median over the rounds of a"
                        + " fork's median iteration. Disabled: a fork with "
                        + String.join(" ", DISABLE_FLAGS) + " (Math.sqrt then runs StrictMath's Java code, FdLibm, not"
                        + " a native method). JNI: libm sqrt as the native method JniMath.sqrt, native/mechsym_jni.c"
                        + " loaded with System.load. FFM: libm sqrt and libc clock_gettime(CLOCK_MONOTONIC)"
                        + " through Linker downcalls; critical = Linker.Option.critical (no thread-state"
                        + " transition). Each op includes JMH's own call overhead, the same in every column.");
        for (Function f : FUNCTIONS) {
            Double on = normal.get(f.benchmark());
            Double without = off.get(f.benchmark());
            Double jniCall = f.benchmark().equals("sqrt") ? normal.get("jniSqrt") : null;
            Double ffm = f.ffm() == null ? null : normal.get(f.ffm());
            Double ffmCritical = f.ffm() == null ? null : normal.get(f.ffm() + "Critical");
            costs.row(
                    f.benchmark(),
                    on,
                    without,
                    on == null || without == null ? null : without / on,
                    jniCall,
                    on == null || jniCall == null ? null : jniCall / on,
                    ffm,
                    ffmCritical,
                    on == null || ffm == null ? null : ffm / on);
        }
        result.table(costs.build());
        result.chart(Chart.bar(
                        "intrinsics",
                        "ns per call: intrinsic vs disabled",
                        List.of("intrinsics"),
                        "function",
                        "compiled (intrinsic)",
                        null,
                        "ns/op")
                .withLogY());
    }

    static void headline(ExperimentResult.Builder result, Map<String, Double> normal) {
        if (normal.get("sqrt") != null && normal.get("jniSqrt") != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "sqrt: intrinsic %.2f ns, JNI call of libm sqrt %.2f ns, FFM downcall %s (medians of the rounds)",
                    normal.get("sqrt"),
                    normal.get("jniSqrt"),
                    normal.get("ffmSqrt") == null
                            ? "not measured"
                            : String.format(Locale.ROOT, "%.2f ns", normal.get("ffmSqrt"))));
        }
    }
}

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

/**
 * The intrinsics experiment's cost table, chart and headline, from the rounds' medians (ns per op), and
 * its evidence table from the PrintIntrinsics forks.
 */
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

    /**
     * What the JIT did with one function, as the two PrintIntrinsics forks showed it.
     *
     * @param function the benchmark's name
     * @param printIntrinsics what -XX:+PrintIntrinsics said of its Java method
     * @param printIntrinsicsDisabled the same, with the intrinsics disabled
     * @param instruction the instruction expected in the C2 code, or "(a call)"
     * @param inC2Code whether (and where) the kernel's C2 code holds it
     * @param inC2CodeDisabled the same, with the intrinsics disabled
     */
    record Evidence(
            String function,
            String printIntrinsics,
            String printIntrinsicsDisabled,
            String instruction,
            String inC2Code,
            String inC2CodeDisabled) {}

    static void evidence(ExperimentResult.Builder result, List<Evidence> rows) {
        Table.Builder table = Table.measured("evidence", "what the JIT did with each call (C2)")
                .column("function")
                .column("PrintIntrinsics")
                .column("PrintIntrinsics, disabled")
                .column("instruction")
                .column("in the C2 code")
                .column("in the C2 code, disabled")
                .note("Two forks of IntrinsicKernels (each function in its own method, not inlined) with"
                        + " -XX:+PrintIntrinsics and -XX:CompileCommand=print of the kernels, the second with the"
                        + " intrinsics disabled; code disassembled by native/hsdis (AT&T syntax). The logs are"
                        + " asm-normal.log and asm-disabled.log. With _numberOfTrailingZeros_l off, Long's Java code calls"
                        + " Integer.numberOfTrailingZeros, whose own intrinsic (tzcntl) stays on. PrintIntrinsics"
                        + " names no overload: a Math::abs line marked intrinsic when disabled is abs(int) or"
                        + " abs(long), which stay on; the C2 code column is the kernel's abs(double).");
        rows.forEach(e -> table.row(
                e.function(),
                e.printIntrinsics(),
                e.printIntrinsicsDisabled(),
                e.instruction(),
                e.inC2Code(),
                e.inC2CodeDisabled()));
        result.table(table.build());
    }
}

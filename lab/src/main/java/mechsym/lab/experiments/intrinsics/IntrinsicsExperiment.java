package mechsym.lab.experiments.intrinsics;

import static mechsym.lab.experiments.intrinsics.IntrinsicsFigures.FUNCTIONS;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.AdaptiveRounds;
import mechsym.lab.ChildInput;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Measure;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.intrinsics.IntrinsicsFigures.Function;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.asm.AsmListing;
import mechsym.tools.asm.Hsdis;
import mechsym.tools.asm.PrintAssembly;
import mechsym.tools.platform.NativePrograms;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 004, "Java Intrinsics are not JNI calls" (Psychosomatic Lobotomy Saw, Nitsan Wakart, 2012).
 *
 * Claim: methods such as Math.sqrt, System.nanoTime or System.arraycopy look like Java or native
 * methods in the source, but the JIT replaces them by a few instructions (sqrtsd, popcnt, ...):
 * far cheaper than a real JNI call of the same function, and a boost over the method's own code.
 *
 *   Math.sqrt(x) --C2, intrinsic--> sqrtsd %xmm0,%xmm0                     (inline, no call)
 *                --DisableIntrinsic--> StrictMath.sqrt's Java code (FdLibm.Sqrt, a port of
 *                                      fdlibm's e_sqrt.c): no native call on JDK 25
 *   libm sqrt(x) --JNI (native/mechsym_jni.c)--> Java -> native transition, call, transition back
 *   libm sqrt(x) --FFM downcall--> the same transition, through the Linker
 *
 * Measured: JMH, one call per op, each intrinsic compiled normally and with the intrinsic disabled
 * (-XX:DisableIntrinsic, a diagnostic flag), libm's sqrt as a JNI native method (a one-function
 * library built in native/; without it the JNI row is absent and that sub-claim undecided), and the
 * C library's sqrt / clock_gettime through FFM downcalls (plain and critical). Evidence:
 * -XX:+PrintIntrinsics, and the instruction in the C2 code of a small kernel per intrinsic,
 * disassembled by mechsym's hsdis plugin.
 * Sensitive to: the CPU's features (popcnt, tzcnt need POPCNT/BMI1; vfmadd needs FMA), the JDK's
 * list of intrinsics, the cost of a thread-state transition (FFM without critical).
 *
 * Sizes: quick, three rounds, up to nine while a ratio straddles its line (AdaptiveRounds, within
 * 60 s; about 30 s, up to 70 s, on 2 vCPUs), each a fork per benchmark compiled and with the intrinsics disabled, back to
 * back and turned by round (100 ms warm-up, 2 x 100 ms), the FFM downcalls in the first only; the
 * claims are judged over the rounds (IntrinsicsClaims; the post gives no figure, the lines are ours);
 * full, five rounds of 1 s iterations.
 */
public final class IntrinsicsExperiment implements Experiment {
    /** HotSpot's intrinsic ids switched off in the "disabled" forks (see vmIntrinsics.hpp). */
    static final String DISABLED_IDS =
            "_dsqrt,_dsqrt_strict,_dabs,_bitCount_i,_numberOfTrailingZeros_l,_fmaD,_nanoTime,_arraycopy";

    static final List<String> DISABLE_FLAGS =
            List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:DisableIntrinsic=" + DISABLED_IDS);

    @Override
    public String id() {
        return "intrinsics";
    }

    @Override
    public String title() {
        return "Intrinsics are not JNI calls: Math.sqrt, bitCount, nanoTime... compiled, disabled, and as FFM"
                + " downcalls";
    }

    @Override
    public Seed seed() {
        return SeedPosts.INTRINSICS_ARE_NOT_JNI;
    }

    @Override
    public String claim() {
        return "An intrinsic is compiled into a few instructions, far below the cost of a real JNI call of the same"
                + " function and a boost over the method's own Java (or native) code, which runs without it.";
    }

    @Override
    public List<Table> seedFigures() {
        Table.Builder listed = Table.seed(
                        "seed-intrinsics",
                        "intrinsics the post names (it publishes no measurements)",
                        "no machine: the post measures nothing")
                .column("class")
                .column("methods")
                .note("Copied from the post's list; it points to HotSpot's vmSymbols.hpp (do_intrinsic) for the full"
                        + " list, and to Mike Barker's measurements, which are not in the seeds.");
        listed.row("sun.misc.Unsafe", "almost all of it (the post: 'Almost all intrinsics')");
        listed.row(
                "java.lang.Math",
                "abs(double), sin(double), cos(double), tan(double), atan2(double, double), sqrt(double), log(double),"
                        + " log10(double), pow(double, double), exp(double), min(int, int), max(int, int)");
        listed.row("java.lang.System", "identityHashCode(Object), currentTimeMillis(), nanoTime(), arraycopy(...)");
        return List.of(listed.build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        JmhBenchmarks jmh = context.jmh();
        int warmups = profile.pick(1, 1, 3);
        int iterations = profile.pick(1, 2, 5);
        TimeValue time = TimeValue.milliseconds(profile.pick(50, 100, 1000));
        String timing = JmhBenchmarks.oneForkTiming(warmups, iterations, time);

        NativePrograms.Program jni = NativePrograms.program(JniMath.LIBRARY);
        if (!jni.isAvailable()) {
            result.note("No JNI call in this run: " + jni.problem() + ". It needs make, a C compiler and a JDK's"
                    + " headers (JAVA_HOME).");
        }
        String intrinsicsOnly = IntrinsicsBenchmark.class.getName() + "\\.("
                + String.join("|", FUNCTIONS.stream().map(Function::benchmark).toList()) + ")$";
        // a round is two short JMH forks: a ratio that straddles its line gets the rounds that can decide it
        AdaptiveRounds rounds = profile.pick(
                AdaptiveRounds.fixed(1),
                AdaptiveRounds.of(3, Measure.repetitionsToDropExtremes(), Duration.ofSeconds(60)),
                AdaptiveRounds.fixed(5));
        // the FFM downcalls are context: the first round only; later rounds repeat what the claims judge
        String all = IntrinsicsBenchmark.class.getName() + "\\.";
        String judged = IntrinsicsBenchmark.class.getName() + "\\.("
                + String.join("|", FUNCTIONS.stream().map(Function::benchmark).toList()) + "|jniSqrt)$";
        List<Map<String, Double>> compiled = new ArrayList<>();
        List<Map<String, Double>> disabled = new ArrayList<>();
        String jniProblem = jni.isAvailable() ? null : jni.problem();
        while (rounds.another(() -> IntrinsicsClaims.judge(new IntrinsicsFigures(compiled, disabled, jniProblem)))) {
            int round = rounds.current();
            context.progress().message("JMH: compiled and disabled, round " + (round + 1));
            for (boolean off : Rounds.inTurn(List.of(false, true), round)) {
                ChainedOptionsBuilder these = off
                        ? jmh.options(DISABLE_FLAGS.toArray(String[]::new)).include(intrinsicsOnly)
                        : options(jmh, jni).include(round == 0 ? all : judged);
                Map<String, Double> nanos = new LinkedHashMap<>();
                jmh.run(JmhBenchmarks.oneFork(these, warmups, iterations, time))
                        .forEach(s -> nanos.put(s.method(), s.median()));
                (off ? disabled : compiled).add(nanos);
            }
        }
        IntrinsicsFigures figures = new IntrinsicsFigures(compiled, disabled, jniProblem);
        Map<String, Double> normal = medians(compiled);
        Map<String, Double> off = medians(disabled);

        IntrinsicsReport.costs(result, normal, off, timing, rounds.rounds());
        result.note("Rounds: " + rounds.summary() + ".");
        IntrinsicsReport.evidence(result, evidence(context, result));
        IntrinsicsReport.headline(result, normal);
        result.verdict(IntrinsicsClaims.judge(figures));
    }

    /** The JMH options of the compiled forks: with the JNI library when it was built, without its benchmark if not. */
    private static ChainedOptionsBuilder options(JmhBenchmarks jmh, NativePrograms.Program jni) {
        return jni.isAvailable()
                ? jmh.options(
                        "-D" + JniMath.LIBRARY_PROPERTY + "=" + jni.executable().toAbsolutePath())
                : jmh.options().exclude(IntrinsicsBenchmark.class.getName() + "\\.jniSqrt$");
    }

    /** Per benchmark, the median over the rounds. */
    private static Map<String, Double> medians(List<Map<String, Double>> rounds) {
        Map<String, List<Double>> byMethod = new LinkedHashMap<>();
        rounds.forEach(r -> r.forEach(
                (k, v) -> byMethod.computeIfAbsent(k, x -> new ArrayList<>()).add(v)));
        Map<String, Double> out = new LinkedHashMap<>();
        byMethod.forEach((k, v) -> out.put(k, Summary.of(v).median()));
        return out;
    }

    /** -XX:+PrintIntrinsics and the C2 code of each kernel, normally and with the intrinsics disabled. */
    private static List<IntrinsicsReport.Evidence> evidence(RunContext context, ExperimentResult.Builder result)
            throws Exception {
        Hsdis hsdis = Hsdis.find();
        if (!hsdis.isAvailable()) {
            result.note("The disassembler plugin could not be had, so the instruction column is empty and"
                    + " -XX:+PrintIntrinsics is the evidence: " + hsdis.problem());
        }
        int calls = context.profile().pick(30_000, 200_000, 200_000);
        Map<String, PrintAssembly.Output> runs = new LinkedHashMap<>();
        for (String mode : List.of("normal", "disabled")) {
            List<String> flags = new ArrayList<>(List.of(
                    "-XX:+PrintIntrinsics",
                    "-Xbatch", // compile in the foreground: every kernel reaches C2 within the calls, even on a busy
                    // machine
                    "-XX:CompileCommand=dontinline," + IntrinsicKernels.class.getName() + "::*"));
            if (mode.equals("disabled")) {
                flags.addAll(DISABLE_FLAGS);
            }
            PrintAssembly print = new PrintAssembly(
                            IntrinsicKernels.class.getName(), System.getProperty("java.class.path"))
                    .jvmArgs(flags)
                    .args(List.of(ChildInput.write(new IntrinsicKernels.Input(calls))))
                    .hsdis(hsdis)
                    .timeoutSeconds(120);
            for (Function f : FUNCTIONS) {
                print.method(IntrinsicKernels.class.getName() + "::" + f.kernel());
            }
            PrintAssembly.Output output = print.run(context.workDir().resolve("asm-" + mode + ".log"));
            if (output.exitCode() != 0) {
                throw new IllegalStateException("IntrinsicKernels with -XX:+PrintIntrinsics exited with "
                        + output.exitCode() + ": " + output.failure(5) + " (log: " + output.log() + ")");
            }
            runs.put(mode, output);
        }
        AsmListing normalCode = runs.get("normal").listing();
        AsmListing disabledCode = runs.get("disabled").listing();
        List<IntrinsicsReport.Evidence> rows = new ArrayList<>();
        for (Function f : FUNCTIONS) {
            rows.add(new IntrinsicsReport.Evidence(
                    f.benchmark(),
                    printIntrinsics(runs.get("normal").lines(), f.javaMethod()),
                    printIntrinsics(runs.get("disabled").lines(), f.javaMethod()),
                    f.instruction() == null ? "(a call)" : f.instruction(),
                    instructionFound(normalCode, f),
                    instructionFound(disabledCode, f)));
        }
        return rows;
    }

    /**
     * What -XX:+PrintIntrinsics (with its inlining lines) said about {@code javaMethod}: "intrinsic"
     * if any line marks it so, else the first line's verdict (e.g. "failed to inline: native method"),
     * else "not seen".
     */
    static String printIntrinsics(List<String> lines, String javaMethod) {
        String first = null;
        for (String line : lines) {
            int at = line.indexOf(javaMethod + " (");
            if (at < 0) {
                continue;
            }
            if (line.contains("(intrinsic)") && !line.contains("failed")) {
                return "intrinsic";
            }
            if (first == null) {
                int close = line.indexOf(')', at);
                first = line.substring(close + 1).strip();
            }
        }
        return first == null ? "not seen" : first;
    }

    /** "yes (text)" for the first instruction of the kernel's C2 code with the expected mnemonic. */
    static String instructionFound(AsmListing listing, Function f) {
        if (f.instruction() == null) {
            return "";
        }
        if (!listing.isDisassembled()) {
            return "not disassembled";
        }
        List<AsmListing.CompiledMethod> kernels = listing.named(f.kernel()).stream()
                .filter(AsmListing.CompiledMethod::isC2)
                .filter(m -> m.method().contains(IntrinsicKernels.class.getSimpleName()))
                .toList();
        if (kernels.isEmpty()) {
            return "not compiled by C2";
        }
        for (AsmListing.CompiledMethod m : kernels) {
            for (AsmListing.Instruction i : m.instructions()) {
                if (i.mnemonic().contains(f.instruction())) {
                    return "yes: " + i.text();
                }
            }
        }
        return "no";
    }
}

package mechsym.lab.experiments.intrinsics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.tools.asm.AsmListing;
import org.junit.jupiter.api.Test;

/** Both sub-claims over the rounds, on both sides of their lines (ours: the post gives none) and across them. */
class IntrinsicsClaimsTest {
    private static final List<String> INTRINSICS =
            List.of("sqrt", "abs", "bitCount", "numberOfTrailingZeros", "fma", "nanoTime", "arraycopy");

    private static Map<String, Double> all(double each) {
        Map<String, Double> m = new LinkedHashMap<>();
        INTRINSICS.forEach(name -> m.put(name, each));
        return m;
    }

    private static Map<String, Double> withJni(double jniSqrt) {
        Map<String, Double> normal = all(1.0);
        normal.put("jniSqrt", jniSqrt);
        normal.put("ffmSqrt", 1.0); // the FFM figure is shown, never judged
        return normal;
    }

    /** Rounds: the JNI call at {@code jni[r]} ns, every disabled intrinsic at {@code off[r]} ns, compiled at 1. */
    private static IntrinsicsFigures rounds(double[] jni, double[] off) {
        return new IntrinsicsFigures(
                java.util.Arrays.stream(jni)
                        .mapToObj(IntrinsicsClaimsTest::withJni)
                        .toList(),
                java.util.Arrays.stream(off).mapToObj(IntrinsicsClaimsTest::all).toList(),
                null);
    }

    private static List<Outcome> outcomes(IntrinsicsFigures figures) {
        return IntrinsicsClaims.judge(figures).claims().stream()
                .map(Verdict.Claim::outcome)
                .toList();
    }

    @Test
    void farBelowTheJniCallAndSlowerDisabledInEveryRoundIsReproduced() {
        IntrinsicsFigures figures = rounds(new double[] {8, 9, 7}, new double[] {2, 2.2, 1.9});
        assertThat(IntrinsicsClaims.judge(figures).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(IntrinsicsClaims.judge(figures).claims()).allMatch(Verdict.Claim::lineIsOurs);
        assertThat(IntrinsicsClaims.boost(figures).reason()).contains("sqrt 2.0x");
    }

    @Test
    void belowEitherLineInEveryRoundIsNotReproducedAndAcrossItUndecided() {
        assertThat(outcomes(rounds(new double[] {2.9, 2.5}, new double[] {1.1, 1.0})))
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.NOT_REPRODUCED);
        assertThat(outcomes(rounds(new double[] {2.9, 3.5}, new double[] {1.1, 1.3})))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.INCONCLUSIVE);
        assertThat(outcomes(rounds(new double[] {8}, new double[] {2})))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.INCONCLUSIVE);
    }

    @Test
    void mostFunctionsDecideTheBoostNotOne() {
        Map<String, Double> mostlySame = all(1.0);
        mostlySame.put("sqrt", 5.0);
        IntrinsicsFigures figures =
                new IntrinsicsFigures(List.of(withJni(8), withJni(8)), List.of(mostlySame, mostlySame), null);
        assertThat(IntrinsicsClaims.boost(figures).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void noJniLibraryLeavesThatSubClaimUndecidedSayingWhy() {
        Verdict v = IntrinsicsClaims.judge(new IntrinsicsFigures(
                List.of(all(1.0), all(1.0)),
                List.of(all(2.0), all(2.0)),
                "make libmechsym_jni.so failed (exit 2): no jni.h"));
        assertThat(v.claims().getFirst().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.claims().getFirst().reason()).contains("no jni.h");
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(IntrinsicsClaims.judge(new IntrinsicsFigures(List.of(), List.of(), null))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void printIntrinsicsLinesAreReadPerMethod() {
        List<String> lines = List.of(
                "      @ 1   java.lang.Math::sqrt (5 bytes)   (intrinsic)",
                "      @ 76   java.lang.System::arraycopy (0 bytes)   failed to inline: native method",
                "      @ 11   java.lang.Object::clone (0 bytes)   failed to inline: native method   (intrinsic)");
        assertThat(IntrinsicsExperiment.printIntrinsics(lines, "java.lang.Math::sqrt"))
                .isEqualTo("intrinsic");
        assertThat(IntrinsicsExperiment.printIntrinsics(lines, "java.lang.System::arraycopy"))
                .isEqualTo("failed to inline: native method");
        assertThat(IntrinsicsExperiment.printIntrinsics(lines, "java.lang.Math::fma"))
                .isEqualTo("not seen");
    }

    @Test
    void theInstructionIsFoundInTheKernelsC2Code() {
        AsmListing listing = AsmListing.parse(List.of(
                "Compiled method (c2) 55    7             mechsym.lab.experiments.intrinsics.IntrinsicKernels::sqrt"
                        + " (5 bytes)",
                "  0x00007f45344b5520:   vsqrtsd %xmm0, %xmm0, %xmm0",
                "  0x00007f45344b5524:   retq"));
        IntrinsicsFigures.Function sqrt = IntrinsicsFigures.FUNCTIONS.get(0);
        assertThat(IntrinsicsExperiment.instructionFound(listing, sqrt)).isEqualTo("yes: vsqrtsd %xmm0, %xmm0, %xmm0");
        assertThat(IntrinsicsExperiment.instructionFound(listing, IntrinsicsFigures.FUNCTIONS.get(2)))
                .isEqualTo("not compiled by C2");
    }
}

package mechsym.lab.experiments.intrinsics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Verdict;
import mechsym.tools.asm.AsmListing;
import org.junit.jupiter.api.Test;

class IntrinsicsExperimentTest {
    private static final List<String> INTRINSICS =
            List.of("sqrt", "abs", "bitCount", "numberOfTrailingZeros", "fma", "nanoTime", "arraycopy");

    private static Map<String, Double> all(double each) {
        Map<String, Double> m = new LinkedHashMap<>();
        INTRINSICS.forEach(name -> m.put(name, each));
        return m;
    }

    private static Verdict verdictOf(Map<String, Double> normal, Map<String, Double> disabled) {
        ExperimentResult.Builder builder = new ExperimentResult.Builder(new IntrinsicsExperiment());
        IntrinsicsExperiment.verdict(builder, normal, disabled, null);
        return builder.ok(1).verdict();
    }

    private static Map<String, Double> withJni(double jniSqrt) {
        Map<String, Double> normal = all(1.0);
        normal.put("jniSqrt", jniSqrt);
        normal.put("ffmSqrt", 1.0); // the FFM figure is shown, never judged
        return normal;
    }

    @Test
    void farBelowTheJniCallAndSlowerDisabledIsReproduced() {
        Verdict v = verdictOf(withJni(8.0), all(2.0));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
        assertThat(v.reason()).contains("JNI sqrt 8.00 ns", "8.0x", "7 of 7");
    }

    @Test
    void aJniCallUnderThreeTimesTheIntrinsicFailsThatSubClaim() {
        Verdict v = verdictOf(withJni(2.9), all(2.0));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.claims())
                .extracting(Verdict.Claim::outcome)
                .containsExactly(Verdict.Outcome.NOT_REPRODUCED, Verdict.Outcome.REPRODUCED);
        assertThat(verdictOf(withJni(3.0), all(2.0)).outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
    }

    @Test
    void fallbacksAsFastAsTheIntrinsicFailThatSubClaim() {
        Map<String, Double> disabled = all(1.1);
        disabled.put("sqrt", 5.0); // one of seven is not most
        Verdict v = verdictOf(withJni(10.0), disabled);
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("1 of 7");
    }

    @Test
    void neitherIsNotReproduced() {
        assertThat(verdictOf(withJni(1.5), all(1.0)).outcome()).isEqualTo(Verdict.Outcome.NOT_REPRODUCED);
    }

    @Test
    void noJniLibraryLeavesThatSubClaimUndecidedSayingWhy() {
        Verdict v = IntrinsicsExperiment.judge(all(1.0), all(2.0), "make libmechsym_jni.so failed (exit 2): no jni.h");
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.claims().getFirst().outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(v.reason()).contains("no jni.h");
    }

    @Test
    void missingScoresAreInconclusive() {
        Verdict v = verdictOf(all(1.0), Map.of());
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(v.reason()).contains("disabled");
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
        IntrinsicsExperiment.Function sqrt = IntrinsicsExperiment.FUNCTIONS.get(0);
        assertThat(IntrinsicsExperiment.instructionFound(listing, sqrt)).isEqualTo("yes: vsqrtsd %xmm0, %xmm0, %xmm0");
        assertThat(IntrinsicsExperiment.instructionFound(listing, IntrinsicsExperiment.FUNCTIONS.get(2)))
                .isEqualTo("not compiled by C2");
    }
}

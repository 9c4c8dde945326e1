package mechsym.lab.experiments.stringinternals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** The reading claims over the rounds on both sides of their lines (ours) and across them; the writes as facts. */
class StringInternalsClaimsTest {
    private static final FinalFieldWrites.Case REFUSED =
            new FinalFieldWrites.Case("VarHandle.set on String.value", "refused", "UnsupportedOperationException");
    private static final FinalFieldWrites.Case CORRUPTED =
            new FinalFieldWrites.Case("Unsafe.putObject of String.value", "corrupted", "stale hash");
    private static final FinalFieldWrites.Case UNHARMED =
            new FinalFieldWrites.Case("Unsafe.putObject of String.value", "no effect seen", "");

    /** One round: getBytes / in place at 16 and at 65536 chars (in place at 1 ns). */
    private static Map<Integer, Map<String, Double>> round(double copy16, double copy64k) {
        return Map.of(
                16,
                        Map.of(
                                "getBytes",
                                copy16,
                                "getChars",
                                copy16 * 2,
                                "latin1Strings",
                                1.0,
                                "unsafe",
                                1.1,
                                "charAt",
                                3.0),
                65536, Map.of("getBytes", copy64k, "getChars", copy64k * 2, "latin1Strings", 1.0, "unsafe", 1.2));
    }

    private static List<Outcome> outcomes(
            List<Map<Integer, Map<String, Double>>> rounds, FinalFieldWrites.Case... cases) {
        return StringInternalsClaims.judge(new StringInternalsFigures(rounds, List.of(cases))).claims().stream()
                .map(Verdict.Claim::outcome)
                .toList();
    }

    @Test
    void aSavingAndAnUnsafeWriteIsReproduced() {
        var figures = new StringInternalsFigures(List.of(round(1.2, 8), round(1.3, 9)), List.of(REFUSED, CORRUPTED));
        Verdict verdict = StringInternalsClaims.judge(figures);
        assertThat(verdict.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(verdict.claims()).hasSize(2);
        assertThat(verdict.claims().get(0).lineIsOurs()).isTrue();
        assertThat(verdict.claims().get(1).lineIsOurs()).isFalse();
    }

    @Test
    void eachReadingClaimOnTheOtherSideOfItsLineOrAcrossIt() {
        // saving 1.2-1.3x at the longest, below 1.5x
        assertThat(outcomes(List.of(round(4, 1.2), round(4, 1.3)), REFUSED, CORRUPTED))
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.REPRODUCED);
        // one round on each side of the line
        assertThat(outcomes(List.of(round(1.2, 8), round(4, 1.3)), REFUSED, CORRUPTED))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.REPRODUCED);
        assertThat(outcomes(List.of(round(1.2, 8)), REFUSED, CORRUPTED))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.REPRODUCED);
    }

    @Test
    void noCorruptionShownFailsOnlyTheWriteClaim() {
        assertThat(outcomes(List.of(round(1.2, 8), round(1.3, 9)), REFUSED, UNHARMED))
                .containsExactly(Outcome.REPRODUCED, Outcome.NOT_REPRODUCED);
    }

    @Test
    void missingFiguresAreUndecided() {
        Verdict verdict = StringInternalsClaims.judge(new StringInternalsFigures(List.of(), List.of()));
        assertThat(verdict.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(verdict.claims().get(1).reason()).contains("reported nothing");
        assertThat(outcomes(List.of(Map.of(16, Map.of("getBytes", 1.0)), Map.of(16, Map.of("getBytes", 1.0)))))
                .containsOnly(Outcome.INCONCLUSIVE);
    }

    @Test
    void zeroCopyIsThereExactlyWhenJavaLangIsOpenedAndSharesTheArray() {
        boolean opened = String.class.getModule().isOpen("java.lang", StringInternals.class.getModule());
        assertThat(StringInternals.ZERO_COPY != null).isEqualTo(opened);
        if (!opened) {
            assertThat(StringInternals.ZERO_COPY_PROBLEM).contains("java.lang");
            return;
        }
        byte[] bytes = StringInternals.asciiText(8).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        String shared = StringInternals.zeroCopy(bytes);
        bytes[0] = 'Z';
        assertThat(shared).startsWith("Z");
    }

    @Test
    void theUnsafeReadIsTheStringsOwnText() {
        assertThat(StringInternals.UNSAFE).as(StringInternals.UNSAFE_PROBLEM).isNotNull();
        String text = StringInternals.asciiText(40);
        assertThat(new String(StringInternals.unsafeLatin1(text), java.nio.charset.StandardCharsets.ISO_8859_1))
                .isEqualTo(text);
        assertThat(StringInternals.unsafeLatin1("\u0141")).as("UTF-16").isNull();
        assertThat(StringInternals.asciiText(40)).isEqualTo(text).matches("[A-Za-z0-9]{40}");
    }
}

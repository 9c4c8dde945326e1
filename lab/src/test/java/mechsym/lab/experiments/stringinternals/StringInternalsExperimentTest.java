package mechsym.lab.experiments.stringinternals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Verdict;
import org.junit.jupiter.api.Test;

class StringInternalsExperimentTest {
    private static final FinalFieldWrites.Case REFUSED =
            new FinalFieldWrites.Case("VarHandle.set on String.value", "refused", "UnsupportedOperationException");
    private static final FinalFieldWrites.Case CORRUPTED =
            new FinalFieldWrites.Case("Unsafe.putObject of String.value", "corrupted", "stale hash");
    private static final FinalFieldWrites.Case UNHARMED =
            new FinalFieldWrites.Case("Unsafe.putObject of String.value", "no effect seen", "");

    /** getBytes / in place at 16 and at 65536 chars. */
    private static Map<Integer, Map<String, Double>> reads(double copy16, double copy64k) {
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

    private static Verdict verdictOf(Map<Integer, Map<String, Double>> reads, List<FinalFieldWrites.Case> cases) {
        ExperimentResult.Builder builder = new ExperimentResult.Builder(new StringInternalsExperiment());
        StringInternalsExperiment.verdict(builder, reads, cases);
        return builder.ok(1).verdict();
    }

    @Test
    void aGrowingSavingAndAnUnsafeWriteIsReproduced() {
        Verdict v = verdictOf(reads(1.2, 3.0), List.of(REFUSED, CORRUPTED));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
        assertThat(v.reason()).contains("1/1.20", "1/3.00", "refused", "corrupted 1");
    }

    @Test
    void aSavingThatShrinksWithLengthIsPartly() {
        Verdict v = verdictOf(reads(6.0, 2.0), List.of(REFUSED, CORRUPTED));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("does not grow");
    }

    @Test
    void aGrowingSavingUnderTheLineIsPartly() {
        Verdict v = verdictOf(reads(1.0, 1.4), List.of(REFUSED, CORRUPTED));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("under 1.5x");
    }

    @Test
    void noCorruptionShownIsPartlyWhenTheReadsHold() {
        Verdict v = verdictOf(reads(1.2, 3.0), List.of(REFUSED, UNHARMED));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("not shown unsafe");
    }

    @Test
    void noSavingAndNoCorruptionIsNotReproduced() {
        assertThat(verdictOf(reads(1.0, 0.9), List.of(UNHARMED)).outcome()).isEqualTo(Verdict.Outcome.NOT_REPRODUCED);
    }

    @Test
    void missingFiguresAreInconclusive() {
        assertThat(verdictOf(reads(1.2, 3.0), List.of()).outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        Verdict v = verdictOf(Map.of(16, Map.of("getBytes", 2.0), 65536, Map.of("unsafe", 1.0)), List.of(REFUSED));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(v.reason()).contains("no score");
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

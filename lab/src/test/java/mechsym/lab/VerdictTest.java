package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

class VerdictTest {
    private static final Claim HOLDS = Claim.judge("a < b", true, Measure.exact(1, "a", 2), "a 1, b 2");
    private static final Claim FAILS = Claim.judge("c < d", false, Measure.exact(3, "c", 2), "c 3, d 2");
    private static final Claim UNDECIDED = Claim.inconclusive("e < f", "too noisy");
    private static final Claim NEEDS_SOCKETS = Claim.notMeasurableHere("cross socket", "two sockets", "one here");

    @Test
    void everySubClaimReproducedIsReproduced() {
        assertThat(Verdict.fromClaims(List.of(HOLDS, HOLDS)).outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void noSubClaimReproducedIsNotReproduced() {
        assertThat(Verdict.fromClaims(List.of(FAILS)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void someReproducedIsPartly() {
        assertThat(Verdict.fromClaims(List.of(HOLDS, FAILS)).outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void aClaimTheMachineCannotShowNeitherHoldsNorFails() {
        Verdict holds = Verdict.fromClaims(List.of(HOLDS, NEEDS_SOCKETS));
        assertThat(holds.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(holds.reason()).contains("1 of 1 sub-claims reproduced", "cannot be shown");
        assertThat(holds.claims().get(1).reason()).contains("Needs: two sockets");
        assertThat(Verdict.fromClaims(List.of(FAILS, NEEDS_SOCKETS)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Verdict none = Verdict.fromClaims(List.of(NEEDS_SOCKETS));
        assertThat(none.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(none.reason()).startsWith("None of the 1 sub-claims can be shown");
    }

    @Test
    void anUndecidedSubClaimKeepsTheVerdictFromBeingWhole() {
        assertThat(Verdict.fromClaims(List.of(HOLDS, UNDECIDED)).outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(Verdict.fromClaims(List.of(UNDECIDED, NEEDS_SOCKETS)).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    /** Every mix of the four sub-claim outcomes, against the rule in fromClaims' Javadoc. */
    @Test
    void everyCombinationOfOutcomes() {
        Claim[] kinds = {HOLDS, FAILS, UNDECIDED, NEEDS_SOCKETS};
        for (int mask = 1; mask < 16; mask++) {
            java.util.List<Claim> claims = new java.util.ArrayList<>();
            for (int k = 0; k < 4; k++) {
                if ((mask & (1 << k)) != 0) {
                    claims.add(kinds[k]);
                }
            }
            boolean held = (mask & 1) != 0;
            boolean failed = (mask & 2) != 0;
            boolean undecided = (mask & 4) != 0;
            Outcome expected = held
                    ? (failed || undecided ? Outcome.PARTLY : Outcome.REPRODUCED)
                    : failed ? Outcome.NOT_REPRODUCED : undecided ? Outcome.INCONCLUSIVE : Outcome.NOT_MEASURABLE_HERE;
            assertThat(Verdict.fromClaims(claims).outcome()).as("%s", claims).isEqualTo(expected);
        }
    }

    @Test
    void nothingReproducedIsNeverPartly() {
        assertThat(Verdict.fromClaims(List.of(FAILS, UNDECIDED)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void aFigureDecidesOnlyWhenItsIntervalDoes() {
        Measure wide = Measure.of(List.of(1.6, 1.9, 2.3), "x"); // 1.6 .. 2.3
        assertThat(Claim.atLeast("a", wide, 1.5, "f").outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(Claim.atLeast("a", wide, 2.5, "f").outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Claim straddles = Claim.atLeast("a", wide, 2.0, "ratio");
        assertThat(straddles.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(straddles.reason())
                .isEqualTo("ratio: 1.90x, min–max 1.60–2.30x (75% CI), n=3; the line 2.00x; the interval"
                        + " straddles the line: undecided");
        assertThat(straddles.measure().line()).isEqualTo(2.0);
        assertThat(Claim.atMost("b", wide, 2.3, "f").outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(Claim.atMost("b", wide, 1.5, "f").outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(Claim.atMost("b", wide, 2.0, "f").outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        Measure one = Measure.of(List.of(5.0), "ns");
        assertThat(Claim.atLeast("c", one, 1, "f").outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(Claim.atLeast("c", wide, 1, "f").withOurLine().lineIsOurs()).isTrue();
    }

    @Test
    void notMeasurableHereNamesTheHardware() {
        Verdict v = Verdict.notMeasurableHere(">= 4 free cores", "2 vCPUs here.");
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(v.reason()).isEqualTo("2 vCPUs here. Needs: >= 4 free cores.");
        assertThat(Verdict.label(v.outcome())).isEqualTo("NOT MEASURABLE HERE");
        assertThatThrownBy(() -> Verdict.notMeasurableHere(null, "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSubClaimHoldsOrNot() {
        assertThatThrownBy(() -> new Claim("x", Outcome.PARTLY, "y"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("split it");
        assertThatThrownBy(() -> Verdict.fromClaims(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void goalsAreTalliedApartFromTheVerdict() {
        assertThat(Goal.tally(List.of())).isEqualTo("none");
        assertThat(Goal.tally(List.of(
                        Goal.judge("x", true, Measure.exact(1, "x", 2), "1"),
                        Goal.judge("y", false, Measure.exact(2, "y", 2), "2"),
                        Goal.notMeasurable("z", "no C"))))
                .isEqualTo("1 of 2 met, 1 not measurable");
    }
}

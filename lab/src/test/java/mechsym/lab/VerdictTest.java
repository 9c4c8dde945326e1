package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

class VerdictTest {
    private static final Claim HOLDS = Claim.judge("a < b", true, "a 1, b 2");
    private static final Claim FAILS = Claim.judge("c < d", false, "c 3, d 2");
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
        assertThat(holds.reason()).contains("1 of 1 sub-claims reproduced", "cannot be shown", "Needs: two sockets");
        assertThat(Verdict.fromClaims(List.of(FAILS, NEEDS_SOCKETS)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Verdict none = Verdict.fromClaims(List.of(NEEDS_SOCKETS));
        assertThat(none.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(none.reason())
                .startsWith("None of the 1 sub-claims can be shown")
                .contains("Needs: two sockets");
    }

    @Test
    void anUndecidedSubClaimKeepsTheVerdictFromBeingWhole() {
        assertThat(Verdict.fromClaims(List.of(HOLDS, UNDECIDED)).outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(Verdict.fromClaims(List.of(UNDECIDED, NEEDS_SOCKETS)).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
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
                        Goal.judge("x", true, "1"), Goal.judge("y", false, "2"), Goal.notMeasurable("z", "no C"))))
                .isEqualTo("1 of 2 met, 1 not measurable");
    }
}

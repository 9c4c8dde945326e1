package mechsym.lab.experiments.cas;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.cas.CasVerdict.Figures;
import org.junit.jupiter.api.Test;

/** Cheap alone (under 15 ns, the post's 6.2-6.8), 2x or more contended; a missing figure never throws. */
class CasVerdictTest {

    @Test
    void cheapAloneAndDearerContendedReproduces() {
        assertThat(CasVerdict.judge(new Figures("C++ LOCK XADD", 6.2, 2, 40.0)).outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void contentionUnderTwiceIsPartly() {
        var v = CasVerdict.judge(new Figures("C++ LOCK XADD", 6.0, 2, 9.0));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("less than 2x");
    }

    @Test
    void dearAloneAndNoDearerContendedIsNotReproduced() {
        assertThat(CasVerdict.judge(new Figures("Java getAndAdd", 40.0, 2, 50.0))
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void oneCoreIsPartly() {
        assertThat(CasVerdict.judge(new Figures("C++ LOCK XADD", 6.0, 1, null)).outcome())
                .isEqualTo(Outcome.PARTLY);
    }

    @Test
    void missingFiguresAreInconclusiveNotAnException() {
        assertThat(CasVerdict.judge(new Figures("C++ LOCK XADD", null, 2, null)).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(CasVerdict.judge(new Figures("C++ LOCK XADD", 40.0, 2, null)).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(CasVerdict.judge(new Figures("C++ LOCK XADD", 6.0, 2, null)).reason())
                .contains("not measured");
    }
}

package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangePointsTest {
    @Test
    void theExactRankTestGivesTheTextbookPValues() {
        // complete separation: 2 of C(8,4) = 70 splits are as extreme, two-sided
        assertThat(ChangePoints.rankTestP(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8}))
                .isCloseTo(2.0 / 70, within(1e-12));
        // three a side can never reach 0.05: 2 of C(6,3) = 20
        assertThat(ChangePoints.rankTestP(new double[] {1, 2, 3}, new double[] {4, 5, 6}))
                .isCloseTo(0.1, within(1e-12));
        // identical samples: every split is as extreme
        assertThat(ChangePoints.rankTestP(new double[] {1, 1, 1, 1}, new double[] {1, 1, 1, 1}))
                .isEqualTo(1.0);
        assertThat(ChangePoints.midRanks(new double[] {3, 1, 3, 2})).containsExactly(3.5, 1, 3.5, 2);
    }

    @Test
    void aStepBeyondTheNoiseIsFoundWhereItStarts() {
        List<Double> values = new ArrayList<>(List.of(10.0, 10.3, 9.8, 10.1, 10.2, 9.9));
        values.addAll(List.of(13.0, 13.2, 12.9, 13.1, 13.3));
        assertThat(ChangePoints.find(values, 5)).containsExactly(6);
    }

    @Test
    void aStepWithinTheNoiseOrNoiseAloneIsNoChange() {
        // the medians move by 0.6, less than the earlier runs' range of 2
        List<Double> withinNoise = List.of(9.0, 11.0, 10.0, 9.5, 10.5, 10.6, 10.7, 10.8, 10.9, 11.0);
        assertThat(ChangePoints.find(withinNoise, 5)).isEmpty();
        Random random = new Random(37);
        int called = 0;
        for (int trial = 0; trial < 400; trial++) {
            List<Double> noise = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                noise.add(10 + random.nextGaussian());
            }
            called += ChangePoints.find(noise, 5).isEmpty() ? 0 : 1;
        }
        // a rank test at 0.05 and the range rule together: noise alone is rarely called a change (~2%)
        assertThat(called).isLessThanOrEqualTo(16);
    }

    @Test
    void aWindowOutsideFourToTenIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChangePoints.find(List.of(1.0), 3))
                .hasMessageContaining("4 to 10");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChangePoints.find(List.of(1.0), 11))
                .hasMessageContaining("4 to 10");
    }

    @Test
    void tooFewRunsAreNeverAChange() {
        assertThat(ChangePoints.find(List.of(1.0, 1.0, 1.0, 9.0, 9.0, 9.0), 5)).isEmpty();
        assertThat(ChangePoints.find(List.of(1.0, 1.0, 1.0, 1.0, 9.0, 9.0, 9.0, 9.0), 5))
                .containsExactly(4);
    }
}

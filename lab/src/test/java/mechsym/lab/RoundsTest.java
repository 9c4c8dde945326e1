package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundsTest {
    @Test
    void evenRoundsKeepTheOrderAndOddRoundsReverseIt() {
        List<String> variants = List.of("ours", "theirs", "jdk");
        assertThat(Rounds.inTurn(variants, 0)).containsExactly("ours", "theirs", "jdk");
        assertThat(Rounds.inTurn(variants, 1)).containsExactly("jdk", "theirs", "ours");
        assertThat(Rounds.inTurn(variants, 2)).containsExactly("ours", "theirs", "jdk");
        // over any two rounds each variant goes first once: neither side of a pair always leads
        assertThat(Rounds.inTurn(List.of("a", "b"), 3).getFirst()).isEqualTo("b");
    }

    @Test
    void ratiosArePairedByRound() {
        // the machine got busier in round 2: both slowed, the ratio did not
        List<Double> ratios = Rounds.ratios(List.of(300.0, 150.0, 330.0), List.of(300.0, 150.0, 300.0));
        assertThat(ratios).hasSize(3);
        assertThat(ratios.get(0)).isCloseTo(1.0, within(1e-12));
        assertThat(ratios.get(1)).isCloseTo(1.0, within(1e-12));
        assertThat(ratios.get(2)).isCloseTo(1.1, within(1e-12));
    }

    @Test
    void anUnfinishedRoundIsLeftOut() {
        assertThat(Rounds.ratios(List.of(2.0, 4.0), List.of(1.0))).containsExactly(2.0);
    }
}

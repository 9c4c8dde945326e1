package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

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
}

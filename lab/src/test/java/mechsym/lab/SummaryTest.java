package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SummaryTest {
    @Test
    void oddCountMedianIsTheMiddleSample() {
        Summary s = Summary.of(5, 1, 3);
        assertThat(s.n()).isEqualTo(3);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.median()).isEqualTo(3);
        assertThat(s.max()).isEqualTo(5);
        assertThat(s.mean()).isEqualTo(3);
        assertThat(s.spread()).isEqualTo(5);
    }

    @Test
    void evenCountMedianIsTheMeanOfTheMiddleTwo() {
        assertThat(Summary.of(4, 1, 2, 3).median()).isEqualTo(2.5);
    }

    @Test
    void noSamplesIsAnError() {
        assertThatThrownBy(Summary::of).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void summaryFillsFourColumnsOfARow() {
        Table t = Table.measured("t", "t")
                .column("case")
                .summaryColumns("ns")
                .row("x", Summary.of(1, 2, 3))
                .build();
        assertThat(t.rows().getFirst()).containsExactly("x", 3, 1.0, 2.0, 3.0);
        assertThat(t.columns()).extracting(Table.Column::name).containsExactly("case", "n", "min", "median", "max");
    }

    @Test
    void rowWithWrongCellCountNamesTheTable() {
        assertThatThrownBy(
                        () -> Table.measured("bad", "t").column("a").row(1, 2).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad");
    }
}

package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmhScoreTest {
    private static JmhBenchmarks.Score score(double mean, List<Double> iterations) {
        return new JmhBenchmarks.Score(
                "Utf8Benchmark.mechsym", Map.of("text", "ascii-long"), mean, 1.0, "ns/op", 4, Map.of(), iterations);
    }

    @Test
    void oneDisturbedIterationMovesTheMeanButNotTheMedian() {
        // what a quick lab measured once: three iterations near 130 ns and one far off
        JmhBenchmarks.Score s = score(2_625, List.of(130.0, 10_000.0, 128.0, 132.0));
        assertThat(s.median()).isEqualTo(131.0);
        assertThat(s.score()).isEqualTo(2_625);
    }

    @Test
    void oddCountMedianIsTheMiddleIteration() {
        assertThat(score(20, List.of(30.0, 10.0, 20.0)).median()).isEqualTo(20.0);
    }

    @Test
    void withoutIterationsTheMedianIsTheScore() {
        assertThat(score(42.5, List.of()).median()).isEqualTo(42.5);
    }

    @Test
    void iterationsAreCopiedNotShared() {
        List<Double> iterations = new ArrayList<>(List.of(1.0, 2.0, 3.0));
        JmhBenchmarks.Score s = score(2, iterations);
        iterations.add(100.0);
        assertThat(s.iterations()).containsExactly(1.0, 2.0, 3.0);
        assertThatThrownBy(() -> s.iterations().add(4.0)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void mediansGiveOneFigurePerForkAndLargestTheMostOfASecondaryResult() {
        List<JmhBenchmarks.Score> rounds = List.of(
                new JmhBenchmarks.Score(
                        "b.m",
                        Map.of(),
                        11,
                        1,
                        "ns/op",
                        3,
                        Map.of("gc.alloc.rate.norm", 0.02),
                        List.of(9.0, 10.0, 14.0)),
                new JmhBenchmarks.Score(
                        "b.m", Map.of(), 12, 1, "ns/op", 3, Map.of("gc.alloc.rate.norm", 48.0), List.of(12.0)),
                new JmhBenchmarks.Score("b.m", Map.of(), 13, 1, "ns/op", 3, Map.of(), List.of()));
        assertThat(JmhBenchmarks.medians(rounds)).containsExactly(10.0, 12.0, 13.0);
        assertThat(JmhBenchmarks.largest(rounds, "gc.alloc.rate.norm")).isEqualTo(48.0);
        assertThat(JmhBenchmarks.largest(rounds, "gc.count")).isNull();
    }
}

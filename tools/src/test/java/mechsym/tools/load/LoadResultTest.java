package mechsym.tools.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.latency.LoadMode;
import org.junit.jupiter.api.Test;

class LoadResultTest {
    private static final LatencySummary NONE = new LatencyRecorder(LoadMode.FIXED_RATE).total();

    /** A run of {@code seconds} whose timeline has intervals of {@code interval} s with {@code perInterval} 200s each. */
    private static LoadResult run(double seconds, double interval, int intervals, long perInterval) {
        List<LoadResult.Second> timeline = new ArrayList<>();
        for (int i = 1; i <= intervals; i++) {
            timeline.add(
                    new LoadResult.Second(i, i * interval, 1000, perInterval, Map.of("200", perInterval), NONE, 8));
        }
        return new LoadResult("fixed", seconds, 0, 0, Map.of(), NONE, Map.of(), Map.of(), 0, timeline);
    }

    @Test
    void sixthsOfASecondGiveTheRatePerSecondNotPerInterval() {
        // 1 s in six intervals of 1/6 s, 1,000 answers each: 6,000/s (not 6,000 / 6 interval numbers)
        LoadResult r = run(1.0, 1.0 / 6, 6, 1_000);
        assertThat(r.ratePerSecondDuringSchedule("200")).isCloseTo(6_000, within(1e-6));
    }

    @Test
    void oneSecondIntervalsGiveTheSameRate() {
        assertThat(run(3.0, 1.0, 3, 500).ratePerSecondDuringSchedule("200")).isCloseTo(500, within(1e-9));
    }

    @Test
    void intervalsThatStartInTheDrainAreLeftOut() {
        // 0.5 s schedule in 0.1 s intervals, then two drain intervals with answers of their own
        LoadResult r = run(0.5, 0.1, 7, 100);
        assertThat(r.ratePerSecondDuringSchedule("200")).isCloseTo(1_000, within(1e-6));
        assertThat(r.secondsDuringSchedule()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void theIntervalOpenWhenTheScheduleEndedCountsToItsMeasuredEnd() {
        // intervals closed late: 0.26, 0.52, 0.78, 1.04 s for a 1 s schedule: the fourth is in, timed to 1.04 s
        List<LoadResult.Second> timeline = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            timeline.add(new LoadResult.Second(i, i * 0.26, 1000, 260, Map.of("200", 260L), NONE, 8));
        }
        LoadResult r = new LoadResult("fixed", 1.0, 0, 0, Map.of(), NONE, Map.of(), Map.of(), 0, timeline);
        assertThat(r.ratePerSecondDuringSchedule("200")).isCloseTo(1_000, within(1e-6));
        assertThat(r.secondsDuringSchedule()).isCloseTo(1.04, within(1e-9));
    }

    @Test
    void noIntervalIsNoRate() {
        assertThat(run(1.0, 0.1, 0, 0).ratePerSecondDuringSchedule("200")).isNaN();
        assertThat(run(1.0, 0.1, 0, 0).secondsDuringSchedule()).isZero();
    }
}

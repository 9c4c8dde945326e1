package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Rounds run to the minimum, then on only while a sub-claim straddles its line, within maximum and budget. */
class AdaptiveRoundsTest {
    private final AtomicLong clock = new AtomicLong();

    /** A sub-claim "at least 2x" over the per-round figures so far. */
    private static Verdict atLeastTwice(List<Double> figures) {
        return Verdict.fromClaims(List.of(Verdict.Claim.atLeast("twice", Measure.of(figures, "x"), 2.0, "f")));
    }

    private int run(AdaptiveRounds rounds, List<Double> perRound, long nanosPerRound) {
        List<Double> seen = new ArrayList<>();
        while (rounds.another(() -> atLeastTwice(seen))) {
            seen.add(perRound.get(rounds.current()));
            clock.addAndGet(nanosPerRound);
        }
        return seen.size();
    }

    @Test
    void aDecidedClaimStopsAtTheMinimum() {
        AdaptiveRounds rounds = AdaptiveRounds.withClock(3, 12, Duration.ofSeconds(60), clock::get);
        assertThat(run(rounds, List.of(3.0, 3.1, 2.9, 3.0, 3.0, 3.0), 1_000_000_000L))
                .isEqualTo(3);
        assertThat(rounds.summary()).isEqualTo("3 rounds (at least 3, at most 12 within 60 s)");
    }

    @Test
    void aStraddlingClaimGetsTheRoundsThatDropItsExtremes() {
        assertThat(Measure.repetitionsToDropExtremes()).isEqualTo(9);
        AdaptiveRounds rounds = AdaptiveRounds.withClock(3, 12, Duration.ofSeconds(60), clock::get);
        // one low round: the range 1.9..3.0 straddles 2x until nine rounds leave out the extremes
        List<Double> figures = List.of(1.9, 3.0, 2.5, 2.6, 2.4, 2.5, 2.6, 2.5, 2.5, 2.5, 2.5, 2.5);
        assertThat(run(rounds, figures, 1_000_000_000L)).isEqualTo(9);
        assertThat(atLeastTwice(figures.subList(0, 9)).outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
        assertThat(rounds.summary())
                .isEqualTo("9 rounds (at least 3, at most 12 within 60 s; more while 'twice' was undecided)");
    }

    @Test
    void theMaximumStopsAnUndecidedClaimAndSaysSo() {
        AdaptiveRounds rounds = AdaptiveRounds.withClock(2, 9, Duration.ofSeconds(60), clock::get);
        List<Double> alternating = List.of(1.5, 2.5, 1.5, 2.5, 1.5, 2.5, 1.5, 2.5, 1.5, 2.5);
        assertThat(run(rounds, alternating, 1_000_000_000L)).isEqualTo(9);
        assertThat(rounds.summary())
                .contains("at most 9 within 60 s; more while 'twice' was undecided; stopped undecided at the maximum)");
    }

    @Test
    void theBudgetMustHoldEveryRoundThatCouldDecide() {
        AdaptiveRounds rounds = AdaptiveRounds.withClock(3, 12, Duration.ofSeconds(47), clock::get);
        // 5 s per round: three take 15 s, the six more up to nine would end at 45 s: they fit; a tenth not
        List<Double> alternating = List.of(1.5, 2.5, 1.5, 2.5, 1.5, 2.5, 1.5, 2.5, 1.5, 2.5, 1.5, 2.5);
        assertThat(run(rounds, alternating, 5_000_000_000L)).isEqualTo(9);
        assertThat(rounds.summary())
                .contains("stopped undecided: the 10 rounds that could decide it would pass the budget)");

        AdaptiveRounds slow = AdaptiveRounds.withClock(3, 12, Duration.ofSeconds(50), clock::get);
        // 10 s per round: nine would take 90 s, so the row stops at its minimum rather than waste six rounds
        assertThat(run(slow, alternating, 10_000_000_000L)).isEqualTo(3);
        assertThat(slow.summary())
                .contains("within 50 s; stopped undecided: the 9 rounds that could decide it would pass the budget)");
    }

    @Test
    void aFixedCountIgnoresTheClaims() {
        AdaptiveRounds rounds = AdaptiveRounds.fixed(2);
        assertThat(run(rounds, List.of(1.5, 2.5, 1.5), 1L)).isEqualTo(2);
        assertThat(rounds.summary()).isEqualTo("2 rounds (fixed in this profile)");
        assertThat(rounds.summary("fork")).isEqualTo("2 forks (fixed in this profile)");
    }

    @Test
    void onlyAStraddlingIntervalCountsAsUndecided() {
        Measure straddling = Measure.of(List.of(1.5, 2.5, 2.0), "x");
        assertThat(AdaptiveRounds.straddles(Verdict.Claim.atLeast("a", straddling, 2.0, "f")))
                .isTrue();
        assertThat(AdaptiveRounds.straddles(Verdict.Claim.atLeast("a", straddling, 1.0, "f")))
                .as("decided")
                .isFalse();
        assertThat(AdaptiveRounds.straddles(Verdict.Claim.notMeasurableHere("a", "SMT", "one core")))
                .isFalse();
        assertThat(AdaptiveRounds.straddles(Verdict.Claim.inconclusive("a", "not run in this profile")))
                .as("no measure: more rounds of this loop cannot decide it")
                .isFalse();
    }

    @Test
    void badBoundsAreRefused() {
        assertThatThrownBy(() -> AdaptiveRounds.of(0, 3, Duration.ofSeconds(1))).hasMessageContaining("minimum");
        assertThatThrownBy(() -> AdaptiveRounds.of(4, 3, Duration.ofSeconds(1))).hasMessageContaining("maximum");
        assertThatThrownBy(() -> AdaptiveRounds.of(3, 6, Duration.ofSeconds(1)))
                .as("three to six rounds can only widen a range")
                .hasMessageContaining("can only widen");
    }
}

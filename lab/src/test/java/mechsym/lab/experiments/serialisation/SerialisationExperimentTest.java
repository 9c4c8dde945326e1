package mechsym.lab.experiments.serialisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Verdict;
import org.junit.jupiter.api.Test;

/** The verdict and the codec goal are computed from the figures, and say which rows compare like for like. */
class SerialisationExperimentTest {
    private static final Map<String, Integer> SIZES =
            Map.of("javaSerialization", 340, "unsafe", 185, "codec", 185, "codecFlyweight", 185, "protobuf", 150);

    private static ExperimentResult verdict(double codec, double flyweight, double agronaInPlace) {
        Map<String, Double> totals = new LinkedHashMap<>();
        totals.put("Java Serialization", 4000.0);
        totals.put("ByteBuffer", 60.0);
        totals.put("Unsafe (the post's)", 40.0);
        totals.put("Agrona UnsafeBuffer", 50.0);
        totals.put(SerialisationExperiment.CODEC, codec);
        totals.put(SerialisationExperiment.CODEC_REUSED, 30.0);
        totals.put(SerialisationExperiment.AGRONA_IN_PLACE, agronaInPlace);
        totals.put(SerialisationExperiment.CODEC_FLYWEIGHT, flyweight);
        ExperimentResult.Builder builder = new ExperimentResult.Builder(new SerialisationExperiment());
        SerialisationExperiment.verdict(builder, totals, SIZES);
        return builder.ok(1);
    }

    @Test
    void theGoalComparesTheFlyweightWithTheFastestOfUnsafeAndAgronaAndSaysItIsNotLikeForLike() {
        ExperimentResult result = verdict(48, 24, 26);
        assertThat(result.headlines())
                .anyMatch(h -> h.contains("reading a new object (like for like): codec 48.0 ns = 1.20x")
                        && h.contains("(40.0 ns)"))
                .anyMatch(h -> h.contains("flyweight write+read no slower")
                        && h.contains("24.0 ns = 0.60x")
                        && h.contains("Agrona read in place: 26.0 ns (flyweight 0.92x)"));
        assertThat(result.goals())
                .singleElement()
                .satisfies(g -> assertThat(g.status()).isEqualTo(Goal.Status.MET))
                .satisfies(g -> assertThat(g.figures()).contains("flyweight 24.0 ns"));
        assertThat(result.notes()).anyMatch(n -> n.contains("not like for like"));
        assertThat(result.verdict().reason()).doesNotContain("codec").doesNotContain("goal");
        assertThat(result.verdict().outcome()).isEqualTo(Verdict.Outcome.PARTLY); // 100x, short of the post's 133x
    }

    @Test
    void aSlowerFlyweightMissesTheGoalAndWithinFivePercentSaysSo() {
        assertThat(verdict(48, 40, 26).goals().getFirst().status()).isEqualTo(Goal.Status.MET);
        assertThat(verdict(48, 43, 26).goals().getFirst())
                .satisfies(g -> assertThat(g.status()).isEqualTo(Goal.Status.MISSED))
                .satisfies(g -> assertThat(g.figures()).doesNotContain("noise"));
        assertThat(verdict(48, 41, 26).goals().getFirst())
                .satisfies(g -> assertThat(g.status()).isEqualTo(Goal.Status.MISSED))
                .satisfies(g -> assertThat(g.figures()).contains("within this run's 5% noise"));
    }
}

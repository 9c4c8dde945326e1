package mechsym.lab.experiments.serialisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.tools.dump.PostObject;
import org.junit.jupiter.api.Test;

/** The post's 133x and 4.6x over the rounds, and its 340 / 185 bytes, on both sides of their lines. */
class SerialisationClaimsTest {
    private static final String NAME = "a.b.PostObjectX"; // 15 chars: 5 fewer than ObjectToBeSerialised
    private static final Map<String, Integer> POST_SIZES = Map.of("javaSerialization", 340, "unsafe", 185);

    /** One round's totals: Java Serialization, ByteBuffer and Unsafe ns. */
    private static Map<String, Double> round(double serialization, double byteBuffer, double unsafe) {
        return Map.of(
                SerialisationFigures.SERIALIZATION, serialization,
                SerialisationFigures.BYTE_BUFFER, byteBuffer,
                SerialisationFigures.UNSAFE, unsafe);
    }

    private static List<Outcome> outcomes(SerialisationFigures figures) {
        return SerialisationClaims.judge(figures).claims().stream()
                .map(Verdict.Claim::outcome)
                .toList();
    }

    @Test
    void thePostsOwnFiguresReproduce() {
        var figures = new SerialisationFigures(
                List.of(round(10_301, 354, 77), round(10_000, 360, 75)), POST_SIZES, "ObjectToBeSerialised");
        var v = SerialisationClaims.judge(figures);
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims().get(0).reason()).contains("134x");
    }

    @Test
    void theSerializedSizeMovesWithTheClassNamesLength() {
        assertThat(SerialisationClaims.expectedSerializedBytes(NAME)).isEqualTo(335);
        var rounds = List.of(round(10_000, 400, 70), round(10_000, 400, 70));
        assertThat(outcomes(new SerialisationFigures(rounds, Map.of("javaSerialization", 335, "unsafe", 185), NAME)))
                .containsOnly(Outcome.REPRODUCED);
        assertThat(outcomes(new SerialisationFigures(rounds, POST_SIZES, NAME)).get(2))
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void ratiosBelowThePostsSizeAreNotReproducedAndAcrossItUndecided() {
        // 20x and 1.5x: far from 75% of 133x and 4.6x
        assertThat(outcomes(new SerialisationFigures(
                        List.of(round(2_000, 150, 100), round(2_100, 160, 100)), POST_SIZES, "ObjectToBeSerialised")))
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.NOT_REPRODUCED, Outcome.REPRODUCED);
        // one round above each line, one below
        assertThat(outcomes(new SerialisationFigures(
                        List.of(round(12_000, 400, 80), round(2_000, 150, 100)), POST_SIZES, "ObjectToBeSerialised")))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.INCONCLUSIVE, Outcome.REPRODUCED);
    }

    @Test
    void missingFiguresAreUndecided() {
        var v = SerialisationClaims.judge(
                new SerialisationFigures(List.of(Map.of(SerialisationFigures.UNSAFE, 77.0)), Map.of(), null));
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.claims().get(2).reason()).contains("sizes were not measured");
    }

    @Test
    void thePostsObjectSerialisesToThePostsSizeForItsClassName() throws Exception {
        var sizes = SerialisationBenchmark.encodedSizes();
        assertThat(sizes.get("javaSerialization"))
                .isEqualTo(SerialisationClaims.expectedSerializedBytes(PostObject.class.getName()));
        assertThat(sizes.get("unsafe")).isEqualTo(SerialisationClaims.POST_BINARY_BYTES);
    }

    /** The size line moves only with the class name: the serialised class has the post's fields and serialVersionUID. */
    @Test
    void theSerialisedClassDiffersFromThePostsOnlyByItsName() {
        ObjectStreamClass descriptor = ObjectStreamClass.lookup(PostObject.class);
        assertThat(descriptor.getSerialVersionUID()).isEqualTo(10275539472837495L);
        assertThat(Arrays.stream(descriptor.getFields()).map(f -> f.getName() + ":" + f.getTypeCode()))
                .containsExactly("orderCode:I", "priority:I", "sourceId:J", "special:Z", "prices:[", "quantities:[");
        assertThat(Arrays.stream(descriptor.getFields()).map(ObjectStreamField::getTypeString))
                .containsExactly(null, null, null, null, "[D", "[J");
    }
}

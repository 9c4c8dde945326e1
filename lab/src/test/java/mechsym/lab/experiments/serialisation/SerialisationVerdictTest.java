package mechsym.lab.experiments.serialisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.util.Arrays;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.serialisation.SerialisationVerdict.Figures;
import mechsym.tools.dump.PostObject;
import org.junit.jupiter.api.Test;

/** The post's 133x and 4.6x, and its 340 / 185 bytes, as lines the verdict can fall on either side of. */
class SerialisationVerdictTest {
    private static final String NAME = "a.b.PostObjectX"; // 15 chars: 5 fewer than ObjectToBeSerialised

    @Test
    void thePostsOwnFiguresReproduce() {
        var v = SerialisationVerdict.judge(new Figures(10_301.0, 354.0, 77.0, 340, 185, "ObjectToBeSerialised"));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("134x").contains("4.6x").contains("as the post's");
    }

    @Test
    void theSerializedSizeMovesWithTheClassNamesLength() {
        assertThat(SerialisationVerdict.expectedSerializedBytes(NAME)).isEqualTo(335);
        assertThat(SerialisationVerdict.judge(new Figures(10_000.0, 400.0, 70.0, 335, 185, NAME))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        var v = SerialisationVerdict.judge(new Figures(10_000.0, 400.0, 70.0, 340, 185, NAME));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("not as the post's");
    }

    @Test
    void theOrderBelowThePostsSizeIsOnlyPartly() {
        // 20x and 1.5x: the order holds, far from 133x and 4.6x
        var v = SerialisationVerdict.judge(new Figures(2_000.0, 150.0, 100.0, 340, 185, "ObjectToBeSerialised"));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("Serialization below it").contains("ByteBuffer below it");
    }

    @Test
    void noOrderAndNoGapIsNotReproduced() {
        var v = SerialisationVerdict.judge(new Figures(300.0, 50.0, 100.0, 340, 185, "ObjectToBeSerialised"));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void missingFiguresAreInconclusiveAndMissingSizesCannotReproduce() {
        assertThat(SerialisationVerdict.judge(new Figures(null, 354.0, 77.0, 340, 185, NAME))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        var v = SerialisationVerdict.judge(new Figures(10_301.0, 354.0, 77.0, null, null, null));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("sizes were not measured");
    }

    @Test
    void thePostsObjectSerialisesToThePostsSizeForItsClassName() throws Exception {
        var sizes = SerialisationBenchmark.encodedSizes();
        assertThat(sizes.get("javaSerialization"))
                .isEqualTo(SerialisationVerdict.expectedSerializedBytes(PostObject.class.getName()));
        assertThat(sizes.get("unsafe")).isEqualTo(SerialisationVerdict.POST_BINARY_BYTES);
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

package mechsym.lab.experiments.utf8;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.utf8.Utf8Figures.Way;
import org.junit.jupiter.api.Test;

/** Each of the post's findings on both sides of its line and straddling it, every text holding it. */
class Utf8ClaimsTest {

    /** The JDK's ways and the post's encoder in two texts, three rounds; {@code postNs} per round in both. */
    private static Utf8FiguresFixture jdk(double encoderDirectNs, double byNameDirectNs, double... postNs) {
        Utf8FiguresFixture f = new Utf8FiguresFixture();
        for (String text : new String[] {"ascii-short", "mixed-short"}) {
            f.way(text, "heap", Way.CHARSET_ENCODER, 40, 41, 40)
                    .way(text, "heap", Way.GET_BYTES_BY_NAME, 50, 50, 51)
                    .way(text, "heap", Way.GET_BYTES_BY_CHARSET, 60, 61, 62)
                    .way(text, "heap", Way.POST_ENCODER, postNs)
                    .way(text, "direct", Way.CHARSET_ENCODER, encoderDirectNs, encoderDirectNs, encoderDirectNs)
                    .way(text, "direct", Way.GET_BYTES_BY_NAME, byNameDirectNs, byNameDirectNs, byNameDirectNs)
                    .way(text, "direct", Way.GET_BYTES_BY_CHARSET, 90, 90, 90)
                    .way(text, "direct", Way.POST_ENCODER, postNs);
        }
        return f;
    }

    @Test
    void theDirectPenaltyNeedsTwiceTheHeapTimeInEveryTextAndTheLineIsOurs() {
        assertThat(Utf8Claims.encoderDirectPenalty(jdk(100, 60, 20, 20, 20).build())
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(Utf8Claims.encoderDirectPenalty(jdk(70, 60, 20, 20, 20).build())
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        // one text reaches 2x in every round, the other only in one: per round the least decides
        Utf8FiguresFixture straddling = jdk(100, 60, 20, 20, 20)
                .way("longer", "heap", Way.CHARSET_ENCODER, 40, 40, 40)
                .way("longer", "direct", Way.CHARSET_ENCODER, 100, 70, 70);
        Verdict.Claim claim = Utf8Claims.encoderDirectPenalty(straddling.build());
        assertThat(claim.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim.lineIsOurs()).isTrue();
        assertThat(claim.reason()).contains("longer 1.75x").contains("straddles");
    }

    @Test
    void getBytesBeatsTheEncoderIntoDirectBuffersWhenTheEncoderIsSlowerInEveryRound() {
        assertThat(Utf8Claims.getBytesBeatsEncoderDirect(
                                jdk(100, 60, 20, 20, 20).build())
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(Utf8Claims.getBytesBeatsEncoderDirect(jdk(50, 60, 20, 20, 20).build())
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        Utf8FiguresFixture straddling = new Utf8FiguresFixture()
                .way("t", "direct", Way.CHARSET_ENCODER, 100, 55, 100)
                .way("t", "direct", Way.GET_BYTES_BY_NAME, 60, 60, 60);
        assertThat(Utf8Claims.getBytesBeatsEncoderDirect(straddling.build()).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void thePostsEncoderAgainstTheBestJdkWayOfEachRound() {
        // heap: the best JDK way is the encoder's 40-41 ns; 40 / 30 = 1.33x in every round
        assertThat(Utf8Claims.postEncoderFaster(jdk(100, 60, 30, 30, 30).build(), false)
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(Utf8Claims.postEncoderFaster(jdk(100, 60, 36, 36, 36).build(), false)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(Utf8Claims.postEncoderFaster(jdk(100, 60, 30, 36, 30).build(), false)
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        // direct: getBytes by name (60 ns) is the best JDK way
        Verdict.Claim direct =
                Utf8Claims.postEncoderFaster(jdk(100, 60, 40, 40, 40).build(), true);
        assertThat(direct.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(direct.lineIsOurs()).isFalse();
        assertThat(direct.measure().value()).isEqualTo(1.5);
    }

    @Test
    void getBytesByCharsetSlowerNeedsFivePercentInEveryText() {
        // by Charset 60-62 ns against by name 50-51 ns: about 1.2x
        Verdict.Claim slower =
                Utf8Claims.byCharsetSlower(jdk(100, 60, 20, 20, 20).build());
        assertThat(slower.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(slower.lineIsOurs()).isTrue();
        Utf8FiguresFixture same = new Utf8FiguresFixture()
                .way("t", "heap", Way.GET_BYTES_BY_NAME, 50, 50, 50)
                .way("t", "heap", Way.GET_BYTES_BY_CHARSET, 50, 51, 49);
        assertThat(Utf8Claims.byCharsetSlower(same.build()).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Utf8FiguresFixture straddling = new Utf8FiguresFixture()
                .way("t", "heap", Way.GET_BYTES_BY_NAME, 50, 50, 50)
                .way("t", "heap", Way.GET_BYTES_BY_CHARSET, 50, 60, 60);
        assertThat(Utf8Claims.byCharsetSlower(straddling.build()).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void thePostsEncoderMustAllocateNothingInEveryFork() {
        assertThat(Utf8Claims.postEncoderAllocatesNothing(
                                jdk(100, 60, 20, 20, 20).build())
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Utf8Figures allocating = jdk(100, 60, 20, 20, 20)
                .allocating("ascii-short", "heap", Way.POST_ENCODER, 24, 20)
                .build();
        assertThat(Utf8Claims.postEncoderAllocatesNothing(allocating).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void theVerdictNamesNoMechsymEncoderAndAnUnmeasuredFindingIsUndecided() {
        Utf8Figures figures = jdk(100, 60, 30, 30, 30)
                .way("ascii-short", "heap", Way.MECHSYM, 1, 1, 1)
                .way("ascii-short", "direct", Way.MECHSYM, 1, 1, 1)
                .build();
        Verdict verdict = Utf8Claims.judge(figures);
        assertThat(verdict.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(verdict.claims()).hasSize(6);
        assertThat(verdict.claims())
                .allSatisfy(c -> assertThat(c.claim() + c.reason())
                        .doesNotContainIgnoringCase("mechsym")
                        .doesNotContain("Utf8Encoder"));

        Verdict empty = Utf8Claims.judge(new Utf8FiguresFixture().build());
        assertThat(empty.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(empty.claims().getFirst().reason()).startsWith("not measured in this run");
    }
}

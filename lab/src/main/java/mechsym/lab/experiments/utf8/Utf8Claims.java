package mechsym.lab.experiments.utf8;

import static mechsym.lab.experiments.utf8.Utf8Figures.leastOverCases;
import static mechsym.lab.experiments.utf8.Utf8Figures.medians;

import java.util.List;
import java.util.function.Function;
import mechsym.lab.Measure;
import mechsym.lab.Rounds;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.experiments.utf8.Utf8Figures.EncodeCase;
import mechsym.lab.experiments.utf8.Utf8Figures.Way;

/**
 * The utf8 post's findings, judged on this JDK from a run's figures (pure: figures in, verdict out).
 * Each holds "in every text": per round the least of the texts' ratios, over the rounds. Only the
 * post's ways take part: JDK ways and the post's own encoder, never mechsym's (its targets are
 * {@link Utf8Goals}).
 */
final class Utf8Claims {
    /** "Far slower", "quite remarkable": the post shows it on charts only; the line is ours. */
    static final double DIRECT_PENALTY = 2.0;
    /** The post's summary: "a significant (> 30%) performance gain", for heap and direct buffers. */
    static final double POST_SPEED_UP = 1.3;
    /** The post says getBytes by Charset is slower than by name, with no figure: the line is ours. */
    static final double BY_CHARSET_SLOWER = 1.05;

    private Utf8Claims() {}

    static Verdict judge(Utf8Figures figures) {
        return Verdict.fromClaims(List.of(
                encoderDirectPenalty(figures),
                getBytesBeatsEncoderDirect(figures),
                postEncoderFaster(figures, false),
                postEncoderFaster(figures, true),
                byCharsetSlower(figures),
                postEncoderAllocatesNothing(figures)));
    }

    /** CharsetEncoder into a direct buffer far slower than into a heap one (seed 004 "The road divides"). */
    static Claim encoderDirectPenalty(Utf8Figures figures) {
        String claim = "a CharsetEncoder into a direct buffer is far slower than into a heap buffer";
        List<EncodeCase> cases = figures.cases(true, Way.CHARSET_ENCODER);
        Function<EncodeCase, List<Double>> ratios = c -> Rounds.ratios(
                figures.ns(c, Way.CHARSET_ENCODER), figures.ns(Utf8Figures.heapOf(c), Way.CHARSET_ENCODER));
        return atLeast(claim, cases, ratios, DIRECT_PENALTY, "charsetEncoder direct ns / heap ns")
                .withOurLine();
    }

    /** "You are better off using string and copying the bytes into the direct buffer." */
    static Claim getBytesBeatsEncoderDirect(Utf8Figures figures) {
        String claim = "into a direct buffer, getBytes then a copy beats a CharsetEncoder";
        List<EncodeCase> cases = figures.cases(true, Way.GET_BYTES_BY_NAME);
        Function<EncodeCase, List<Double>> ratios =
                c -> Rounds.ratios(figures.ns(c, Way.CHARSET_ENCODER), figures.ns(c, Way.GET_BYTES_BY_NAME));
        return atLeast(claim, cases, ratios, 1.0, "charsetEncoder ns / getBytes(\"UTF-8\") ns, direct");
    }

    /** The post's encoder (unsafe3) more than 30% faster than the JDK's ways, heap and direct. */
    static Claim postEncoderFaster(Utf8Figures figures, boolean direct) {
        String kind = direct ? "direct" : "heap";
        String claim = "the post's one-shot encoder is >= 1.3x the best JDK way into " + kind + " buffers";
        List<EncodeCase> cases = figures.cases(direct, Way.POST_ENCODER);
        Function<EncodeCase, List<Double>> ratios =
                c -> Rounds.ratios(figures.bestJdk(c), figures.ns(c, Way.POST_ENCODER));
        return atLeast(claim, cases, ratios, POST_SPEED_UP, "best JDK way ns / the post's encoder ns, " + kind);
    }

    /** "String.getBytes(Charset) is actually slower than using the Charset name." */
    static Claim byCharsetSlower(Utf8Figures figures) {
        String claim = "getBytes(Charset) is slower than getBytes(name)";
        List<EncodeCase> cases = figures.cases(false, Way.GET_BYTES_BY_NAME);
        Function<EncodeCase, List<Double>> ratios =
                c -> Rounds.ratios(figures.ns(c, Way.GET_BYTES_BY_CHARSET), figures.ns(c, Way.GET_BYTES_BY_NAME));
        return atLeast(claim, cases, ratios, BY_CHARSET_SLOWER, "getBytes(Charset) ns / getBytes(name) ns, heap")
                .withOurLine();
    }

    /** "The encoder ... involves no further memory allocation or copying" (JMH's GC profiler, every fork). */
    static Claim postEncoderAllocatesNothing(Utf8Figures figures) {
        String claim = "the post's one-shot encoder allocates nothing per encode";
        Boolean none = figures.allocatesNothing(Way.POST_ENCODER);
        if (none == null) {
            return Claim.inconclusive(claim, "no fork of the post's encoder was profiled for allocation");
        }
        return Claim.judge(
                claim,
                none,
                figures.largestAllocationMeasure(Way.POST_ENCODER),
                figures.allocationFigures(Way.POST_ENCODER));
    }

    private static Claim atLeast(
            String claim, List<EncodeCase> cases, Function<EncodeCase, List<Double>> ratios, double line, String what) {
        Measure least = leastOverCases(cases, ratios);
        if (least == null) {
            return Claim.inconclusive(claim, "not measured in this run (" + what + ")");
        }
        return Claim.atLeast(
                claim,
                least,
                line,
                what + ", the least of the texts per round (medians: " + medians(cases, ratios, EncodeCase::text)
                        + ")");
    }
}

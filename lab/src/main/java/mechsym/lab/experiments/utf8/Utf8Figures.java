package mechsym.lab.experiments.utf8;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import mechsym.lab.Measure;
import mechsym.lab.Summary;

/**
 * The encode figures of a run: per case (text, buffer) and way, one JMH fork per round it ran in,
 * the rounds in order, so that round {@code r} of two ways were measured minutes apart at most.
 *
 * @param encode per case and way, the forks in round order
 */
record Utf8Figures(Map<EncodeCase, Map<Way, List<Fork>>> encode) {

    Utf8Figures {
        Map<EncodeCase, Map<Way, List<Fork>>> copy = new LinkedHashMap<>();
        encode.forEach((c, ways) -> {
            Map<Way, List<Fork>> byWay = new LinkedHashMap<>();
            ways.forEach((way, forks) -> byWay.put(way, List.copyOf(forks)));
            copy.put(c, byWay);
        });
        encode = copy;
    }

    /** The ways a String goes into a buffer here, as {@link Utf8Benchmark} names its methods. */
    enum Way {
        /** {@code getBytes("UTF-8")} then a put: the post's "string". */
        GET_BYTES_BY_NAME("stringGetBytesByName", true),
        /** {@code getBytes(UTF_8)} then a put: the post's "string2". */
        GET_BYTES_BY_CHARSET("stringGetBytes", true),
        /** A reused encoder over a reused char[]: the post's "chars2". */
        CHARSET_ENCODER("charsetEncoder", false),
        /** The post's one-shot encoder ("unsafe3"), ported. */
        POST_ENCODER("postEncoder", false),
        /** mechsym's reused Utf8Encoder, through the public API. */
        MECHSYM("mechsym", false),
        /** The same in a JVM with java.lang opened to it. */
        MECHSYM_OPENED("mechsymOpened", false),
        /** Agrona's putStringWithoutLengthUtf8 (getBytes, then a copy): context. */
        AGRONA("agrona", true),
        /** A reused encoder over CharBuffer.wrap(text): the post's "bytebuffer", context. */
        CHAR_BUFFER_WRAP("charBufferWrap", true),
        /** A new encoder per String: the post's "once", context. */
        CHARSET_ENCODER_ONCE("charsetEncoderOnce", true),
        /** getBytes into its own array, no buffer: the post's array target, context. */
        GET_BYTES_TO_ARRAY("stringGetBytesToArray", true);

        /** The JDK's ways the post and mechsym's goals compare with: the best of them in each round. */
        static final List<Way> JDK = List.of(GET_BYTES_BY_NAME, GET_BYTES_BY_CHARSET, CHARSET_ENCODER);

        final String method;
        /** Whether it allocates per encode (its forks run on a pre-touched heap). */
        final boolean allocates;

        Way(String method, boolean allocates) {
            this.method = method;
            this.allocates = allocates;
        }

        static Way ofMethod(String method) {
            for (Way way : values()) {
                if (way.method.equals(method)) {
                    return way;
                }
            }
            throw new IllegalArgumentException("no encode way is named " + method);
        }
    }

    /** One encode case: a text ("ascii-short") into a buffer kind ("heap" or "direct"). */
    record EncodeCase(String text, String buffer) {
        boolean direct() {
            return "direct".equals(buffer);
        }

        String label() {
            return text + " / " + buffer;
        }
    }

    /**
     * One fork of one way in one case.
     *
     * @param ns its median measurement iteration, ns per encode
     * @param allocated bytes allocated per encode (JMH's GC profiler), or null when not profiled
     */
    record Fork(double ns, Double allocated) {}

    /** The case's way's ns per round, empty when it was not measured. */
    List<Double> ns(EncodeCase c, Way way) {
        return forks(c, way).stream().map(Fork::ns).toList();
    }

    List<Fork> forks(EncodeCase c, Way way) {
        return encode.getOrDefault(c, Map.of()).getOrDefault(way, List.of());
    }

    /** The cases into one buffer kind that measured {@code way}, in run order. */
    List<EncodeCase> cases(boolean direct, Way way) {
        return encode.keySet().stream()
                .filter(c -> c.direct() == direct && !forks(c, way).isEmpty())
                .toList();
    }

    /** The case of {@code text} into the other buffer kind. */
    static EncodeCase heapOf(EncodeCase direct) {
        return new EncodeCase(direct.text(), "heap");
    }

    /**
     * Per round, the fastest JDK way's ns in {@code c} (the best a user of the JDK alone gets), over
     * the rounds that measured at least one of them.
     */
    List<Double> bestJdk(EncodeCase c) {
        List<Double> best = new ArrayList<>();
        for (int round = 0; ; round++) {
            double fastest = Double.POSITIVE_INFINITY;
            for (Way way : Way.JDK) {
                List<Double> ns = ns(c, way);
                if (round < ns.size()) {
                    fastest = Math.min(fastest, ns.get(round));
                }
            }
            if (fastest == Double.POSITIVE_INFINITY) {
                return best;
            }
            best.add(fastest);
        }
    }

    /**
     * Whether {@code way} allocated nothing in any fork (under 1 B/op: JMH's figure is an average, a
     * stray allocation shows as a fraction), or null when no fork of it was profiled.
     */
    Boolean allocatesNothing(Way way) {
        Double largest = largestAllocation(way);
        return largest == null ? null : largest < 1;
    }

    /** "at most 0.01 B/op over every fork and case (JMH -prof gc; under 1 B/op is none)". */
    String allocationFigures(Way way) {
        return String.format(
                Locale.ROOT,
                "at most %.2f B/op over every fork and case (JMH -prof gc; under 1 B/op is none)",
                largestAllocation(way));
    }

    /**
     * The fact that decides "allocates nothing": the largest bytes per encode any fork of {@code way}
     * allocated, over how many forks and cases were profiled.
     */
    Measure largestAllocationMeasure(Way way) {
        long profiled = encode.values().stream()
                .flatMap(ways -> ways.getOrDefault(way, List.of()).stream())
                .filter(f -> f.allocated() != null)
                .count();
        return Measure.exact(largestAllocation(way), "B/op", (int) profiled);
    }

    /** The largest bytes per encode any fork of {@code way} allocated, or null when none was profiled. */
    Double largestAllocation(Way way) {
        return encode.values().stream()
                .flatMap(ways -> ways.getOrDefault(way, List.of()).stream())
                .map(Fork::allocated)
                .filter(a -> a != null)
                .max(Double::compare)
                .orElse(null);
    }

    /**
     * A figure that must hold in every case: per round the least of the cases' per-round ratios, as a
     * measure over the rounds every case finished; null when no case has a ratio.
     *
     * @param ratios each case's ratio per round
     */
    static <C> Measure leastOverCases(List<C> cases, Function<C, List<Double>> ratios) {
        List<List<Double>> perCase =
                cases.stream().map(ratios).filter(r -> !r.isEmpty()).toList();
        if (perCase.isEmpty()) {
            return null;
        }
        int rounds = perCase.stream().mapToInt(List::size).min().orElseThrow();
        List<Double> least = new ArrayList<>(rounds);
        for (int round = 0; round < rounds; round++) {
            int r = round;
            least.add(perCase.stream().mapToDouble(ratio -> ratio.get(r)).min().orElseThrow());
        }
        return Measure.of(least, "x");
    }

    /** "ascii-short 2.1x, ascii-long 18x": each case's median ratio over its rounds. */
    static <C> String medians(List<C> cases, Function<C, List<Double>> ratios, Function<C, String> label) {
        return cases.stream()
                .filter(c -> !ratios.apply(c).isEmpty())
                .map(c -> label.apply(c)
                        + String.format(
                                Locale.ROOT,
                                " %.2fx",
                                Summary.of(ratios.apply(c)).median()))
                .collect(Collectors.joining(", "));
    }
}

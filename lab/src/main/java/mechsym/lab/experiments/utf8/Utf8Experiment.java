package mechsym.lab.experiments.utf8;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.experiments.utf8.Utf8Figures.EncodeCase;
import mechsym.lab.experiments.utf8.Utf8Figures.Fork;
import mechsym.lab.experiments.utf8.Utf8Figures.Way;
import mechsym.lab.seeds.SeedPosts;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 004, "Encode UTF-8 String to a ByteBuffer - faster" (Nitsan Wakart, Psychosomatic Lobotomy
 * Saw, 3 December 2012).
 *
 * Claim: a specialised one-shot encoder (the post's "unsafe3": write the whole String or report
 * overflow and leave the position where it was, reading the String's storage and writing the
 * buffer through Unsafe) is more than 30% faster than the JDK's ways of putting a String into a
 * ByteBuffer, for heap and for direct buffers, and allocates nothing. On the way the post finds
 * that a CharsetEncoder into a direct buffer is far slower than into a heap one (so getBytes then a
 * copy beats it there) and that getBytes(Charset) is slower than getBytes(name).
 *
 * Mechanism: String.getBytes allocates a byte[] per call and then copies it; a CharsetEncoder reused
 * over a reused char[] allocates nothing, but into a direct buffer it falls back to a per-char
 * buffer loop. The post's encoder (PostUtf8Encoder, ported to JDK 25's byte[] Strings) skips the
 * copy out of the String and the buffer's checks. The verdict judges the post's ways alone; mechsym's
 * Utf8Encoder (core.codec, FFM stores, no Unsafe) is measured in the same rounds against the same
 * JDK ways for mechsym's goals (Utf8Goals), and Agrona's putStringWithoutLengthUtf8 beside them.
 * mechsymOpened is mechsym's encoder in forks started with --add-opens java.base/java.lang, where it
 * copies an ASCII String's own bytes.
 *
 * Measured with JMH (Utf8Benchmark): the median iteration of one fork per round, case and way; JMH's
 * GC profiler for bytes allocated per encode. Each round measures every case; within it a case's
 * ways run back to back and the order of buffers and of groups of ways turns round by round
 * (Rounds.inTurn), so a ratio of two ways is taken within a round. Each sub-claim and goal holds in
 * every text: per round the least of the texts' ratios, judged over the rounds (Measure). The heap
 * of the ways that allocate is pre-touched (JmhBenchmarks.ALLOCATING). Texts: ASCII and mixed (1- to
 * 4-byte characters), ~20 and ~1,000 chars. Sensitive to: string length, compact strings (a Latin-1
 * String encodes through an intrinsic in getBytes), the JIT's inlining and loop optimisations.
 *
 * Sizes: tiny, one round of one short text (every way and decoder runs; the guard checks both short
 * texts); quick, three rounds of the four texts (one fork per case and way: 2 x 200 ms warm-up, for
 * C2 to finish on a busy machine, then 3 x 100 ms; about 115 forks, near 150 s on 2 vCPUs), the
 * post's other JDK ways (context) in the first round on the short texts into heap buffers; full, five rounds of 1 s iterations, the context ways in every case,
 * mechsymOpened, and the decode table.
 */
public final class Utf8Experiment implements Experiment {
    private static final String SEED_MACHINE = "Intel i5-2540M 2.6 GHz, Ubuntu 12.04, JDK 5/6/7";
    private static final List<String> TEXTS = List.of("ascii-short", "ascii-long", "mixed-short", "mixed-long");
    private static final List<String> SHORT_TEXTS = List.of("ascii-short", "mixed-short");
    private static final List<String> BUFFERS = List.of("heap", "direct");
    /** The ways every round measures: the post's (judged) and mechsym's (its goals); by Charset into heap only. */
    private static final List<Way> JUDGED = List.of(
            Way.CHARSET_ENCODER, Way.POST_ENCODER, Way.MECHSYM, Way.GET_BYTES_BY_NAME, Way.GET_BYTES_BY_CHARSET);
    /** The post's other JDK ways and Agrona: shown, not judged. */
    private static final List<Way> CONTEXT =
            List.of(Way.AGRONA, Way.CHAR_BUFFER_WRAP, Way.CHARSET_ENCODER_ONCE, Way.GET_BYTES_TO_ARRAY);

    static final String OPENS_JAVA_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    static final String JAVA_LANG_OPENED = "java.lang opened";

    private static final List<String> DECODERS = List.of("decodeJdk", "decodeAgrona", "decodeMechsym");

    @Override
    public String id() {
        return "utf8";
    }

    @Override
    public String title() {
        return "UTF-8 into heap and direct ByteBuffers: the JDK's ways, the post's encoder, mechsym";
    }

    @Override
    public Seed seed() {
        return SeedPosts.UTF8_ENCODE;
    }

    @Override
    public String claim() {
        return "A one-shot UTF-8 encoder that reports overflow is more than 30% faster than the JDK's ways of writing"
                + " a String into a ByteBuffer, heap and direct, with no allocation.";
    }

    @Override
    public List<Table> seedFigures() {
        // the post publishes its timings as charts only; these are its findings as stated in the text
        return List.of(Table.seed("seed-findings", "the post's findings (its figures are charts)", SEED_MACHINE)
                .column("finding")
                .column("post says")
                .row("one-shot encoder (unsafe3) vs best JDK way, heap and direct", "more than 30% faster")
                .row("CharsetEncoder into a direct buffer", "much slower than into a heap buffer")
                .row("getBytes then a copy into a direct buffer vs CharsetEncoder", "better off with getBytes")
                .row("String.getBytes(Charset) vs getBytes(name)", "slower: new encoder per call")
                .row("one-shot encoder allocation", "none besides the encoder itself")
                .row("stealing the String's char[] with Unsafe vs copying it out", "about 10% faster")
                .row(
                        "stealing the String's char[] with reflection vs copying it out",
                        "more expensive: 'crime does not pay'")
                .row("String.getBytes vs other JDK ways", "not bad; improved JDK 5 -> 7")
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        // tiny, a smoke test: JMH on one text runs every way and decoder; the guard checks both short texts
        List<String> texts = profile == Profile.TINY ? SHORT_TEXTS.subList(0, 1) : TEXTS;
        guard(profile == Profile.TINY ? SHORT_TEXTS : texts);
        int rounds = profile.pick(1, 3, 5);
        Map<EncodeCase, Map<Way, List<Fork>>> encoded = new LinkedHashMap<>();
        // full only (a goal of mechsym's, not the post's); false once a JVM with java.lang opened could not
        // read a String's bytes: the others go on
        boolean measureOpened = profile == Profile.FULL;
        JmhBenchmarks jmh = context.jmh();
        for (int round = 0; round < rounds; round++) {
            context.progress()
                    .message(String.format(
                            Locale.ROOT,
                            "JMH: encode, round %d of %d, %d texts x 2 buffers",
                            round + 1,
                            rounds,
                            texts.size()));
            for (String buffer : Rounds.inTurn(BUFFERS, round)) {
                for (String text : texts) {
                    List<Way> ways = new ArrayList<>(JUDGED);
                    if (buffer.equals("direct")) {
                        ways.remove(Way.GET_BYTES_BY_CHARSET); // judged into heap buffers only
                    }
                    if (round == 0
                            && (profile == Profile.FULL || buffer.equals("heap") && SHORT_TEXTS.contains(text))) {
                        ways.addAll(CONTEXT);
                    }
                    // three groups of forks (allocating nothing, java.lang opened, allocating), turned by round
                    List<Group> groups = new ArrayList<>(List.of(Group.QUIET, Group.OPENED, Group.ALLOCATING));
                    if (!measureOpened) {
                        groups.remove(Group.OPENED);
                    }
                    for (Group group : Rounds.inTurn(groups, round)) {
                        List<Way> these = group == Group.OPENED
                                ? List.of(Way.MECHSYM_OPENED)
                                : ways.stream()
                                        .filter(w -> w.allocates == (group == Group.ALLOCATING))
                                        .toList();
                        try {
                            record(encoded, runCase(jmh, profile, group, these, text, buffer));
                        } catch (RunnerException e) {
                            if (group != Group.OPENED) {
                                throw e;
                            }
                            measureOpened = false;
                            result.note("mechsymOpened was not measured: in a JVM started with " + OPENS_JAVA_LANG
                                    + " the encoder could not read a String's own bytes on this JDK (JMH: '"
                                    + e.getMessage() + "'; the fork's error is in utf8/jmh.log).");
                        }
                    }
                }
            }
        }
        Utf8Figures figures = new Utf8Figures(encoded);
        Utf8Report.encode(result, figures, rounds);
        if (profile == Profile.QUICK) {
            result.note("The decode table (context, not the claim) and mechsym's encoder with java.lang opened (its"
                    + " goals) are measured in the full profile only: ./mechsym lab utf8 --profile full.");
        } else {
            context.progress().message("JMH: decode, 3 ways, " + texts.size() + " texts x 2 buffers, one round");
            result.table(Utf8Report.decodeTable(jmh.run(configure(jmh, profile, Group.ALLOCATING)
                    .include(methods(DECODERS))
                    .param("text", texts.toArray(String[]::new))
                    .measurementIterations(profile.pick(1, 3, 5)))));
        }
        result.note("The post's char[] steals (its 'custom', 'unsafe' and 'unsafe2') have no form on this JDK: since"
                + " JDK 9 a String holds a byte[] and a coder, not a char[]; its one-shot encoder reads that storage"
                + " instead (PostUtf8Encoder).");
        result.verdict(Utf8Claims.judge(figures));
        Utf8Goals.judge(figures).forEach(result::goal);
    }

    /** Throws unless every way writes the JDK's bytes in every case and the decoders give the text back. */
    private static void guard(List<String> texts) {
        for (String text : texts) {
            for (String buffer : BUFFERS) {
                Utf8Benchmark guard = new Utf8Benchmark();
                guard.text = text;
                guard.buffer = buffer;
                guard.setUp();
            }
        }
    }

    /** How a case's forks are grouped: JVM flags differ between groups, so each is one JMH run. */
    private enum Group {
        /** The ways that allocate nothing per encode: a fixed heap, not pre-touched. */
        QUIET,
        /** mechsym's encoder with java.lang opened: a JVM flag of its own. */
        OPENED,
        /** The ways that allocate per encode: a pre-touched heap. */
        ALLOCATING
    }

    private static List<JmhBenchmarks.Score> runCase(
            JmhBenchmarks jmh, Profile profile, Group group, List<Way> ways, String text, String buffer)
            throws RunnerException {
        if (ways.isEmpty()) {
            return List.of();
        }
        List<String> methods = ways.stream().map(w -> w.method).toList();
        return jmh.run(configure(jmh, profile, group)
                .include(methods(methods))
                .param("text", text)
                .param("buffer", buffer));
    }

    private static void record(Map<EncodeCase, Map<Way, List<Fork>>> encoded, List<JmhBenchmarks.Score> scores) {
        for (JmhBenchmarks.Score s : scores) {
            encoded.computeIfAbsent(new EncodeCase(s.param("text"), s.param("buffer")), k -> new LinkedHashMap<>())
                    .computeIfAbsent(Way.ofMethod(s.method()), k -> new ArrayList<>())
                    .add(new Fork(s.median(), s.secondary().get(JmhBenchmarks.ALLOCATED_PER_OP)));
        }
    }

    /**
     * One fork per case and way, short iterations: C2 has compiled the encode paths well inside the
     * warm-up, and repetition comes from the rounds. Every fork has the same fixed heap; those of ways
     * that allocate have it pre-touched (JmhBenchmarks.ALLOCATING).
     */
    private static ChainedOptionsBuilder configure(JmhBenchmarks jmh, Profile profile, Group group) {
        List<String> flags = new ArrayList<>(
                group == Group.ALLOCATING ? JmhBenchmarks.allocating(profile) : JmhBenchmarks.FIXED_HEAP);
        if (group == Group.OPENED) {
            flags.add(OPENS_JAVA_LANG);
        }
        return jmh.options(flags.toArray(String[]::new))
                .addProfiler(GCProfiler.class)
                .forks(1)
                .warmupIterations(profile.pick(1, 2, 5))
                .warmupTime(TimeValue.milliseconds(profile.pick(100, 200, 1000)))
                .measurementIterations(profile.pick(1, 3, 10))
                .measurementTime(TimeValue.milliseconds(profile.pick(100, 100, 1000)));
    }

    private static String methods(List<String> methods) {
        return Utf8Benchmark.class.getName() + "\\.(" + String.join("|", methods) + ")$";
    }
}

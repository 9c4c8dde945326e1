package mechsym.lab.experiments.stringinternals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.AdaptiveRounds;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Measure;
import mechsym.lab.Profile;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.seeds.SeedPosts;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 004, "Breaking String encapsulation using Unsafe" (Psychosomatic Lobotomy Saw, Nitsan
 * Wakart, 2012).
 *
 * Claim: reading a String's internal array in place (the post: through Unsafe) spares the copy the
 * public API makes; writing its final fields is not safe.
 *
 * What changed since: String is byte[] value + byte coder (compact strings, JDK 9), java.lang is
 * strongly encapsulated (JDK 16/17: deep reflection needs --add-opens), and sun.misc.Unsafe memory
 * access is deprecated for removal (JEP 471; it warns by default since JDK 24, JEP 498).
 *
 *   public API:  s.getBytes(ISO_8859_1) --copy--> byte[] --read-->      (an allocation + O(n) copy)
 *   in place:    s.value (java.lang opened: core's Latin1Strings view, or Unsafe) --read-->
 *   zero-copy:   new String(bytes, coder) package-private: shares the caller's array
 *
 * Measured: JMH reads of ASCII Strings of 16 .. 64K chars by each way, and the two constructions,
 * in forks with --add-opens java.base/java.lang=ALL-UNNAMED; then a forked JVM writes a String's
 * final field by VarHandle, reflection and Unsafe and reports what became of the String.
 * Sensitive to: allocation speed (TLAB, heap), vectorisation of the read loops, the JDK's String
 * layout (the in-place ways must check it, as core's Latin1Strings does).
 *
 * Sizes: quick, reads of 16, 1,024 and 65,536 chars in three rounds, up to nine while a ratio
 * straddles its line (AdaptiveRounds, within 60 s; the longest by the judged ways again after the
 * first; 100 ms warm-up, 2 x 100 ms), the constructions once: about 25 s, up to 70 s, on 2
 * vCPUs; full, seven
 * lengths, five rounds of 1 s iterations. The post gives no figure: the reading lines are ours
 * (StringInternalsClaims).
 */
public final class StringInternalsExperiment implements Experiment {
    static final String OPEN_JAVA_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";

    @Override
    public String id() {
        return "string-internals";
    }

    @Override
    public String title() {
        return "String internals: reading in place vs the public API's copies, zero-copy construction, and why"
                + " writing is never safe";
    }

    @Override
    public Seed seed() {
        return SeedPosts.BREAKING_STRING_ENCAPSULATION;
    }

    @Override
    public String claim() {
        return "Reading a String's internal array in place saves the O(n) copy the public API makes; writing its"
                + " final fields through Unsafe is not safe.";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed(
                        "seed-string-fields",
                        "the String the post broke into (it publishes no measurements)",
                        "no machine: the post measures nothing (JDK 6/7 String layout)")
                .column("field")
                .column("type")
                .column("the post")
                .row("value", "char[]", "the internal array it gets and sets through Unsafe offsets")
                .row("offset, count", "int", "gone since JDK 7: its update says the code breaks there")
                .note("From the post's text (its code is not in the seed). Today: byte[] value, byte coder, int hash,"
                        + " boolean hashIsZero.")
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        JmhBenchmarks jmh = context.jmh();
        String[] lengths =
                profile.pick(new String[] {"16", "65536"}, new String[] {"16", "1024", "65536"}, new String[] {
                    "16", "64", "256", "1024", "4096", "16384", "65536"
                });
        int warmups = profile.pick(1, 1, 3);
        int iterations = profile.pick(1, 2, 5);
        TimeValue time = TimeValue.milliseconds(profile.pick(50, 100, 1000));
        String timing = JmhBenchmarks.oneForkTiming(warmups, iterations, time);
        // after the first, a round is one short JMH fork per judged way and length: a ratio that straddles
        // its line gets the rounds that can decide it
        AdaptiveRounds rounds = profile.pick(
                AdaptiveRounds.fixed(1),
                AdaptiveRounds.of(3, Measure.repetitionsToDropExtremes(), Duration.ofSeconds(60)),
                AdaptiveRounds.fixed(5));

        // the reads, in rounds: every way and length in the first, the ways and lengths the claims judge after it
        List<Map<Integer, Map<String, Double>>> reads = new ArrayList<>();
        Map<Integer, Map<String, List<Double>>> readsByLength = new TreeMap<>();
        String judgedWays = StringReadBenchmark.class.getName() + "\\.("
                + String.join("|", StringInternalsFigures.COPYING) + "|"
                + String.join("|", StringInternalsFigures.IN_PLACE) + ")$";
        // the final-field writes are judged after the reads: while the rounds run, only the reads decide
        while (rounds.another(() -> StringInternalsClaims.judge(new StringInternalsFigures(reads, List.of())))) {
            int round = rounds.current();
            context.progress().message("JMH: reads, round " + (round + 1));
            Map<Integer, Map<String, Double>> thisRound = new TreeMap<>();
            for (JmhBenchmarks.Score s : jmh.run(JmhBenchmarks.oneFork(
                    jmh.options(OPEN_JAVA_LANG)
                            .include(round == 0 ? StringReadBenchmark.class.getName() + "\\." : judgedWays)
                            .param("length", round == 0 ? lengths : new String[] {lengths[lengths.length - 1]}),
                    warmups,
                    iterations,
                    time))) {
                int length = Integer.parseInt(s.param("length"));
                thisRound.computeIfAbsent(length, k -> new TreeMap<>()).put(s.method(), s.median());
                readsByLength
                        .computeIfAbsent(length, k -> new TreeMap<>())
                        .computeIfAbsent(s.method(), k -> new ArrayList<>())
                        .add(s.median());
            }
            reads.add(thisRound);
        }
        StringInternalsReport.reads(result, readsByLength, timing + ", forks with " + OPEN_JAVA_LANG, rounds.rounds());
        result.note("The reads: " + rounds.summary() + ".");

        Map<Integer, Map<String, JmhBenchmarks.Score>> constructs = byLength(jmh.run(JmhBenchmarks.oneFork(
                jmh.options(OPEN_JAVA_LANG)
                        .include(StringConstructBenchmark.class.getName() + "\\.")
                        .param("length", lengths),
                warmups,
                iterations,
                time)));
        StringInternalsReport.constructs(result, constructs, timing);

        StringInternalsFigures figures = new StringInternalsFigures(reads, finalFieldWrites(context, result));
        result.verdict(StringInternalsClaims.judge(figures));
    }

    /** The forked JVM that writes String's final field, and the Unsafe warning from its log. */
    private static List<FinalFieldWrites.Case> finalFieldWrites(RunContext context, ExperimentResult.Builder result)
            throws Exception {
        String name = "final-field-writes";
        List<FinalFieldWrites.Case> cases = new ArrayList<>(context.fork(FinalFieldWrites.class)
                .name(name)
                .jvmArgs(OPEN_JAVA_LANG, "-Xbatch", "-Xmx64m", "--sun-misc-unsafe-memory-access=warn")
                .input(new FinalFieldWrites.Input(context.profile().pick(50_000, 200_000, 200_000)))
                .timeoutSeconds(120)
                .run(FinalFieldWrites.Case.class));
        Path log = context.workDir().resolve(name + ".log");
        String warning = Files.exists(log)
                ? Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                        .filter(l -> l.contains("sun.misc.Unsafe"))
                        .findFirst()
                        .orElse(null)
                : null;
        cases.add(new FinalFieldWrites.Case(
                "any Unsafe memory access, with --sun-misc-unsafe-memory-access=warn (JDK 25's default)",
                warning == null ? "no warning seen" : "warned",
                warning == null ? "no line naming sun.misc.Unsafe in " + log.getFileName() : warning.strip()));
        StringInternalsReport.finalFieldWrites(result, cases, name + ".log");
        return cases;
    }

    private static Map<Integer, Map<String, JmhBenchmarks.Score>> byLength(List<JmhBenchmarks.Score> scores) {
        Map<Integer, Map<String, JmhBenchmarks.Score>> out = new TreeMap<>();
        for (JmhBenchmarks.Score s : scores) {
            out.computeIfAbsent(Integer.parseInt(s.param("length")), k -> new TreeMap<>())
                    .put(s.method(), s);
        }
        return out;
    }
}

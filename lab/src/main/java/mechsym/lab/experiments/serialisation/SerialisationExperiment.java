package mechsym.lab.experiments.serialisation;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.dump.PostObject;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 000, "Native C/C++ Like Performance For Java Object Serialisation" (Martin Thompson,
 * Mechanical Sympathy, 5 July 2012).
 *
 * Claim: writing and reading back one small object (a long, a boolean, two ints, double[10],
 * long[10]) takes ~10,000 ns with Java Serialization, ~350 ns with ByteBuffer and ~77 ns with
 * Unsafe on a 2.4 GHz Sandy Bridge; the binary forms take 185 bytes, Java Serialization 340.
 *
 * Mechanism: Java Serialization writes class and field descriptions and keeps a handle table per
 * stream; ByteBuffer checks bounds and byte order per call; Unsafe compiles to plain moves. The
 * question for today: does a bounds-checked FFM MemorySegment (mechsym's CodecBuffer) cost what
 * Unsafe costs? Agrona's UnsafeBuffer, the usual library choice, is measured beside it.
 *
 * Measured with JMH (SerialisationBenchmark, beside it): average ns per write and per read,
 * one fork per benchmark per round (every benchmark in turn in each round, the order reversed every
 * other round, so drift does not always fall on the same ways; a fork's figure is its
 * median iteration, a way's the median of the rounds) on a pre-touched heap, and JMH's GC profiler
 * for bytes allocated per operation. Reads allocate a new object as the post's did, except "codec, reused object", which decodes into one instance,
 * and the two in-place reads: mechsym's flyweight (PostObjectFlyweight: bounds and counts checked
 * once at wrap, each field read where it lies) and Agrona read the same way, its like-for-like rival.
 * mechsym's goal for the codec: write + read no slower than the fastest of Unsafe and Agrona. Over the
 * byte[] used here, CodecBuffer writes and reads its scalar fields through byte-array view
 * VarHandles, whose int range checks C2 merges across a message's fields (through FFM each access
 * kept its own check: the codec's write took about 1.35x longer; the flyweight takes the same
 * path over a whole byte[], where through the segment it stayed below Agrona read in place); the two arrays are one
 * MemorySegment.copy each, the copy stub Unsafe also calls (CodecWriteBenchmark has the variants
 * that decided: element loops, tried again inside CodecBuffer, made its write slower in this, the
 * native, byte order; they serve the other order, where the copy would swap in a native call).
 * Sensitive to: inlining (a read that does not inline into the caller's loop costs more), the
 * allocation rate and GC of the reads, the JDK's Java Serialization implementation. The in-place
 * reads are bimodal across JVM forks: when the tiered profile of the flyweight's tiny accessors
 * comes out stale (C2 busy, methods compiled without call-site profiles), C2 judges their call
 * sites cold ("low call site frequency" in -XX:+PrintInlining) and leaves them out of line, which
 * about doubles the read; more forks show both modes, one fork shows either. The arraycopy stub
 * behind the bulk copies (the same for Unsafe and the codec) also varies from fork to fork with the
 * buffer's alignment, so Unsafe, the codec and Agrona write into one shared array (with an array
 * each, the Unsafe write took twice its time in every fork run with the GC profiler, as here).
 *
 * Quick profile: about 75 s: two rounds of one JMH fork per benchmark, on 2 vCPUs (an estimate from
 * its forks and iterations; `./mechsym lab serialisation` prints the measured time as 'done in N
 * s').
 */
public final class SerialisationExperiment implements Experiment {
    private static final String NEHALEM = "Intel 2.8 GHz Nehalem, Java 1.7.0_04";
    private static final String SANDY_BRIDGE = "Intel 2.4 GHz Sandy Bridge, Java 1.7.0_04";

    /** The post's output: way, then write ns and read ns for runs 0..4. */
    private static final Map<String, long[][]> SEED = new LinkedHashMap<>();

    static {
        SEED.put(
                NEHALEM + "|Java Serialization",
                new long[][] {{2517, 2198, 2190, 2221, 2187}, {11570, 11122, 11011, 10972, 10817}});
        SEED.put(NEHALEM + "|ByteBuffer", new long[][] {{264, 248, 262, 300, 247}, {273, 243, 243, 240, 243}});
        SEED.put(NEHALEM + "|Unsafe (the post's)", new long[][] {{99, 53, 63, 46, 48}, {84, 82, 66, 63, 58}});
        SEED.put(
                SANDY_BRIDGE + "|Java Serialization",
                new long[][] {{1940, 1674, 1666, 1666, 1715}, {9006, 8567, 8680, 8623, 8586}});
        SEED.put(SANDY_BRIDGE + "|ByteBuffer", new long[][] {{199, 176, 174, 172, 174}, {198, 178, 174, 183, 180}});
        SEED.put(SANDY_BRIDGE + "|Unsafe (the post's)", new long[][] {{38, 26, 26, 25, 27}, {75, 52, 51, 51, 50}});
    }

    /**
     * One row of the measured table: its name, the benchmarks of its write and read, the key of its
     * encoded size, and what its read gives: a new object (the post's way, and the like-for-like
     * rows), a reused object (every field copied, nothing allocated) or the fields in place.
     */
    private record Way(String name, String write, String read, String size, String reads) {}

    private static final String NEW_OBJECT = "new object";
    private static final String REUSED_OBJECT = "reused object";
    private static final String IN_PLACE = "in place";

    static final String CODEC = "mechsym codec";
    static final String CODEC_REUSED = "mechsym codec, reused object";
    static final String CODEC_FLYWEIGHT = SerialisationGoals.CODEC_FLYWEIGHT;
    static final String AGRONA_IN_PLACE = "Agrona UnsafeBuffer, in place";

    private static final List<Way> WAYS = List.of(
            new Way(
                    "Java Serialization",
                    "javaSerializationWrite",
                    "javaSerializationRead",
                    "javaSerialization",
                    NEW_OBJECT),
            new Way("ByteBuffer", "byteBufferWrite", "byteBufferRead", "byteBuffer", NEW_OBJECT),
            new Way("Unsafe (the post's)", "unsafeWrite", "unsafeRead", "unsafe", NEW_OBJECT),
            new Way("Agrona UnsafeBuffer", "agronaWrite", "agronaRead", "agrona", NEW_OBJECT),
            new Way("protobuf (generated)", "protobufWrite", "protobufRead", "protobuf", NEW_OBJECT),
            new Way(CODEC, "codecWrite", "codecRead", "codec", NEW_OBJECT),
            new Way(CODEC_REUSED, "codecWrite", "codecReusedRead", "codec", REUSED_OBJECT),
            new Way(AGRONA_IN_PLACE, "agronaWrite", "agronaInPlaceRead", "agrona", IN_PLACE),
            new Way(CODEC_FLYWEIGHT, "codecFlyweightWrite", "codecFlyweightRead", "codecFlyweight", IN_PLACE));

    @Override
    public String id() {
        return "serialisation";
    }

    @Override
    public String title() {
        return "Serialising one object: Java Serialization, ByteBuffer, Unsafe, FFM codec, Agrona";
    }

    @Override
    public Seed seed() {
        return SeedPosts.NATIVE_LIKE_SERIALISATION;
    }

    @Override
    public String claim() {
        return "Write + read of the post's object costs ~10,000 ns with Java Serialization, ~350 ns with ByteBuffer"
                + " and ~77 ns with Unsafe (2.4 GHz Sandy Bridge), in 340 vs 185 bytes.";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(seedTable("seed-nehalem", NEHALEM), seedTable("seed-sandy-bridge", SANDY_BRIDGE), seedSizes());
    }

    private static Table seedTable(String id, String machine) {
        Table.Builder t = Table.seed(id, "write and read of the post's object, run 4 of 5 (warmed up)", machine)
                .column("way")
                .column("write", "ns")
                .column("read", "ns")
                .column("total", "ns")
                .note("The post's TestSerialisationPerf: 1,000,000 repetitions per run, 5 runs; run 0 is the"
                        + " warm-up. All five runs are in the seed file; this table quotes run 4.");
        SEED.forEach((key, runs) -> {
            if (key.startsWith(machine + "|")) {
                long write = runs[0][4];
                long read = runs[1][4];
                t.row(key.substring(machine.length() + 1), write, read, write + read);
            }
        });
        return t.build();
    }

    private static Table seedSizes() {
        return Table.seed("seed-sizes", "encoded size of the post's object", "the post's text")
                .column("way")
                .column("bytes", "bytes")
                .row("Java Serialization", 340)
                .row("binary (ByteBuffer, Unsafe)", 185)
                .build();
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        SerialisationBenchmark guard = new SerialisationBenchmark();
        guard.setUp(); // throws unless every way gives the post's ITEM back
        Map<String, Integer> sizes = SerialisationBenchmark.encodedSizes();

        JmhBenchmarks jmh = context.jmh();
        // Rounds: every benchmark once per round, in turn, so each way gets forks at different times; the
        // in-place reads are bimodal across forks (see above), which one fork per way cannot show.
        int rounds = profile.pick(1, 2, 4);
        Map<String, List<JmhBenchmarks.Score>> byMethod = writesAndReads(context, jmh, rounds, sizes);
        List<Map<String, Double>> roundTotals = roundTotals(byMethod, rounds);
        SerialisationReport.measured(result, rows(byMethod, roundTotals, sizes), rounds, sizes);
        SerialisationFigures figures = new SerialisationFigures(roundTotals, sizes, PostObject.class.getName());
        result.verdict(SerialisationClaims.judge(figures));
        SerialisationGoals.judge(figures).forEach(result::goal);
        if (profile == Profile.FULL) {
            context.progress().message("JMH: the codec's alternatives, beside the winner");
            SerialisationReport.alternatives(result, alternatives(jmh));
        }
    }

    /**
     * Every benchmark once per round, in turn, one JMH fork each with the GC profiler: the scores by
     * method. The encoded sizes are taken again after each round, so the size claim rests on every round.
     */
    private static Map<String, List<JmhBenchmarks.Score>> writesAndReads(
            RunContext context, JmhBenchmarks jmh, int rounds, Map<String, Integer> sizes)
            throws org.openjdk.jmh.runner.RunnerException, IOException {
        Profile profile = context.profile();
        Map<String, List<JmhBenchmarks.Score>> byMethod = new LinkedHashMap<>();
        // the methods in the ways' order, run one JMH fork each, reversed every other round (A B .., .. B A),
        // so the machine's drift over a round does not always fall on the same ways
        List<String> methods = WAYS.stream()
                .flatMap(w -> Stream.of(w.write(), w.read()))
                .distinct()
                .toList();
        for (int round = 0; round < rounds; round++) {
            context.progress()
                    .message("JMH: write and read the post's object nine ways, round " + (round + 1) + " of " + rounds);
            for (String method : Rounds.inTurn(methods, round)) {
                for (JmhBenchmarks.Score s :
                        jmh.run(jmh.options(JmhBenchmarks.allocating(profile).toArray(String[]::new))
                                .include(SerialisationBenchmark.class.getName() + "\\." + method + "$")
                                .addProfiler(GCProfiler.class)
                                .forks(1)
                                .warmupIterations(profile.pick(1, 2, 5))
                                .warmupTime(TimeValue.milliseconds(profile.pick(100, 300, 1000)))
                                .measurementIterations(profile.pick(1, 3, 10))
                                .measurementTime(TimeValue.milliseconds(profile.pick(100, 300, 1000))))) {
                    byMethod.computeIfAbsent(s.method(), k -> new ArrayList<>()).add(s);
                }
            }
            Map<String, Integer> again = SerialisationBenchmark.encodedSizes();
            if (!again.equals(sizes)) {
                throw new IllegalStateException(
                        "the encoded sizes changed in round " + (round + 1) + ": " + sizes + " then " + again);
            }
        }
        return byMethod;
    }

    /** Per round, each measured way's write + read (its forks' medians), ns. */
    private static List<Map<String, Double>> roundTotals(Map<String, List<JmhBenchmarks.Score>> byMethod, int rounds) {
        List<Map<String, Double>> roundTotals = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            roundTotals.add(new LinkedHashMap<>());
        }
        for (Way way : WAYS) {
            List<JmhBenchmarks.Score> writes = byMethod.get(way.write());
            List<JmhBenchmarks.Score> reads = byMethod.get(way.read());
            if (writes == null || reads == null) {
                continue;
            }
            for (int round = 0; round < Math.min(writes.size(), reads.size()); round++) {
                roundTotals
                        .get(round)
                        .put(
                                way.name(),
                                writes.get(round).median() + reads.get(round).median());
            }
        }
        return roundTotals;
    }

    /** Each measured way's figures over the rounds, in the table's order. */
    private static List<SerialisationReport.WayRow> rows(
            Map<String, List<JmhBenchmarks.Score>> byMethod,
            List<Map<String, Double>> roundTotals,
            Map<String, Integer> sizes) {
        List<SerialisationReport.WayRow> rows = new ArrayList<>();
        for (Way way : WAYS) {
            List<JmhBenchmarks.Score> writes = byMethod.get(way.write());
            List<JmhBenchmarks.Score> reads = byMethod.get(way.read());
            if (writes == null || reads == null) {
                continue;
            }
            List<Double> totals = roundTotals.stream()
                    .map(round -> round.get(way.name()))
                    .filter(Objects::nonNull)
                    .toList();
            rows.add(new SerialisationReport.WayRow(
                    way.name(),
                    way.reads(),
                    Summary.of(JmhBenchmarks.medians(writes)).median(),
                    Summary.of(JmhBenchmarks.medians(reads)).median(),
                    Summary.of(totals),
                    JmhBenchmarks.largest(writes, JmhBenchmarks.ALLOCATED_PER_OP),
                    JmhBenchmarks.largest(reads, JmhBenchmarks.ALLOCATED_PER_OP),
                    sizes.get(way.size())));
        }
        return rows;
    }

    /**
     * The full profile also measures the alternatives the codec's shape was chosen against, beside
     * the winner, so that the choice stays reproducible: the write's variants ({@code
     * CodecWriteBenchmark}), the byte order's layout constant branched around or inside each access
     * ({@code ConstantLayoutBenchmark}), and the bulk methods' element loop against one copy in
     * either order ({@code BulkArrayBenchmark}). Context, not part of the verdict.
     */
    private static List<JmhBenchmarks.Score> alternatives(JmhBenchmarks jmh)
            throws org.openjdk.jmh.runner.RunnerException {
        return jmh.run(jmh.options(JmhBenchmarks.FIXED_HEAP.toArray(String[]::new))
                .include("(" + CodecWriteBenchmark.class.getName() + "|" + ConstantLayoutBenchmark.class.getName() + "|"
                        + BulkArrayBenchmark.class.getName() + ")\\.")
                .forks(1)
                .warmupIterations(2)
                .warmupTime(TimeValue.milliseconds(300))
                .measurementIterations(3)
                .measurementTime(TimeValue.milliseconds(300)));
    }
}

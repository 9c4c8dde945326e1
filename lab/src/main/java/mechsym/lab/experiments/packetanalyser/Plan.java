package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Profile;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.AnalyserCase;
import mechsym.tools.analyser.Buffers;
import mechsym.tools.analyser.PacketStrategy;
import mechsym.tools.analyser.Strategy;

/**
 * What the packet-analyser experiment runs in a profile: the batch jobs each round measures (in turn,
 * reversed every other round), the rounds, pool sizes, batch and real-time lengths. Real time is a
 * min-interval search per configuration and round ({@code search}, full), or, where the profile cannot
 * afford one, one trial per round of each of {@code referenceTrials} at the post's reference interval
 * (1,000 ns, where the post's tables tell "a number" from "lost"), in windows of {@code
 * referenceWindowMs}; and {@code realTimeRounds} forked trials of the best Java configuration at the
 * goal's interval.
 *
 * @param batch the jobs of one round
 * @param rounds how many rounds: each job's figure is a value per round
 * @param reports timed reports per fork; the fork's value is their median
 * @param referenceTrials the real-time cells a profile without searches decides by one trial each
 * @param referenceWindowMs a reference trial's window after its start-up: long enough to hold a young
 *     collection of the post's 2 GB heap at 1,000 ns per packet, whose pause is what loses packets
 */
record Plan(
        List<BatchJob> batch,
        int rounds,
        PacketStrategy.PoolSizes sizes,
        long warmup,
        long report,
        int reports,
        boolean countObjects,
        String heap,
        String nativeHeap,
        long startupMs,
        long windowMs,
        boolean search,
        int realTimeRounds,
        boolean cppRealTimeTrial,
        List<RealTimeJob> referenceTrials,
        long referenceWindowMs) {

    Plan {
        batch = List.copyOf(batch);
        referenceTrials = List.copyOf(referenceTrials);
        if (search && !referenceTrials.isEmpty()) {
            // a searched cell and a one-trial cell do not compare: the smallest clean interval is not "clean at 1,000"
            throw new IllegalArgumentException("a plan that searches has no reference trials");
        }
    }

    /** The jobs, rounds, sizes and times of one profile. */
    static Plan of(Profile profile) {
        return switch (profile) {
            case TINY -> {
                // a smoke test: case A1000, G1, small pools
                Jobs jobs = new Jobs();
                AnalyserCase a = AnalyserCase.A1000;
                jobs.java(Collector.G1, Buffers.HEAP, Analyser.Parse.OBJECTS, a, Strategy.values());
                jobs.java(Collector.G1, Buffers.NATIVE, Analyser.Parse.OBJECTS, a, Strategy.POOL);
                jobs.java(Collector.G1, Buffers.NATIVE, Analyser.Parse.FLAT, a, Strategy.POOL);
                jobs.cpp(a, Strategy.ALLOC, Strategy.POOL);
                yield new Plan(
                        jobs.list,
                        2,
                        new PacketStrategy.PoolSizes(20_000, 4_000),
                        20_000,
                        10_000,
                        3,
                        true,
                        "256m",
                        "128m",
                        200,
                        400,
                        false,
                        1,
                        true,
                        List.of(reference(Collector.G1, a, Strategy.POOL)),
                        400);
            }
            case QUICK -> {
                // the smallest runs that decide: pooling against allocation under each collector (case B),
                // mix against pooling at low utilisation (case A), flat C++ against the rest, and the goal's
                // best Java (native buffers, flat parse) in both cases; in real time, case A at the post's
                // 1,000 ns, where its tables show Parallel ('CMS') pooling losing packets and allocation,
                // G1 and ZGC pooling not. A fork's timed packets span several young collections of
                // allocation (one about every 400,000 packets here): a shorter report is a toss of whether a
                // collection fell inside it
                Jobs jobs = new Jobs();
                AnalyserCase b = AnalyserCase.B;
                AnalyserCase a = AnalyserCase.A;
                for (Collector collector : List.of(Collector.PARALLEL, Collector.G1, Collector.ZGC)) {
                    jobs.java(collector, Buffers.HEAP, Analyser.Parse.OBJECTS, b, Strategy.ALLOC, Strategy.POOL);
                }
                jobs.java(Collector.PARALLEL, Buffers.NATIVE, Analyser.Parse.FLAT, b, Strategy.POOL);
                jobs.cpp(b, Strategy.ALLOC, Strategy.POOL);
                jobs.java(Collector.G1, Buffers.HEAP, Analyser.Parse.OBJECTS, a, Strategy.MIX, Strategy.POOL);
                jobs.java(Collector.PARALLEL, Buffers.NATIVE, Analyser.Parse.FLAT, a, Strategy.POOL);
                jobs.cpp(a, Strategy.MIX, Strategy.POOL);
                yield new Plan(
                        jobs.list,
                        3,
                        PacketStrategy.PoolSizes.POST,
                        1_000_000,
                        1_000_000,
                        2,
                        false,
                        "2g",
                        "1g",
                        1_000,
                        2_000,
                        false,
                        2,
                        false,
                        List.of(
                                reference(Collector.PARALLEL, a, Strategy.POOL),
                                reference(Collector.PARALLEL, a, Strategy.ALLOC),
                                reference(Collector.G1, a, Strategy.POOL),
                                reference(Collector.ZGC, a, Strategy.POOL)),
                        8_000);
            }
            case FULL -> {
                Jobs jobs = new Jobs();
                for (AnalyserCase c : List.of(AnalyserCase.A, AnalyserCase.B, AnalyserCase.C)) {
                    for (Collector collector : List.of(
                            Collector.PARALLEL,
                            Collector.G1,
                            Collector.ZGC,
                            Collector.SHENANDOAH,
                            Collector.GENERATIONAL_SHENANDOAH)) {
                        jobs.java(collector, Buffers.HEAP, Analyser.Parse.OBJECTS, c, Strategy.values());
                        jobs.java(collector, Buffers.NATIVE, Analyser.Parse.OBJECTS, c, Strategy.values());
                        for (Buffers buffers : Buffers.values()) {
                            jobs.java(
                                    collector,
                                    buffers,
                                    Analyser.Parse.FLAT,
                                    c,
                                    Strategy.ALLOC,
                                    Strategy.MIX,
                                    Strategy.POOL);
                        }
                    }
                    jobs.cpp(c, Strategy.values());
                }
                yield new Plan(
                        jobs.list,
                        3,
                        PacketStrategy.PoolSizes.POST,
                        50_000_000,
                        10_000_000,
                        3,
                        true,
                        "2g",
                        "1g",
                        5_000,
                        10_000,
                        true,
                        2,
                        false,
                        List.of(),
                        0);
            }
        };
    }

    /** A reference trial of the post's Java (heap buffers, objects parse) under {@code collector}. */
    private static RealTimeJob reference(Collector collector, AnalyserCase c, Strategy strategy) {
        return new RealTimeJob(
                new JavaConfig(collector, Buffers.HEAP, Analyser.Parse.OBJECTS),
                c,
                strategy,
                RealTimeJob.Kind.REFERENCE);
    }

    /** The cases the batch jobs cover, in plan order. */
    List<AnalyserCase> cases() {
        return batch.stream().map(BatchJob::analyserCase).distinct().toList();
    }

    /** The distinct Java configurations of the batch jobs. */
    List<JavaConfig> javaConfigs() {
        return batch.stream()
                .filter(j -> j instanceof BatchJob.Java)
                .map(j -> ((BatchJob.Java) j).config())
                .distinct()
                .toList();
    }

    /** Builds a plan's job list. */
    private static final class Jobs {
        private final List<BatchJob> list = new ArrayList<>();

        void java(Collector collector, Buffers buffers, Analyser.Parse parse, AnalyserCase c, Strategy... strategies) {
            JavaConfig config = new JavaConfig(collector, buffers, parse);
            for (Strategy s : strategies) {
                list.add(new BatchJob.Java(config, c, s));
            }
        }

        /** The post's two C++ versions, port and flat, with each strategy. */
        void cpp(AnalyserCase c, Strategy... strategies) {
            for (Solution solution : List.of(Solution.CPP, Solution.CPP_FLAT)) {
                for (Strategy s : strategies) {
                    list.add(new BatchJob.Cpp(solution, c, s));
                }
            }
        }
    }
}

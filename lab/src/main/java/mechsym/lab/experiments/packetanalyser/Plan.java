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
 * What the packet-analyser experiment runs in a profile: cases, collectors, pool sizes, batch and real-time
 * lengths. Real time is a full min-interval search per configuration ({@code search}), or, where the
 * profile cannot afford one, a ladder ({@code ladderNs}, largest first, stopping at the first loss) of the
 * {@code ladderStrategies} with heap buffers under each collector: the post's per-collector real-time
 * tables with a measured counterpart.
 */
record Plan(
        List<AnalyserCase> cases,
        List<Collector> collectors,
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
        List<Long> ladderNs,
        List<Strategy> ladderStrategies,
        List<Strategy> heapStrategies,
        List<Buffers> flatParseBuffers,
        List<Strategy> flatParseStrategies,
        List<Strategy> nativeStrategies,
        List<Strategy> cppStrategies,
        boolean cppRealTimeTrial) {

    /** The cases, collectors, sizes and times of one profile. */
    static Plan of(Profile profile) {
        return switch (profile) {
            case TINY ->
                new Plan(
                        List.of(AnalyserCase.A1000),
                        List.of(Collector.G1),
                        new PacketStrategy.PoolSizes(20_000, 4_000),
                        20_000,
                        20_000,
                        2,
                        true,
                        "256m",
                        "128m",
                        200,
                        400,
                        false,
                        List.of(),
                        List.of(),
                        List.of(Strategy.values()),
                        List.of(Buffers.NATIVE),
                        List.of(Strategy.POOL),
                        List.of(Strategy.POOL),
                        List.of(Strategy.ALLOC, Strategy.POOL),
                        true);
            case QUICK ->
                new Plan(
                        List.of(AnalyserCase.B),
                        List.of(Collector.PARALLEL, Collector.G1, Collector.ZGC),
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
                        List.of(1_000L, 500L, 250L),
                        List.of(Strategy.POOL),
                        List.of(Strategy.ALLOC, Strategy.MIX, Strategy.POOL),
                        List.of(Buffers.NATIVE),
                        List.of(Strategy.POOL),
                        List.of(Strategy.ALLOC, Strategy.POOL),
                        List.of(Strategy.ALLOC, Strategy.MIX, Strategy.POOL),
                        false);
            case FULL ->
                new Plan(
                        List.of(AnalyserCase.A, AnalyserCase.B, AnalyserCase.C),
                        List.of(
                                Collector.PARALLEL,
                                Collector.G1,
                                Collector.ZGC,
                                Collector.SHENANDOAH,
                                Collector.GENERATIONAL_SHENANDOAH),
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
                        List.of(),
                        List.of(),
                        List.of(Strategy.values()),
                        List.of(Buffers.HEAP, Buffers.NATIVE),
                        List.of(Strategy.ALLOC, Strategy.MIX, Strategy.POOL),
                        List.of(Strategy.values()),
                        List.of(Strategy.values()),
                        false);
        };
    }

    /** Per collector: heap and native buffers with the post's parse, then flat parse where the plan says. */
    List<JavaConfig> javaConfigs() {
        List<JavaConfig> configs = new ArrayList<>();
        for (Collector collector : collectors) {
            configs.add(new JavaConfig(collector, Buffers.HEAP, Analyser.Parse.OBJECTS, heapStrategies));
            configs.add(new JavaConfig(collector, Buffers.NATIVE, Analyser.Parse.OBJECTS, nativeStrategies));
            for (Buffers buffers : flatParseBuffers) {
                configs.add(new JavaConfig(collector, buffers, Analyser.Parse.FLAT, flatParseStrategies));
            }
        }
        return configs;
    }
}

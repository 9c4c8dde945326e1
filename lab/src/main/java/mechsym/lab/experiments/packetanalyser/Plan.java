package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Profile;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.AnalyserCase;
import mechsym.tools.analyser.Buffers;
import mechsym.tools.analyser.PacketStrategy;
import mechsym.tools.analyser.Strategy;

/** What the packet-analyser experiment runs in a profile: cases, collectors, pool sizes, batch and real-time lengths. */
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
                        List.of(Buffers.NATIVE),
                        List.of(Strategy.POOL),
                        List.of(Strategy.POOL),
                        List.of(Strategy.ALLOC, Strategy.POOL),
                        true);
            case QUICK ->
                new Plan(
                        List.of(AnalyserCase.B),
                        List.of(Collector.G1, Collector.ZGC),
                        PacketStrategy.PoolSizes.POST,
                        1_500_000,
                        1_500_000,
                        2,
                        false,
                        "2g",
                        "1g",
                        2_000,
                        4_000,
                        false,
                        List.of(Buffers.NATIVE),
                        List.of(Strategy.MIX, Strategy.POOL),
                        List.of(Strategy.ALLOC, Strategy.MIX, Strategy.POOL),
                        List.of(Strategy.values()),
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
        List<Strategy> all = List.of(Strategy.values());
        for (Collector collector : collectors) {
            configs.add(new JavaConfig(collector, Buffers.HEAP, Analyser.Parse.OBJECTS, all));
            configs.add(new JavaConfig(collector, Buffers.NATIVE, Analyser.Parse.OBJECTS, nativeStrategies));
            for (Buffers buffers : flatParseBuffers) {
                configs.add(new JavaConfig(collector, buffers, Analyser.Parse.FLAT, flatParseStrategies));
            }
        }
        return configs;
    }
}

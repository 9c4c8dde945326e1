package mechsym.lab.experiments.packetanalyser;

import java.util.List;

/** A collector as the post named it and as the packet-analyser experiment runs it (its JVM flags). */
record Collector(String id, String label, List<String> flags) {
    static final Collector PARALLEL =
            new Collector("parallel", "Parallel (the post's 'CMS')", List.of("-XX:+UseParallelGC"));
    static final Collector G1 = new Collector("g1", "G1", List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=80"));
    static final Collector ZGC = new Collector("zgc", "ZGC", List.of("-XX:+UseZGC"));
    static final Collector SHENANDOAH = new Collector("shenandoah", "Shenandoah", List.of("-XX:+UseShenandoahGC"));
    static final Collector GENERATIONAL_SHENANDOAH = new Collector(
            "shenandoah-generational",
            "Shenandoah generational",
            List.of("-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational"));
}

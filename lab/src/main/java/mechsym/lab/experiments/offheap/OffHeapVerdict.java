package mechsym.lab.experiments.offheap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The offheap-structures verdict from a run's figures: the post's claims at its sizes, about the post's
 * own off-heap table (Unsafe) and its FFM twin against Java objects; mechsym's storages are goals, never
 * here. Faster: the storage {@value #POST_MIN_SPEEDUP}x or more the objects under every collector run
 * (the post: 14-43x). Smaller: the objects take 30% or more above the Unsafe table's measured native
 * memory (the post: ~40%). No long pauses, split in its two halves: the off-heap runs' longest GC pause
 * under 10 ms, and the object runs' reaching 100 ms or more (the post lists 21 stops of its object runs,
 * up to 10.9 s). Pure: figures in, verdict out.
 */
final class OffHeapVerdict {
    static final double POST_MIN_SPEEDUP = 14;
    static final double MORE_MEMORY = 1.3;
    static final double OFF_HEAP_PAUSE_MS = 10;
    static final double LONG_PAUSE_MS = 100;

    static final String UNSAFE_FASTER = "the post's Unsafe table 14x or more faster than objects (build + scan)";
    static final String SEGMENT_FASTER = "its FFM twin (MemorySegment) 14x or more faster than objects";
    static final String SMALLER = "objects need ~40% more memory than the off-heap records";
    static final String QUIET = "the off-heap runs have no long GC pause";
    static final String OBJECTS_PAUSE = "the object runs suffer long GC pauses";

    /**
     * A run's figures; any may be null or empty (not measured).
     *
     * @param unsafeSpeedup per collector, the objects' median duration / the Unsafe table's
     * @param segmentSpeedup per collector, the objects' median duration / the FFM segment table's
     * @param objectBytes bytes per record of the objects (the heap's growth across init, G1)
     * @param unsafeNativeBytes bytes per record the Unsafe table took, measured by Native Memory Tracking
     * @param offHeapPauseMs the longest GC pause in any Unsafe or segment run
     * @param objectPauseMs the longest GC pause in any objects run
     */
    record Figures(
            Map<String, Double> unsafeSpeedup,
            Map<String, Double> segmentSpeedup,
            Double objectBytes,
            Double unsafeNativeBytes,
            Double offHeapPauseMs,
            Double objectPauseMs) {}

    private OffHeapVerdict() {}

    static Verdict judge(Figures f) {
        List<Claim> claims = new ArrayList<>();
        claims.add(faster(UNSAFE_FASTER, "Unsafe", f.unsafeSpeedup()));
        claims.add(faster(SEGMENT_FASTER, "segment", f.segmentSpeedup()));
        if (f.objectBytes() == null || f.unsafeNativeBytes() == null || !(f.unsafeNativeBytes() > 0)) {
            claims.add(Claim.inconclusive(
                    SMALLER, "not measured (the objects' heap growth and the Unsafe table's native memory under G1)"));
        } else {
            claims.add(Claim.judge(
                    SMALLER,
                    f.objectBytes() >= MORE_MEMORY * f.unsafeNativeBytes(),
                    String.format(
                            Locale.ROOT,
                            "objects %.1f bytes a record on the heap vs Unsafe %.1f measured off it (NMT): %.0f%% more"
                                    + " (line %.0f%%)",
                            f.objectBytes(),
                            f.unsafeNativeBytes(),
                            100 * (f.objectBytes() / f.unsafeNativeBytes() - 1),
                            100 * (MORE_MEMORY - 1))));
        }
        if (f.offHeapPauseMs() == null) {
            claims.add(Claim.inconclusive(QUIET, "no Unsafe or segment run measured"));
        } else {
            claims.add(Claim.judge(
                    QUIET,
                    f.offHeapPauseMs() < OFF_HEAP_PAUSE_MS,
                    String.format(
                            Locale.ROOT,
                            "longest pause in an Unsafe or segment run %.1f ms (line %.0f ms)",
                            f.offHeapPauseMs(),
                            OFF_HEAP_PAUSE_MS)));
        }
        if (f.objectPauseMs() == null) {
            claims.add(Claim.inconclusive(OBJECTS_PAUSE, "no objects run measured"));
        } else {
            claims.add(Claim.judge(
                    OBJECTS_PAUSE,
                    f.objectPauseMs() >= LONG_PAUSE_MS,
                    String.format(
                            Locale.ROOT,
                            "longest pause in an objects run %.1f ms (line %.0f ms; the post: up to 10.9 s)",
                            f.objectPauseMs(),
                            LONG_PAUSE_MS)));
        }
        return Verdict.fromClaims(claims);
    }

    private static Claim faster(String claim, String storage, Map<String, Double> speedups) {
        if (speedups == null || speedups.isEmpty()) {
            return Claim.inconclusive(claim, "no collector ran both objects and " + storage);
        }
        List<String> text = new ArrayList<>();
        boolean all = true;
        for (Map.Entry<String, Double> e : speedups.entrySet()) {
            text.add(e.getKey() + " " + OffHeapStructuresExperiment.fasterOrSlower(e.getValue()));
            all &= e.getValue() >= POST_MIN_SPEEDUP;
        }
        return Claim.judge(
                claim, all, storage + " against objects: " + String.join(", ", text) + " (the post: 14-43x faster)");
    }
}

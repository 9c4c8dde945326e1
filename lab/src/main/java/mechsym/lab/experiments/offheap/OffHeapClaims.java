package mechsym.lab.experiments.offheap;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The offheap-structures verdict from a run's figures: the post's own claims about its Unsafe table
 * against Java objects, under the collector the post ran (Java 7's default, Parallel) with the heap
 * as full as the post's (50M trades in 4 GiB: the objects fill about 70% of it, and the collector
 * copies and compacts them again and again). mechsym's storages and the other collectors are goals
 * or figures beside it, never here. Pure: figures in, verdict out.
 *
 * <ul>
 *   <li>Faster: the objects' duration over the Unsafe table's, run by run, {@value #ORDER_OF_MAGNITUDE}x
 *       or more ("more than an order of magnitude faster"; the post measured 14-43x).
 *   <li>Smaller: the objects' heap bytes a record over the Unsafe table's native bytes (Native Memory
 *       Tracking), {@value #MORE_MEMORY}x or more (the post: ~40% more).
 *   <li>No long pauses, in two halves: the Unsafe runs' longest GC pause under {@value
 *       #OFF_HEAP_PAUSE_MS} ms, the object runs' {@value #LONG_PAUSE_MS} ms or more (the post lists
 *       stops of up to 8.3 s).
 * </ul>
 */
final class OffHeapClaims {
    static final double ORDER_OF_MAGNITUDE = 10;
    static final double MORE_MEMORY = 1.3;
    static final double OFF_HEAP_PAUSE_MS = 10;
    static final double LONG_PAUSE_MS = 100;

    static final String FASTER =
            "the post's Unsafe table more than an order of magnitude faster than objects (build + scan)";
    static final String SMALLER = "objects need ~40% more memory than the off-heap records";
    static final String QUIET = "the off-heap runs have no long GC pause";
    static final String OBJECTS_PAUSE = "the object runs suffer long GC pauses";

    /** Where the post's effect shows: the heap as full as the post's, which the tiny profile's is not. */
    static final String NEEDS_THE_POSTS_FILL = "decided at the post's fill of the heap only (50M trades in 4 GiB,"
            + " or the same share of a smaller heap): `--profile quick` or `--profile full`";

    /**
     * A run's figures under the post's collector, run by run (each list in run order; runs after the
     * first for durations, every run for bytes and pauses); any list may be empty (not measured).
     *
     * @param collector the collector the figures were measured under
     * @param postsFill whether the heap was as full as the post's
     * @param objectsMs the objects' duration of each steady run
     * @param unsafeMs the Unsafe table's duration of each steady run
     * @param objectBytes the objects' heap growth a record, each run
     * @param unsafeNativeBytes the Unsafe table's native memory a record (NMT), each run
     * @param unsafePauseMs the longest GC pause inside each Unsafe run
     * @param objectsPauseMs the longest GC pause inside each objects run
     */
    record Figures(
            String collector,
            boolean postsFill,
            List<Double> objectsMs,
            List<Double> unsafeMs,
            List<Double> objectBytes,
            List<Double> unsafeNativeBytes,
            List<Double> unsafePauseMs,
            List<Double> objectsPauseMs) {
        Figures {
            objectsMs = List.copyOf(objectsMs);
            unsafeMs = List.copyOf(unsafeMs);
            objectBytes = List.copyOf(objectBytes);
            unsafeNativeBytes = List.copyOf(unsafeNativeBytes);
            unsafePauseMs = List.copyOf(unsafePauseMs);
            objectsPauseMs = List.copyOf(objectsPauseMs);
        }
    }

    private OffHeapClaims() {}

    static Verdict judge(Figures f) {
        List<Claim> claims = new ArrayList<>();
        if (!f.postsFill()) {
            claims.add(Claim.inconclusive(FASTER, NEEDS_THE_POSTS_FILL));
        } else if (f.objectsMs().isEmpty() || f.unsafeMs().isEmpty()) {
            claims.add(Claim.inconclusive(FASTER, "not measured (objects and Unsafe under " + f.collector() + ")"));
        } else {
            claims.add(Claim.atLeast(
                    FASTER,
                    Measure.ratio(f.objectsMs(), f.unsafeMs()),
                    ORDER_OF_MAGNITUDE,
                    "objects / Unsafe duration, run by run, " + f.collector()
                            + " with the heap as full as the post's (the post: 14-43x)"));
        }
        List<Double> positiveNative =
                f.unsafeNativeBytes().stream().filter(b -> b > 0).toList();
        if (f.objectBytes().isEmpty()
                || positiveNative.size() != f.unsafeNativeBytes().size()
                || positiveNative.isEmpty()) {
            claims.add(Claim.inconclusive(
                    SMALLER, "not measured (the objects' heap growth and the Unsafe table's native memory)"));
        } else {
            claims.add(Claim.atLeast(
                    SMALLER,
                    Measure.ratio(f.objectBytes(), f.unsafeNativeBytes()),
                    MORE_MEMORY,
                    "objects' heap bytes a record / Unsafe's native bytes (NMT), run by run"));
        }
        claims.add(
                f.unsafePauseMs().isEmpty()
                        ? Claim.inconclusive(QUIET, "no Unsafe run measured")
                        : Claim.atMost(
                                QUIET,
                                Measure.of(f.unsafePauseMs(), "ms"),
                                OFF_HEAP_PAUSE_MS,
                                "longest GC pause inside each Unsafe run"));
        if (!f.postsFill()) {
            claims.add(Claim.inconclusive(OBJECTS_PAUSE, NEEDS_THE_POSTS_FILL));
        } else {
            claims.add(
                    f.objectsPauseMs().isEmpty()
                            ? Claim.inconclusive(OBJECTS_PAUSE, "no objects run measured")
                            : Claim.atLeast(
                                    OBJECTS_PAUSE,
                                    Measure.of(f.objectsPauseMs(), "ms"),
                                    LONG_PAUSE_MS,
                                    "longest GC pause inside each objects run (the post: stops of up to 8.3 s)"));
        }
        return Verdict.fromClaims(claims);
    }
}

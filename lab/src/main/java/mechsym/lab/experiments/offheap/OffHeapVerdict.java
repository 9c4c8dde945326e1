package mechsym.lab.experiments.offheap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Verdict;

/**
 * The offheap-structures verdict from a run's figures: the post's three claims at its sizes. Faster:
 * every off-heap storage 14x or more the objects (the post: 14-43x). Smaller: the objects take 30% or
 * more above the off-heap record (the post: ~40%). No long pauses: the off-heap runs' longest GC pause
 * under 10 ms while the object runs' reaches 100 ms or more (the post lists 21 stops of its object
 * runs, up to 10.9 s): the contrast, not only the quiet side. Pure: figures in, verdict out.
 */
final class OffHeapVerdict {
    static final double POST_MIN_SPEEDUP = 14;
    static final double MORE_MEMORY = 1.3;
    static final double OFF_HEAP_PAUSE_MS = 10;
    static final double LONG_PAUSE_MS = 100;

    /**
     * A run's figures; any may be null (not measured).
     *
     * @param minSpeedup the lowest objects / off-heap duration ratio over collectors and storages
     * @param maxSpeedup the highest
     * @param objectBytes bytes per record of the objects
     * @param offHeapBytes bytes per record of the off-heap store
     * @param offHeapPauseMs the longest GC pause in any off-heap run
     * @param objectPauseMs the longest GC pause in any objects run
     */
    record Figures(
            Double minSpeedup,
            Double maxSpeedup,
            Double objectBytes,
            Double offHeapBytes,
            Double offHeapPauseMs,
            Double objectPauseMs) {}

    private enum Held {
        HOLDS,
        IN_PART,
        NOT,
        NOT_MEASURED
    }

    private OffHeapVerdict() {}

    static Verdict judge(Figures f) {
        List<String> reasons = new ArrayList<>();
        List<Held> claims = new ArrayList<>();

        if (f.minSpeedup() == null || f.maxSpeedup() == null) {
            claims.add(Held.NOT_MEASURED);
            reasons.add("faster: not measured (no collector ran both objects and an off-heap storage)");
        } else {
            Held held = f.minSpeedup() >= POST_MIN_SPEEDUP ? Held.HOLDS : f.minSpeedup() > 1 ? Held.IN_PART : Held.NOT;
            claims.add(held);
            reasons.add(String.format(
                    Locale.ROOT,
                    "faster: off-heap %.1f-%.1fx the objects (post: 14-43x) -> %s",
                    f.minSpeedup(),
                    f.maxSpeedup(),
                    held == Held.HOLDS
                            ? "holds at the post's size"
                            : held == Held.IN_PART ? "faster, but below the post's 14x" : "does not hold"));
        }

        if (f.objectBytes() == null || f.offHeapBytes() == null) {
            claims.add(Held.NOT_MEASURED);
            reasons.add("smaller: not measured");
        } else {
            boolean smaller = f.objectBytes() >= MORE_MEMORY * f.offHeapBytes();
            claims.add(smaller ? Held.HOLDS : Held.NOT);
            reasons.add(String.format(
                    Locale.ROOT,
                    "smaller: %.1f vs %.1f bytes a record, objects need %.0f%% more (post: ~40%%) -> %s",
                    f.objectBytes(),
                    f.offHeapBytes(),
                    100 * (f.objectBytes() / f.offHeapBytes() - 1),
                    smaller ? "holds" : "does not hold"));
        }

        if (f.offHeapPauseMs() == null || f.objectPauseMs() == null) {
            claims.add(Held.NOT_MEASURED);
            reasons.add("no long pauses: not measured for both the objects and the off-heap runs");
        } else {
            boolean quiet = f.offHeapPauseMs() < OFF_HEAP_PAUSE_MS;
            boolean objectsPause = f.objectPauseMs() >= LONG_PAUSE_MS;
            Held held = quiet && objectsPause ? Held.HOLDS : quiet ? Held.IN_PART : Held.NOT;
            claims.add(held);
            reasons.add(String.format(
                    Locale.ROOT,
                    "no long pauses: longest pause in an off-heap run %.1f ms, in an objects run %.1f ms (post: the"
                            + " objects stopped for up to 11 s) -> %s",
                    f.offHeapPauseMs(),
                    f.objectPauseMs(),
                    held == Held.HOLDS
                            ? "holds, with the post's contrast"
                            : held == Held.IN_PART
                                    ? "the off-heap runs are quiet, but the objects did not pause "
                                            + (int) LONG_PAUSE_MS
                                            + " ms either here, so the contrast is not shown"
                                    : "does not hold"));
        }

        String reason = String.join("; ", reasons) + ".";
        long measured = claims.stream().filter(c -> c != Held.NOT_MEASURED).count();
        long held = claims.stream().filter(c -> c == Held.HOLDS).count();
        long inPart = claims.stream().filter(c -> c == Held.IN_PART).count();
        if (measured == 0) {
            return Verdict.inconclusive(reason);
        }
        if (held == claims.size()) {
            return Verdict.reproduced(reason);
        }
        if (held + inPart > 0) {
            return Verdict.partly(reason);
        }
        return measured == claims.size() ? Verdict.notReproduced(reason) : Verdict.inconclusive(reason);
    }
}

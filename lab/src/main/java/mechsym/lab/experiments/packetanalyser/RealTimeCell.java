package mechsym.lab.experiments.packetanalyser;

import java.util.Comparator;
import java.util.Locale;
import mechsym.tools.analyser.MinIntervalSearch;
import mechsym.tools.analyser.Strategy;

/**
 * A real-time answer in the post's terms, from one round's min-interval search (the smallest interval
 * that lost nothing, or the loss at the reference interval when none did) or from one trial at the
 * reference interval (clean there, or the loss). Cells of one run are all of one kind ({@link Plan}):
 * "clean at the reference" says nothing of how far below it a search would have gone.
 *
 * @param round the round (from 0) whose search or trial it is
 * @param minCleanNs the smallest clean interval found (the reference, for a clean trial), or null
 * @param lostPercentAtReference the loss at the reference interval
 * @param searched whether a min-interval search found it, rather than one trial at the reference
 */
record RealTimeCell(
        Solution solution,
        Strategy strategy,
        String caseLabel,
        int round,
        Long minCleanNs,
        double lostPercentAtReference,
        boolean searched) {

    /** One trial's cell at the reference interval {@code intervalNs}. */
    static RealTimeCell atReference(
            Solution solution,
            Strategy strategy,
            String caseLabel,
            int round,
            long intervalNs,
            boolean clean,
            double lost) {
        return new RealTimeCell(solution, strategy, caseLabel, round, clean ? intervalNs : null, lost, false);
    }

    String text() {
        if (searched) {
            return minCleanNs != null
                    ? minCleanNs + " ns"
                    : String.format(Locale.ROOT, "lost %.3g%%", lostPercentAtReference);
        }
        return minCleanNs != null
                ? "no loss at " + minCleanNs + " ns"
                : String.format(
                        Locale.ROOT,
                        "lost %.3g%% at %d ns",
                        lostPercentAtReference,
                        MinIntervalSearch.POST.referenceNs());
    }

    /** Better is smaller: a clean interval beats any loss; two clean, the smaller; two lossy, the lesser loss. */
    static final Comparator<RealTimeCell> BETTER_FIRST = Comparator.comparing(
                    (RealTimeCell c) -> c.minCleanNs() == null)
            .thenComparingLong(c -> c.minCleanNs() == null ? 0 : c.minCleanNs())
            .thenComparingDouble(c -> c.minCleanNs() == null ? c.lostPercentAtReference() : 0);
}

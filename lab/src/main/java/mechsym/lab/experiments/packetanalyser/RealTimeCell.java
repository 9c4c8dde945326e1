package mechsym.lab.experiments.packetanalyser;

import java.util.Comparator;
import java.util.Locale;
import mechsym.tools.analyser.Strategy;

/**
 * A real-time answer in the post's terms, from one round's min-interval search: the smallest interval
 * that lost nothing, or the loss at the reference interval when none did.
 *
 * @param round the round (from 0) whose search it is
 * @param minCleanNs the smallest clean interval found, or null
 * @param lostPercentAtReference the loss at the first (reference) interval
 */
record RealTimeCell(
        Solution solution,
        Strategy strategy,
        String caseLabel,
        int round,
        Long minCleanNs,
        double lostPercentAtReference) {

    String text() {
        return minCleanNs != null
                ? minCleanNs + " ns"
                : String.format(Locale.ROOT, "lost %.3g%%", lostPercentAtReference);
    }

    /** Better is smaller: a clean interval beats any loss; two clean, the smaller; two lossy, the lesser loss. */
    static final Comparator<RealTimeCell> BETTER_FIRST = Comparator.comparing(
                    (RealTimeCell c) -> c.minCleanNs() == null)
            .thenComparingLong(c -> c.minCleanNs() == null ? 0 : c.minCleanNs())
            .thenComparingDouble(c -> c.minCleanNs() == null ? c.lostPercentAtReference() : 0);
}

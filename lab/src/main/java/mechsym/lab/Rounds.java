package mechsym.lab;

import java.util.ArrayList;
import java.util.List;

/** How an experiment orders the variants it measures round after round. */
public final class Rounds {
    private Rounds() {}

    /**
     * The variants in the order round {@code round} (from 0) measures them: as given in even rounds,
     * reversed in odd ones (A B, B A, A B ...). A ratio of two variants taken within each round is then
     * not biased by a machine that drifts over the run, as it is when one side always goes first.
     */
    public static <T> List<T> inTurn(List<T> variants, int round) {
        return round % 2 == 0 ? variants : variants.reversed();
    }

    /**
     * The per-round ratios {@code ours[r] / theirs[r]}, one per round both sides finished (the shorter
     * list's length). Taken within a round, where {@link #inTurn} measured both sides minutes apart at
     * most under the same load, each ratio cancels much of what the machine's load does to both.
     */
    public static List<Double> ratios(List<Double> ours, List<Double> theirs) {
        int rounds = Math.min(ours.size(), theirs.size());
        List<Double> ratios = new ArrayList<>(rounds);
        for (int round = 0; round < rounds; round++) {
            ratios.add(ours.get(round) / theirs.get(round));
        }
        return ratios;
    }
}

package mechsym.lab;

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
}

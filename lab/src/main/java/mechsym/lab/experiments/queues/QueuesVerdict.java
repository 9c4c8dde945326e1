package mechsym.lab.experiments.queues;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Summary;
import mechsym.lab.Verdict;
import mechsym.lab.seeds.LazySetPost;

/**
 * The queues verdict: mechsym's goal, each of its queues at least equal to the library queue it is
 * paired with (a median per-round ratio of 0.95 or more), judged only when every pair ran at least
 * two rounds with a spread the comparison can live with. Its reason also says whether the post's own
 * comparison, release against volatile publication (the catch-up's 5-6x), reaches the post's size
 * inside a queue. Pure: figures in, verdict out.
 */
final class QueuesVerdict {
    static final double EQUAL_WITHIN = 0.95;
    /** Above this max / min of a pair's per-round ratios the verdict is inconclusive. */
    static final double MAX_SPREAD = 1.5;
    /** The post's catch-up: volatile "5-6 times" more expensive than lazySet. */
    static final double POST_SIZE = LazySetPost.CATCH_UP_LOW;

    /** One goal pair and its per-round ratios (ours / theirs), null when either side is missing. */
    record Pair(String ours, String theirs, Summary ratios) {}

    private QueuesVerdict() {}

    /**
     * @param expected how many pairs the goal has
     * @param pairs the pairs measured
     * @param releaseOverVolatile the index-based SPSC's elements/µs publishing with release writes
     *     over the same with volatile writes, or null
     */
    static Verdict judge(int expected, List<Pair> pairs, Double releaseOverVolatile) {
        List<Pair> measured = pairs.stream().filter(p -> p.ratios() != null).toList();
        StringBuilder figures = new StringBuilder();
        int met = 0;
        int rounds = Integer.MAX_VALUE;
        double worstSpread = 1;
        for (Pair p : measured) {
            rounds = Math.min(rounds, p.ratios().n());
            worstSpread = Math.max(worstSpread, p.ratios().spread());
            met += p.ratios().median() >= EQUAL_WITHIN ? 1 : 0;
            figures.append(figures.isEmpty() ? "Median per-round ratios: " : ", ")
                    .append(String.format(
                            Locale.ROOT,
                            "%s / %s %.3fx",
                            p.ours(),
                            p.theirs(),
                            p.ratios().median()));
        }
        if (!measured.isEmpty()) {
            figures.append(". ");
        }
        String post = releaseOverVolatile == null
                ? " The post's comparison inside a queue (release against volatile publication) was not measured."
                : String.format(
                        Locale.ROOT,
                        " The post's comparison inside a queue: release-published indices %.1fx the volatile ones"
                                + " (the post's catch-up: 5-6x), %s.",
                        releaseOverVolatile,
                        releaseOverVolatile >= POST_SIZE ? "at the post's size" : "below the post's size");
        String rule = "(at least equal: a median per-round ratio of " + EQUAL_WITHIN + " or more)";
        int compared = measured.size();
        if (compared < expected) {
            return Verdict.inconclusive("Not every pair was measured. " + figures + post.strip());
        }
        if (rounds < 2) {
            return Verdict.inconclusive(
                    figures + "One round only: too few to tell a difference from the machine's noise." + post);
        }
        if (worstSpread > MAX_SPREAD) {
            return Verdict.inconclusive(figures
                    + String.format(
                            Locale.ROOT,
                            "The per-round ratio of one pair varied by up to %.1fx (max/min), more than the %.1fx this"
                                    + " comparison can live with: a fork landed in the other of the two modes a two-thread"
                                    + " run settles in (docs/queues.md), or the machine was busy (two spinning threads need"
                                    + " two free cores). The same-thread burst cost still compares the code.",
                            worstSpread,
                            MAX_SPREAD)
                    + post);
        }
        if (met == compared) {
            return Verdict.reproduced(figures + "Every pair is at least equal " + rule + "." + post);
        }
        if (met > 0) {
            return Verdict.partly(
                    figures + "At least equal " + rule + ": " + met + " of " + compared + " pairs." + post);
        }
        return Verdict.notReproduced(figures + "No pair is at least equal " + rule + "." + post);
    }
}

package mechsym.lab.experiments.cachefallacy;

import java.util.Locale;
import mechsym.lab.Verdict;

/**
 * The cache-fallacy verdict from JMH scores: a volatile store 3x or more a release store (the fence
 * the post says a single writer avoids with lazySet; it gives no figure, "several times" is ours),
 * and two threads writing counters on one line with volatile writes 2x or more slower than on two
 * lines (false sharing, mechsym's measurement of the ownership the post explains). Pure: figures in,
 * verdict out.
 */
final class CacheFallacyVerdict {
    static final double FENCE = 3;
    static final double FALSE_SHARING = 2;

    private CacheFallacyVerdict() {}

    /** Each score in ns/op, null when the benchmark did not report one. */
    static Verdict judge(Double volatileNs, Double releaseNs, Double unpaddedNs, Double paddedNs) {
        boolean stores = volatileNs != null && releaseNs != null && releaseNs > 0;
        boolean sharing = unpaddedNs != null && paddedNs != null && paddedNs > 0;
        if (!stores && !sharing) {
            return Verdict.inconclusive("Neither the store costs nor the false-sharing pair reported a score.");
        }
        StringBuilder figures = new StringBuilder();
        boolean fenceCosts = false;
        boolean falseSharing = false;
        if (stores) {
            double fence = volatileNs / releaseNs;
            fenceCosts = fence >= FENCE;
            figures.append(String.format(
                    Locale.ROOT,
                    "Volatile store %.1fx a release store (the fence adds %.1f ns; %.0fx or more counts). ",
                    fence,
                    volatileNs - releaseNs,
                    FENCE));
        } else {
            figures.append("The store costs were not measured. ");
        }
        if (sharing) {
            double ratio = unpaddedNs / paddedNs;
            falseSharing = ratio >= FALSE_SHARING;
            figures.append(String.format(
                    Locale.ROOT,
                    "Counters written with volatile writes: unpadded %.1fx padded (%.0fx or more counts).",
                    ratio,
                    FALSE_SHARING));
        } else {
            figures.append("False sharing was not measured.");
        }
        if (fenceCosts && falseSharing) {
            return Verdict.reproduced(figures + " Both effects are there.");
        }
        if (fenceCosts || falseSharing) {
            return Verdict.partly(figures
                    + (fenceCosts
                            ? sharing
                                    ? " False sharing did not show 2x with volatile writes: the two threads need two"
                                            + " cores at once (see the note on the machine)."
                                    : ""
                            : stores ? " The fence cost less than 3x a release store on this CPU." : ""));
        }
        return stores && sharing ? Verdict.notReproduced(figures.toString()) : Verdict.inconclusive(figures.toString());
    }
}

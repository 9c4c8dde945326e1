package mechsym.lab.experiments.herding;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Verdict;

/**
 * The herding verdict from round-trip percentiles (medians over rounds, ns) per placement: pure, so
 * that tests can feed it figures on both sides of each line.
 *
 * <ul>
 *   <li>one core: both threads on one CPU must cost at least {@value #ONE_CORE_FACTOR}x the two-core
 *       p50 (every hand-off waits for the scheduler);
 *   <li>neighbour: a noisy neighbour must widen the unpinned p99.9 by at least {@value
 *       #NEIGHBOUR_FACTOR}x;
 *   <li>pinning: two pinned cores must give a p99 no worse than {@value #PINNED_TOLERANCE}x the
 *       unpinned one.
 * </ul>
 *
 * All three: reproduced; the one-core line and one other: partly; otherwise not reproduced. Without
 * the two-core, one-core or unpinned figures (a machine with one CPU): inconclusive.
 */
final class HerdingVerdict {
    static final double ONE_CORE_FACTOR = 10;
    static final double NEIGHBOUR_FACTOR = 2;
    static final double PINNED_TOLERANCE = 1.1;

    private HerdingVerdict() {}

    /** Round-trip percentiles of one placement, ns. */
    record Figures(double p50, double p99, double p999) {}

    static Verdict judge(Figures twoCores, Figures oneCore, Figures unpinned, Figures unpinnedWithNeighbour) {
        if (twoCores == null || oneCore == null || unpinned == null) {
            return Verdict.inconclusive("The two-core, one-core and unpinned placements were not all measured"
                    + " (pinning needs Linux and two CPUs this process may use).");
        }
        List<String> reasons = new ArrayList<>();
        double oneCoreRatio = oneCore.p50() / twoCores.p50();
        boolean oneCoreCosts = oneCoreRatio >= ONE_CORE_FACTOR;
        reasons.add(String.format(
                Locale.ROOT,
                "both threads on one core: p50 %.0f ns, %.1fx the two-core %.0f ns (line: %.0fx)",
                oneCore.p50(),
                oneCoreRatio,
                twoCores.p50(),
                ONE_CORE_FACTOR));
        double pinnedRatio = twoCores.p99() / unpinned.p99();
        boolean pinningHolds = pinnedRatio <= PINNED_TOLERANCE;
        reasons.add(String.format(
                Locale.ROOT,
                "pinned to two cores: p99 %.0f ns, %.3gx the unpinned %.0f ns (line: %.1fx or less)",
                twoCores.p99(),
                pinnedRatio,
                unpinned.p99(),
                PINNED_TOLERANCE));
        Boolean neighbourHurts = null;
        if (unpinnedWithNeighbour != null) {
            double neighbourRatio = unpinnedWithNeighbour.p999() / unpinned.p999();
            neighbourHurts = neighbourRatio >= NEIGHBOUR_FACTOR;
            reasons.add(String.format(
                    Locale.ROOT,
                    "a noisy neighbour: unpinned p99.9 %.0f ns, %.1fx the quiet %.0f ns (line: %.0fx)",
                    unpinnedWithNeighbour.p999(),
                    neighbourRatio,
                    unpinned.p999(),
                    NEIGHBOUR_FACTOR));
        } else {
            reasons.add("the noisy-neighbour placement was not measured");
        }
        String figures = String.join("; ", reasons) + ".";
        if (oneCoreCosts && pinningHolds && Boolean.TRUE.equals(neighbourHurts)) {
            return Verdict.reproduced("Placement decides the round trip, as the post's herding assumes: " + figures);
        }
        if (oneCoreCosts && (pinningHolds || Boolean.TRUE.equals(neighbourHurts))) {
            return Verdict.partly("Some of the placements behave as the post's herding assumes: " + figures);
        }
        return Verdict.notReproduced("Placement did not change the round trip the way herding assumes: " + figures);
    }
}

package mechsym.lab.experiments.herding;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The herding verdict from round-trip percentiles (medians over rounds, ns) per placement: pure, so
 * that tests can feed it figures on both sides of each line. Three sub-claims:
 *
 * <ul>
 *   <li>one core: both threads on one CPU cost at least {@value #ONE_CORE_FACTOR}x the two-core p50
 *       (every hand-off waits for the scheduler);
 *   <li>pinning: two pinned cores give a p99 no worse than {@value #PINNED_TOLERANCE}x the unpinned
 *       one;
 *   <li>neighbour: a noisy neighbour widens the unpinned p99.9 by at least {@value
 *       #NEIGHBOUR_FACTOR}x.
 * </ul>
 *
 * Without two CPUs to pin to, the pinned placements cannot be shown here.
 */
final class HerdingVerdict {
    static final double ONE_CORE_FACTOR = 10;
    static final double NEIGHBOUR_FACTOR = 2;
    static final double PINNED_TOLERANCE = 1.1;

    static final String ONE_CORE =
            "both threads on one core (here one logical CPU) pay the scheduler (p50 >= 10x two cores)";
    static final String PINNING = "two pinned cores no worse than unpinned (p99 <= 1.1x)";
    static final String NEIGHBOUR = "a noisy neighbour widens the tail (unpinned p99.9 >= 2x)";
    static final String TWO_CPUS = "two CPUs this process may pin to (Linux)";

    private HerdingVerdict() {}

    /** Round-trip percentiles of one placement, ns. */
    record Figures(double p50, double p99, double p999) {}

    static Verdict judge(Figures twoCores, Figures oneCore, Figures unpinned, Figures unpinnedWithNeighbour) {
        return Verdict.fromClaims(List.of(
                oneCore(twoCores, oneCore), pinning(twoCores, unpinned), neighbour(unpinned, unpinnedWithNeighbour)));
    }

    private static Claim oneCore(Figures twoCores, Figures oneCore) {
        if (twoCores == null || oneCore == null) {
            return Claim.notMeasurableHere(ONE_CORE, TWO_CPUS, "the pinned placements were not measured.");
        }
        double ratio = oneCore.p50() / twoCores.p50();
        return line(
                ONE_CORE,
                ratio >= ONE_CORE_FACTOR,
                "one logical CPU: p50 %.0f ns, %.1fx the two-core %.0f ns",
                oneCore.p50(),
                ratio,
                twoCores.p50());
    }

    private static Claim pinning(Figures twoCores, Figures unpinned) {
        if (twoCores == null) {
            return Claim.notMeasurableHere(PINNING, TWO_CPUS, "the pinned placements were not measured.");
        }
        if (unpinned == null) {
            return Claim.inconclusive(PINNING, "the unpinned placement was not measured");
        }
        double ratio = twoCores.p99() / unpinned.p99();
        return line(
                PINNING,
                ratio <= PINNED_TOLERANCE,
                "pinned to two cores: p99 %.0f ns, %.3gx the unpinned %.0f ns",
                twoCores.p99(),
                ratio,
                unpinned.p99());
    }

    private static Claim neighbour(Figures unpinned, Figures withNeighbour) {
        if (unpinned == null || withNeighbour == null) {
            return Claim.inconclusive(NEIGHBOUR, "the noisy-neighbour placement was not measured");
        }
        double ratio = withNeighbour.p999() / unpinned.p999();
        return line(
                NEIGHBOUR,
                ratio >= NEIGHBOUR_FACTOR,
                "unpinned p99.9 %.0f ns with a noisy neighbour, %.1fx the quiet %.0f ns",
                withNeighbour.p999(),
                ratio,
                unpinned.p999());
    }

    /** A sub-claim decided by one ratio: {@code format} takes the figure, the ratio and the base. */
    private static Claim line(String claim, boolean holds, String format, double figure, double ratio, double base) {
        return Claim.judge(claim, holds, String.format(Locale.ROOT, format, figure, ratio, base));
    }
}

package mechsym.lab.experiments.lazyset;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Verdict;
import mechsym.lab.seeds.LazySetPost;

/**
 * The lazyset verdict from each storage's per-round ratios, at the post's size: in catch-up the
 * volatile writer costs "5-6 times" the lazy one, in ping-pong lazySet is "practically no
 * different" (here: lazy within 15% of volatile). A catch-up ratio of 2x or more is cheaper; 5x or
 * more is the post's size. The timed ping-pong's median round trip across two pinned CPUs (lazy /
 * volatile, padded cells) is a second latency figure: when measured, it too must be within 15% for
 * the claim to be reproduced. Pure: figures in, verdict out.
 */
final class LazySetVerdict {
    static final double CHEAPER = 2;
    static final double POST_SIZE = LazySetPost.CATCH_UP_LOW;
    static final double NO_SLOWER = 1.15;

    /**
     * One storage's figures: medians of the ratios taken round by round; null when not measured.
     *
     * @param cost catch-up, the writer's ns per value, volatile / lazy
     * @param latency ping-pong, ns per round trip, lazy / volatile
     */
    record Storage(String label, Double cost, Double latency) {}

    private LazySetVerdict() {}

    static Verdict judge(List<Storage> storages) {
        return judge(storages, null);
    }

    /**
     * @param p50CrossCore the timed ping-pong's p50 round trip across two pinned CPUs, lazy /
     *     volatile; null when not measured
     */
    static Verdict judge(List<Storage> storages, Double p50CrossCore) {
        List<Storage> measured = storages.stream()
                .filter(s -> s.cost() != null && s.latency() != null)
                .toList();
        if (measured.isEmpty()) {
            return Verdict.inconclusive("No storage has both experiments for volatile and lazy set in one round.");
        }
        int cheaper = 0;
        int atSize = 0;
        int noSlower = 0;
        List<String> figures = new ArrayList<>();
        for (Storage s : measured) {
            cheaper += s.cost() >= CHEAPER ? 1 : 0;
            atSize += s.cost() >= POST_SIZE ? 1 : 0;
            noSlower += s.latency() <= NO_SLOWER ? 1 : 0;
            figures.add(String.format(Locale.ROOT, "%s %.1fx/%.2fx", s.label(), s.cost(), s.latency()));
        }
        int total = measured.size();
        String reason = String.format(
                Locale.ROOT,
                "Catch-up volatile/lazy >= %.0fx (cheaper) in %d of %d storages and >= %.0fx (the post's 5-6x) in %d"
                        + " of %d; ping-pong lazy/volatile <= %.2fx in %d of %d (medians of the per-round ratios;"
                        + " catch-up ratio/ping-pong ratio: %s).",
                CHEAPER,
                cheaper,
                total,
                POST_SIZE,
                atSize,
                total,
                NO_SLOWER,
                noSlower,
                total,
                String.join(", ", figures));
        boolean distributionNoSlower = p50CrossCore == null || p50CrossCore <= NO_SLOWER;
        reason += p50CrossCore == null
                ? " The timed ping-pong across two pinned CPUs was not measured."
                : String.format(
                        Locale.ROOT,
                        " Timed ping-pong across two pinned CPUs: p50 lazy/volatile %.2fx (%s).",
                        p50CrossCore,
                        distributionNoSlower ? "no slower" : "slower than 1.15x");
        if (atSize == total && noSlower == total && distributionNoSlower) {
            return Verdict.reproduced(reason);
        }
        if (cheaper > 0 || noSlower > 0) {
            return Verdict.partly(reason
                    + (cheaper == total && noSlower == total
                            ? " lazySet is cheaper everywhere, but not by the post's 5-6x."
                            : "")
                    + (atSize == total && noSlower == total ? " Only the timed p50 across two CPUs is slower." : ""));
        }
        return Verdict.notReproduced(reason);
    }
}

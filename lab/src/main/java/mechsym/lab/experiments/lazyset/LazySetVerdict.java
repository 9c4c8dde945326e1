package mechsym.lab.experiments.lazyset;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.seeds.LazySetPost;

/**
 * The lazyset verdict from each storage's per-round ratios, at the post's size, as sub-claims: in
 * catch-up the volatile writer costs more than the lazy one (2x or more: cheaper) and by the post's
 * "5-6 times" (5x or more); in ping-pong lazySet is "practically no different" (here: lazy within
 * 15% of volatile); and the timed ping-pong's median round trip across two pinned CPUs (lazy /
 * volatile, padded cells) within 15% too, which needs two CPUs to pin to. Each storage-wide
 * sub-claim holds when it holds in every storage measured. Pure: figures in, verdict out.
 */
final class LazySetVerdict {
    static final double CHEAPER = 2;
    static final double POST_SIZE = LazySetPost.CATCH_UP_LOW;
    static final double NO_SLOWER = 1.15;

    static final String CATCH_UP_CHEAPER = "catch-up: lazySet cheaper for the writer (volatile/lazy >= 2x)";
    static final String CATCH_UP_POST_SIZE = "by the post's 5-6x (volatile/lazy >= 5x)";
    static final String PING_PONG_NO_WORSE = "ping-pong: lazySet no slower (lazy/volatile <= 1.15x)";
    static final String TIMED_NO_WORSE = "timed ping-pong across two pinned CPUs: p50 lazy/volatile <= 1.15x";

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
        Claim timed = p50CrossCore == null
                ? Claim.notMeasurableHere(
                        TIMED_NO_WORSE,
                        "two CPUs this process may pin to (Linux)",
                        "the timed ping-pong across two pinned CPUs was not measured.")
                : Claim.judge(
                        TIMED_NO_WORSE,
                        p50CrossCore <= NO_SLOWER,
                        String.format(Locale.ROOT, "p50 lazy/volatile %.2fx, padded cells", p50CrossCore));
        if (measured.isEmpty()) {
            String why = "no storage has both experiments for volatile and lazy set in one round";
            return Verdict.fromClaims(List.of(
                    Claim.inconclusive(CATCH_UP_CHEAPER, why),
                    Claim.inconclusive(CATCH_UP_POST_SIZE, why),
                    Claim.inconclusive(PING_PONG_NO_WORSE, why),
                    timed));
        }
        String costs = perStorage(measured, Storage::cost);
        String latencies = perStorage(measured, Storage::latency);
        return Verdict.fromClaims(List.of(
                Claim.judge(CATCH_UP_CHEAPER, every(measured, s -> s.cost() >= CHEAPER), costs),
                Claim.judge(CATCH_UP_POST_SIZE, every(measured, s -> s.cost() >= POST_SIZE), costs),
                Claim.judge(PING_PONG_NO_WORSE, every(measured, s -> s.latency() <= NO_SLOWER), latencies),
                timed));
    }

    private static boolean every(List<Storage> storages, Predicate<Storage> holds) {
        return storages.stream().allMatch(holds);
    }

    /** "AtomicLong 5.5x, field 6.0x (medians of the per-round ratios)". */
    private static String perStorage(List<Storage> storages, Function<Storage, Double> ratio) {
        return storages.stream()
                        .map(s -> String.format(Locale.ROOT, "%s %.2fx", s.label(), ratio.apply(s)))
                        .collect(Collectors.joining(", "))
                + " (medians of the per-round ratios)";
    }
}

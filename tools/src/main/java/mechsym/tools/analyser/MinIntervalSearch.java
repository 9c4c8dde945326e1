package mechsym.tools.analyser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The post's real-time figure: the smallest source interval at which no packet is lost after start-up
 * (a trial of start-up plus a stability window at each interval, bisected), or, when even the
 * largest interval tried loses packets, the loss % at the reference interval (1,000 ns): the two
 * kinds of cell in the post's tables.
 *
 * <p>Search: the reference interval first; when it is clean, bisect between {@code floorNs} and it;
 * when it is not, double it up to {@code ceilingNs} (the post has a cell of 2,000 ns) and bisect
 * between the last lossy and the first clean interval. Stops when the bracket is within {@code
 * resolution} (a fraction, e.g. 0.05) of the clean end. An interval counts as clean only when the
 * trial lost nothing and its clock source kept the interval over the window ({@link
 * RealTimeRun.Result#keptRate}): a source that fell behind showed no interval, so the search treats it
 * as lossy and looks above it.
 *
 * @param referenceNs the post's 1,000 ns
 * @param floorNs the smallest interval tried
 * @param ceilingNs the largest interval tried
 * @param resolution relative width of the final bracket
 */
public record MinIntervalSearch(long referenceNs, long floorNs, long ceilingNs, double resolution) {

    /** The post's search: 1,000 ns reference, 20 ns to 16,000 ns, brackets within 5%. */
    public static final MinIntervalSearch POST = new MinIntervalSearch(1_000, 20, 16_000, 0.05);

    public MinIntervalSearch {
        if (floorNs < 1 || referenceNs < floorNs || ceilingNs < referenceNs || resolution <= 0) {
            throw new IllegalArgumentException("min-interval search: floor " + floorNs + ", reference " + referenceNs
                    + ", ceiling " + ceilingNs + " ns, resolution " + resolution);
        }
    }

    /** One trial: run at an interval and say whether it lost anything after start-up. */
    @FunctionalInterface
    public interface Trial {
        RealTimeRun.Result run(long intervalNs) throws Exception;
    }

    /**
     * The answer: {@code minIntervalNs} when some interval was clean, else the loss at the reference.
     *
     * @param minIntervalNs the smallest clean interval found, or null
     * @param lostPercentAtReference loss after start-up at the reference interval
     * @param trials every trial, in order
     */
    public record Outcome(Long minIntervalNs, double lostPercentAtReference, List<RealTimeRun.Result> trials) {
        /** The post's cell: "350", or "lost: 0.8%". */
        public String cell() {
            return minIntervalNs != null
                    ? Long.toString(minIntervalNs)
                    : String.format(Locale.ROOT, "lost: %.3g%%", lostPercentAtReference);
        }
    }

    /**
     * Runs the search.
     *
     * @param trial one trial at an interval
     * @param windowNs each trial's time after its start-up, for the source's rate check
     * @param onTrial told of each trial as it ends
     */
    public Outcome search(Trial trial, long windowNs, Consumer<RealTimeRun.Result> onTrial) throws Exception {
        List<RealTimeRun.Result> trials = new ArrayList<>();
        Predicate<RealTimeRun.Result> shown = r -> r.clean() && r.keptRate(windowNs);
        RealTimeRun.Result reference = run(trial, referenceNs, trials, onTrial);
        long clean;
        long lossy;
        if (shown.test(reference)) {
            clean = referenceNs;
            lossy = floorNs;
            RealTimeRun.Result atFloor = run(trial, floorNs, trials, onTrial);
            if (shown.test(atFloor)) {
                return new Outcome(floorNs, reference.lostPercentAfterStartup(), trials);
            }
        } else {
            lossy = referenceNs;
            long candidate = referenceNs * 2;
            Long found = null;
            while (candidate <= ceilingNs) {
                if (shown.test(run(trial, candidate, trials, onTrial))) {
                    found = candidate;
                    break;
                }
                lossy = candidate;
                candidate *= 2;
            }
            if (found == null) {
                return new Outcome(null, reference.lostPercentAfterStartup(), trials);
            }
            clean = found;
        }
        while (clean - lossy > Math.max(1, (long) (clean * resolution))) {
            long middle = lossy + (clean - lossy) / 2;
            if (shown.test(run(trial, middle, trials, onTrial))) {
                clean = middle;
            } else {
                lossy = middle;
            }
        }
        return new Outcome(clean, reference.lostPercentAfterStartup(), trials);
    }

    private static RealTimeRun.Result run(
            Trial trial, long intervalNs, List<RealTimeRun.Result> trials, Consumer<RealTimeRun.Result> onTrial)
            throws Exception {
        RealTimeRun.Result result = trial.run(intervalNs);
        trials.add(result);
        onTrial.accept(result);
        return result;
    }
}

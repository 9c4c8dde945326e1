package mechsym.lab.experiments.cas;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The cas verdict, the post's finding judged on each side, C++ and Java, as sub-claims:
 *
 * <ul>
 *   <li>dearer contended: at the most threads, one on each core, the atomic increment (LOCK XADD;
 *       Java getAndAdd) at least {@value #DEARER}x its cost alone (the post: 6.2 and 6.8 ns alone,
 *       an order of magnitude apart between its machines contended);
 *   <li>unfair contended: at the most threads, the CAS loop's slowest thread makes under {@value
 *       #UNFAIR} of the fastest thread's increments (the post: what the benchmark measures is how long
 *       a core keeps the counter's line before another takes it).
 * </ul>
 *
 * Both need at least {@value #MIN_CORES} cores, one thread on each: on fewer, the threads time-slice
 * with each other and with the JIT, GC and OS, which says nothing about how cores pass a cache line,
 * so they are NOT MEASURABLE HERE, never held or failed. The uncontended cost alone is in the
 * headlines and tables, not a sub-claim: it is the yardstick, not the finding. Pure: figures in,
 * verdict out.
 */
final class CasVerdict {
    static final double DEARER = 2;
    static final double UNFAIR = 0.5;
    static final int MIN_CORES = 4;

    /**
     * One side's figures, any of them null when not measured.
     *
     * @param language "C++" or "Java"
     * @param increment the case judged for cost ("LOCK XADD", "getAndAdd")
     * @param loop the case judged for fairness ("LOCK CMPXCHG BOOL", "compareAndSet loop")
     * @param uncontendedNs the increment's median ns at one thread
     * @param contendedNs its median ns at the most threads
     * @param slowestOverFastest the loop's median, over runs, of the slowest thread's increments over the
     *     fastest's, at the most threads
     */
    record Side(
            String language,
            String increment,
            String loop,
            Double uncontendedNs,
            Double contendedNs,
            Double slowestOverFastest) {}

    /**
     * A run's figures.
     *
     * @param cores the cores the threads ran on, one each (the most threads run)
     * @param sides C++ and Java; a side whose program did not run has only nulls
     */
    record Figures(int cores, List<Side> sides) {}

    private CasVerdict() {}

    static Verdict judge(Figures f) {
        List<Claim> claims = new ArrayList<>();
        for (Side side : f.sides()) {
            claims.add(dearerContended(side, f.cores()));
            claims.add(unfairContended(side, f.cores()));
        }
        return Verdict.fromClaims(claims);
    }

    private static Claim dearerContended(Side s, int cores) {
        String claim = s.language() + " " + s.increment() + " is several times dearer contended";
        if (cores < MIN_CORES) {
            return notMeasurable(claim, cores);
        }
        if (s.uncontendedNs() == null || s.contendedNs() == null || s.uncontendedNs() <= 0) {
            return Claim.inconclusive(claim, "not measured at 1 and " + cores + " threads");
        }
        double factor = s.contendedNs() / s.uncontendedNs();
        return Claim.judge(
                claim,
                factor >= DEARER,
                String.format(
                        Locale.ROOT,
                        "%.1f ns at %d threads against %.1f ns alone: %.1fx (the line: %.0fx)",
                        s.contendedNs(),
                        cores,
                        s.uncontendedNs(),
                        factor,
                        DEARER));
    }

    private static Claim unfairContended(Side s, int cores) {
        String claim = s.language() + " " + s.loop() + " shares the increments unfairly contended";
        if (cores < MIN_CORES) {
            return notMeasurable(claim, cores);
        }
        if (s.slowestOverFastest() == null) {
            return Claim.inconclusive(claim, "each thread's increments not measured at " + cores + " threads");
        }
        return Claim.judge(
                claim,
                s.slowestOverFastest() < UNFAIR,
                String.format(
                        Locale.ROOT,
                        "at %d threads the slowest thread made %.2f of the fastest thread's increments (unfair"
                                + " means under %.2f)",
                        cores,
                        s.slowestOverFastest(),
                        UNFAIR));
    }

    private static Claim notMeasurable(String claim, int cores) {
        return Claim.notMeasurableHere(
                claim,
                ">= " + MIN_CORES + " cores, one contending thread on each",
                "This machine gives the threads " + cores + (cores == 1 ? " core" : " cores")
                        + ": they time-slice with each other and with the JIT, GC and OS, so who wins the cache"
                        + " line is the scheduler's choice, not the cores'.");
    }
}

package mechsym.lab.experiments.cas;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The post's findings, judged on each side, C++ and Java, from the rounds of one run (each round a
 * process of the C++ program and a forked JVM, so the rounds are independent repetitions):
 *
 * <ul>
 *   <li>dearer contended: with one thread pinned on each core, the atomic increment (LOCK XADD; Java
 *       getAndAdd) costs at least {@value #DEARER}x its cost alone, per round (the post gives no
 *       contended-over-alone figure: "several times" is mechsym's reading, the line is ours);
 *   <li>a core keeps the line for a run: under contention a core makes several increments in a row
 *       before another core takes the counter's line (the post: "each thread ... was able to perform more
 *       updates in a batch before loosing the exclusive state on the cacheline"; what the benchmark
 *       measures "is how long a core can hold a cacheline"): the median run length, per round, at least
 *       {@value #RUN} increments (the post gives no length: the line is ours);
 *   <li>Sandy Bridge fairer than Nehalem: shorter runs on the newer CPU, found with Intel's performance
 *       monitoring on the post's two machines; one machine cannot compare two CPU generations, so it is
 *       NOT MEASURABLE HERE, never held or failed.
 * </ul>
 *
 * Contention needs two cores, one thread pinned on each (the C++ program has no JIT or GC; the Java
 * fork's are idle while its threads spin); on one core both contended sub-claims are NOT MEASURABLE
 * HERE. Pinned threads still contend only while both are on their cores: a round whose recording run
 * made under {@value #MIN_OVERLAP} of its increments in contended runs (the rest are time slices alone,
 * {@link RunLengths#SOLO_RUN} increments or more) measured the scheduler of a busy machine, and is left
 * out of both contended sub-claims. Pure: figures in, verdict out.
 */
final class CasClaims {
    static final double DEARER = 2;
    static final double RUN = 2;
    static final int MIN_CORES = 2;
    static final double MIN_OVERLAP = 0.25;

    static final String FAIRER = "Sandy Bridge is fairer than Nehalem: its cores keep the line for shorter runs";

    /**
     * One side's figures, per round, in round order (an empty list when not measured).
     *
     * @param language "C++" or "Java"
     * @param increment the case judged ("LOCK XADD", "getAndAdd")
     * @param uncontendedNs the increment's ns per increment at one thread, per round
     * @param contendedNs the same at the most threads, one per core, per round
     * @param medianRunLength the median length of the contended runs of the increment's recording run at
     *     the most threads, per round
     * @param overlap the fraction of that recording run's increments made in contended runs, per round
     */
    record Side(
            String language,
            String increment,
            List<Double> uncontendedNs,
            List<Double> contendedNs,
            List<Double> medianRunLength,
            List<Double> overlap) {
        Side {
            uncontendedNs = List.copyOf(uncontendedNs);
            contendedNs = List.copyOf(contendedNs);
            medianRunLength = List.copyOf(medianRunLength);
            overlap = List.copyOf(overlap);
        }

        /** The rounds whose threads overlapped (every round when no recording run says otherwise). */
        List<Integer> overlapping(int rounds) {
            List<Integer> kept = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                if (r >= overlap.size() || overlap.get(r) >= MIN_OVERLAP) {
                    kept.add(r);
                }
            }
            return kept;
        }

        /** Why rounds were left out, or "" when none were. */
        String leftOut(int rounds) {
            int out = rounds - overlapping(rounds).size();
            return out == 0
                    ? ""
                    : String.format(
                            Locale.ROOT,
                            "; %d of %d rounds left out: their pinned threads made under %.0f%% of the recorded"
                                    + " increments while both were on their cores (a busy machine's time slices)",
                            out,
                            rounds,
                            100 * MIN_OVERLAP);
        }
    }

    private static List<Double> at(List<Double> values, List<Integer> rounds) {
        return rounds.stream().filter(r -> r < values.size()).map(values::get).toList();
    }

    /**
     * A run's figures.
     *
     * @param cores the cores the threads ran on, one each (the most threads run)
     * @param sides C++ and Java; a side whose program did not run has empty lists
     */
    record Figures(int cores, List<Side> sides) {}

    private CasClaims() {}

    static Verdict judge(Figures f) {
        List<Claim> claims = new ArrayList<>();
        for (Side side : f.sides()) {
            claims.add(dearerContended(side, f.cores()));
        }
        for (Side side : f.sides()) {
            claims.add(runsOfIncrements(side, f.cores()));
        }
        claims.add(Claim.notMeasurableHere(
                FAIRER,
                "the post's two CPU generations, a Nehalem and a Sandy Bridge at comparable clocks, and their"
                        + " performance counters (Intel read the runs with them)",
                "The run-length table shows how long this machine's cores keep the line; a comparison of"
                        + " generations needs both."));
        return Verdict.fromClaims(claims);
    }

    static String dearerClaim(Side s) {
        return s.language() + " " + s.increment() + " is several times dearer contended";
    }

    static String runClaim(Side s) {
        return s.language() + " " + s.increment() + ": a core makes a run of increments before losing the line";
    }

    private static Claim dearerContended(Side s, int cores) {
        String claim = dearerClaim(s);
        if (cores < MIN_CORES) {
            return oneCore(claim);
        }
        if (s.uncontendedNs().isEmpty() || s.contendedNs().isEmpty()) {
            return Claim.inconclusive(claim, "not measured at 1 and " + cores + " threads");
        }
        List<Integer> kept = s.overlapping(s.contendedNs().size());
        if (kept.isEmpty()) {
            return busy(claim, s);
        }
        List<Double> contended = at(s.contendedNs(), kept);
        List<Double> alone = at(s.uncontendedNs(), kept);
        return Claim.atLeast(
                        claim,
                        Measure.ratio(contended, alone),
                        DEARER,
                        String.format(
                                Locale.ROOT,
                                "ns per increment at %d threads (one per core) over 1 thread, per round: %s against"
                                        + " %s%s",
                                cores,
                                Measure.of(contended, "ns").text(),
                                Measure.of(alone, "ns").text(),
                                s.leftOut(s.contendedNs().size())))
                .withOurLine();
    }

    private static Claim runsOfIncrements(Side s, int cores) {
        String claim = runClaim(s);
        if (cores < MIN_CORES) {
            return oneCore(claim);
        }
        if (s.medianRunLength().isEmpty()) {
            return Claim.inconclusive(claim, "no recording run at " + cores + " threads");
        }
        List<Integer> kept = s.overlapping(s.medianRunLength().size());
        if (kept.isEmpty()) {
            return busy(claim, s);
        }
        return Claim.atLeast(
                        claim,
                        Measure.of(at(s.medianRunLength(), kept), "increments"),
                        RUN,
                        "median contended run length (consecutive counter values one core obtained) at " + cores
                                + " threads, per round"
                                + s.leftOut(s.medianRunLength().size()))
                .withOurLine();
    }

    private static Claim busy(String claim, Side s) {
        return Claim.inconclusive(
                claim,
                String.format(
                        Locale.ROOT,
                        "in no round did the two pinned threads make %.0f%% of the recorded increments while both"
                                + " were on their cores (overlap per round: %s): the machine was too busy to show"
                                + " contention; rerun it quiet",
                        100 * MIN_OVERLAP,
                        s.overlap().stream()
                                .map(o -> String.format(Locale.ROOT, "%.0f%%", 100 * o))
                                .toList()));
    }

    private static Claim oneCore(String claim) {
        return Claim.notMeasurableHere(
                claim,
                MIN_CORES + " cores, one contending thread pinned on each",
                "This machine gives the threads one core: they take turns on it, so no two cores contend for the"
                        + " line.");
    }
}

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
 * HERE. Pure: figures in, verdict out.
 */
final class CasClaims {
    static final double DEARER = 2;
    static final double RUN = 2;
    static final int MIN_CORES = 2;

    static final String FAIRER = "Sandy Bridge is fairer than Nehalem: its cores keep the line for shorter runs";

    /**
     * One side's figures, per round, in round order (an empty list when not measured).
     *
     * @param language "C++" or "Java"
     * @param increment the case judged ("LOCK XADD", "getAndAdd")
     * @param uncontendedNs the increment's ns per increment at one thread, per round
     * @param contendedNs the same at the most threads, one per core, per round
     * @param medianRunLength the median run length of the increment's recording run at the most threads,
     *     per round
     */
    record Side(
            String language,
            String increment,
            List<Double> uncontendedNs,
            List<Double> contendedNs,
            List<Double> medianRunLength) {
        Side {
            uncontendedNs = List.copyOf(uncontendedNs);
            contendedNs = List.copyOf(contendedNs);
            medianRunLength = List.copyOf(medianRunLength);
        }
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
        Measure ratio = Measure.ratio(s.contendedNs(), s.uncontendedNs());
        return Claim.atLeast(
                        claim,
                        ratio,
                        DEARER,
                        String.format(
                                Locale.ROOT,
                                "ns per increment at %d threads (one per core) over 1 thread, per round: %s against %s",
                                cores,
                                Measure.of(s.contendedNs(), "ns").text(),
                                Measure.of(s.uncontendedNs(), "ns").text()))
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
        return Claim.atLeast(
                        claim,
                        Measure.of(s.medianRunLength(), "increments"),
                        RUN,
                        "median run length (consecutive counter values one core obtained) at " + cores
                                + " threads, per round")
                .withOurLine();
    }

    private static Claim oneCore(String claim) {
        return Claim.notMeasurableHere(
                claim,
                MIN_CORES + " cores, one contending thread pinned on each",
                "This machine gives the threads one core: they take turns on it, so no two cores contend for the"
                        + " line.");
    }
}

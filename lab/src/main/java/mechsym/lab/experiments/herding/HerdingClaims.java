package mechsym.lab.experiments.herding;

import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.tools.platform.CpuTopology;

/**
 * The herding verdict: the post's recipe ("everybody moves to one core and you taskset your
 * benchmarking process onto the cores left") applied against the same neighbours and benchmark left to
 * roam. The post gives commands, not figures: the line is mechsym's reading, that herding lowers the
 * benchmark's tail (p99 round trip, the ratio taken round by round at least 1x). The recipe needs one
 * CPU for everybody else and two for the ping-pong: below {@value #CPUS} CPUs it is NOT MEASURABLE
 * HERE. Pure: figures in, verdict out; stateless.
 */
final class HerdingClaims {
    /** CPUs the recipe needs: one for everybody else, two for the two-thread benchmark. */
    static final int CPUS = 3;

    static final String RECIPE = "herding everybody else onto one CPU and the benchmark onto the rest lowers the"
            + " benchmark's p99 round trip";
    static final String NEEDS = ">= 3 CPUs this process may pin to (one for everybody else, two for the benchmark)";

    private HerdingClaims() {}

    static Verdict judge(HerdingFigures figures, CpuTopology topology) {
        if (topology.logicalCpus() < CPUS) {
            return Verdict.fromClaims(List.of(Claim.notMeasurableHere(
                    RECIPE, NEEDS, "This machine lets this process use " + topology.logicalCpus() + " CPU(s).")));
        }
        List<Double> ratios = figures.ratios(Arrangement.NOT_HERDED, Arrangement.HERDED, HerdingFigures.RoundTrip::p99);
        if (ratios.isEmpty()) {
            return Verdict.fromClaims(List.of(Claim.inconclusive(
                    RECIPE, "the herded and not-herded arrangements did not both run in one round")));
        }
        return Verdict.fromClaims(List.of(Claim.atLeast(
                        RECIPE, Measure.of(ratios, "x"), 1.0, "p99 round trip not herded over herded, round by round")
                .withOurLine()));
    }
}

package mechsym.lab.experiments.tcpping;

import static mechsym.lab.rigs.latency.Findings.ratio;
import static mechsym.lab.rigs.latency.Findings.us;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The tcp-ping experiment's verdict, goal and follow-up findings, decided from p50 round trips of one
 * run. The verdict judges the seed post alone: on loopback, client and server on two cores beat one
 * core, by the post's own size (p50 9 µs same core against 6 µs cross cores on its laptop). The
 * follow-up post's transport ranking ("A Java Ping Buffet", not in the seeds, so no size to hold it
 * to) is reported as findings beside the verdict, and the Java spin p50 against C's is mechsym's goal.
 * Every figure may be missing (null): the claim is then undecided, saying which.
 *
 * @param spinSameCore Java spin transport, client and server on one CPU
 * @param spinCrossCore Java spin transport, client and server on two CPUs
 * @param selectCrossCore Java select transport, cross-core (same-core when the machine has one CPU)
 * @param ipcCrossCore Java ipc transport, cross-core (same-core when the machine has one CPU)
 * @param spin the Java spin p50 the select and ipc findings compare with (cross-core where measured)
 * @param cSpin the C spin p50 at the same placement as {@code spin}
 */
record TcpPingFindings(
        Double spinSameCore,
        Double spinCrossCore,
        Double selectCrossCore,
        Double ipcCrossCore,
        Double spin,
        Double cSpin) {

    /** The seed post's laptop, loopback, p50 same core (ns). */
    static final int POST_SAME_CORE_P50_NS = 9000;

    /** The seed post's laptop, loopback, p50 cross cores (ns). */
    static final int POST_CROSS_CORE_P50_NS = 6000;

    /** The post's size: same-core p50 over cross-core p50. */
    static final double POST_SAME_OVER_CROSS = (double) POST_SAME_CORE_P50_NS / POST_CROSS_CORE_P50_NS;

    /** mechsym's goal: the Java spin p50 within 10% of C's. */
    static final double GOAL_JAVA_OVER_C = 1.10;

    static final String CROSS_BELOW_SAME = "cross-core p50 below same-core on loopback";
    static final String BY_POST_SIZE = "by the post's " + ratio(POST_SAME_OVER_CROSS) + " (9 µs against 6 µs)";
    static final String SPIN_BELOW_SELECT = "spin below select (the follow-up, not in the seeds)";
    static final String IPC_BELOW_TCP = "a memory-mapped file below TCP spin (the follow-up, not in the seeds)";
    static final String JAVA_NEAR_C = "Java spin p50 within 10% of C spin p50, same pinning";

    /** The seed post's claim: "putting the client and the server on the same core is not a good idea". */
    List<Claim> crossCoreBelowSameCore() {
        if (spinSameCore == null || spinCrossCore == null) {
            String figures = "spin p50 same-core " + us(spinSameCore) + ", cross-core " + us(spinCrossCore);
            if (spinCrossCore == null && spinSameCore != null) {
                String needs = "two CPUs this process may use";
                return List.of(
                        Claim.notMeasurableHere(CROSS_BELOW_SAME, needs, figures),
                        Claim.notMeasurableHere(BY_POST_SIZE, needs, figures));
            }
            return List.of(Claim.inconclusive(CROSS_BELOW_SAME, figures), Claim.inconclusive(BY_POST_SIZE, figures));
        }
        double r = spinSameCore / spinCrossCore;
        String figures =
                "spin p50 cross-core " + us(spinCrossCore) + ", same-core " + us(spinSameCore) + " (" + ratio(r) + ")";
        return List.of(
                Claim.judge(CROSS_BELOW_SAME, spinCrossCore < spinSameCore, figures),
                Claim.judge(BY_POST_SIZE, r >= POST_SAME_OVER_CROSS, figures));
    }

    /** The verdict: the seed post's claims alone. */
    Verdict verdict() {
        return Verdict.fromClaims(crossCoreBelowSameCore());
    }

    /** The follow-up post's ranking, reported beside the verdict and never in it. */
    List<Claim> followUp() {
        return List.of(spinBelowSelect(), ipcBelowTcp());
    }

    private Claim spinBelowSelect() {
        if (spin == null || selectCrossCore == null) {
            return Claim.inconclusive(SPIN_BELOW_SELECT, "spin p50 " + us(spin) + ", select " + us(selectCrossCore));
        }
        return Claim.judge(
                SPIN_BELOW_SELECT, spin < selectCrossCore, "p50 spin " + us(spin) + ", select " + us(selectCrossCore));
    }

    private Claim ipcBelowTcp() {
        if (spin == null || ipcCrossCore == null) {
            return Claim.inconclusive(IPC_BELOW_TCP, "ipc p50 " + us(ipcCrossCore) + ", TCP spin " + us(spin));
        }
        return Claim.judge(
                IPC_BELOW_TCP,
                ipcCrossCore < spin,
                "p50 ipc " + us(ipcCrossCore) + ", TCP spin " + us(spin) + " (" + ratio(spin / ipcCrossCore) + ")");
    }

    /** mechsym's goal: Java spin p50 / C spin p50 at most 1.10 at the same pinning. */
    Goal javaWithinTenPercentOfC() {
        if (spin == null || cSpin == null) {
            return Goal.notMeasurable(JAVA_NEAR_C, "Java spin p50 " + us(spin) + ", C spin p50 " + us(cSpin));
        }
        double r = spin / cSpin;
        return Goal.judge(
                JAVA_NEAR_C,
                r <= GOAL_JAVA_OVER_C,
                "Java spin p50 " + us(spin) + " / C spin p50 " + us(cSpin) + " = " + ratio(r) + " (goal at most "
                        + ratio(GOAL_JAVA_OVER_C) + ")");
    }
}

package mechsym.lab.experiments.tcpping;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.experiments.tcpping.TcpPingFigures.Case;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;

/**
 * The seed post's claims, judged from a run's per-round p50s: the Java busy-spin round trip is dearer
 * with client and server on one core's two hyperthreads than on two cores (its laptop: 9 µs against 6,
 * 1.5x), and dearer across sockets than across two cores of one socket (its test machine: 13 µs
 * against 8). Each is judged through the per-round ratio where this machine has the placement, and is
 * NOT MEASURABLE HERE, naming the hardware, where it has not. Both threads on one logical CPU is not
 * the post's "same core" (two spinning threads time-slicing one CPU cannot lose to two cores): it is
 * shown beside the verdict, never judged. The follow-up post's ranking (not in the seeds) is judged
 * apart as context. Pure: figures in, verdict out; stateless.
 */
final class TcpPingClaims {
    /** The seed post's laptop, loopback, p50 same core and cross cores (µs). */
    static final double POST_SAME_CORE_US = 9;

    static final double POST_CROSS_CORE_US = 6;

    /** Its dual-socket test machine, loopback, p50 across sockets and across cores of one socket (µs). */
    static final double POST_CROSS_SOCKET_US = 13;

    static final double POST_SAME_SOCKET_US = 8;

    static final String SMT_DEARER = "spin round trip dearer on one core's SMT siblings than on two cores";
    static final String SMT_BY_POST = "by the post's 1.5x (p50 9 µs same core against 6 µs cross cores)";
    static final String SOCKET_DEARER = "spin round trip dearer across sockets than on two cores of one socket";
    static final String SOCKET_BY_POST = "by the post's 1.63x (p50 13 µs across sockets against 8 µs)";
    static final String SPIN_BELOW_SELECT = "spin below select (the follow-up, not in the seeds)";
    static final String IPC_BELOW_TCP = "a memory-mapped file below TCP spin (the follow-up, not in the seeds)";

    private TcpPingClaims() {}

    /** The verdict: the post's placement claims, each at a placement this machine has or not measurable here. */
    static Verdict judge(TcpPingFigures figures, CpuTopology topology) {
        List<Claim> claims = new ArrayList<>();
        claims.addAll(dearerThanCrossCore(
                figures,
                topology,
                Placement.SAME_CORE,
                SMT_DEARER,
                SMT_BY_POST,
                POST_SAME_CORE_US / POST_CROSS_CORE_US));
        claims.addAll(dearerThanCrossCore(
                figures,
                topology,
                Placement.CROSS_SOCKET,
                SOCKET_DEARER,
                SOCKET_BY_POST,
                POST_CROSS_SOCKET_US / POST_SAME_SOCKET_US));
        return Verdict.fromClaims(claims);
    }

    /** The placement's spin p50 over the cross-core one, round by round: dearer at all, and by the post's size. */
    private static List<Claim> dearerThanCrossCore(
            TcpPingFigures figures,
            CpuTopology topology,
            Placement placement,
            String dearer,
            String byPost,
            double postRatio) {
        var absent = CpuPair.absence(topology, placement);
        if (absent.isPresent()) {
            String needs = CpuPair.needs(placement);
            return List.of(
                    Claim.notMeasurableHere(dearer, needs, absent.get()),
                    Claim.notMeasurableHere(byPost, needs, absent.get()));
        }
        Case there = new Case("java", "spin", placement);
        Case cross = new Case("java", "spin", Placement.CROSS_CORE);
        List<Double> ratios = figures.ratios(there, cross);
        String words =
                "Java spin p50 " + placement.words() + " over " + Placement.CROSS_CORE.words() + ", round by round";
        if (ratios.isEmpty()) {
            String why = words + ": no round measured both";
            return List.of(Claim.inconclusive(dearer, why), Claim.inconclusive(byPost, why));
        }
        Measure m = Measure.of(ratios, "x");
        return List.of(Claim.atLeast(dearer, m, 1.0, words), Claim.atLeast(byPost, m, postRatio, words));
    }

    /**
     * The follow-up post's transport ranking at {@code placement}, shown beside the verdict and never in
     * it: select over spin, and TCP spin over a memory-mapped file, each at least 1x round by round.
     */
    static List<Claim> followUp(TcpPingFigures figures, Placement placement) {
        Case spin = new Case("java", "spin", placement);
        return List.of(
                ranked(figures, SPIN_BELOW_SELECT, new Case("java", "select", placement), spin),
                ranked(figures, IPC_BELOW_TCP, spin, new Case("java", "ipc", placement)));
    }

    /** {@code claim}: {@code over}'s p50 above {@code under}'s, round by round. */
    private static Claim ranked(TcpPingFigures figures, String claim, Case over, Case under) {
        List<Double> ratios = figures.ratios(over, under);
        String words = over.transport() + " p50 over " + under.transport() + " p50, "
                + over.placement().words();
        if (ratios.isEmpty()) {
            return Claim.inconclusive(claim, words + ": no round measured both");
        }
        return Claim.atLeast(claim, Measure.of(ratios, "x"), 1.0, words);
    }
}

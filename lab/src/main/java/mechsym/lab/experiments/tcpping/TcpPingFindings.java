package mechsym.lab.experiments.tcpping;

import static mechsym.lab.rigs.latency.Findings.ratio;
import static mechsym.lab.rigs.latency.Findings.us;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.rigs.latency.Findings;
import mechsym.lab.rigs.latency.Findings.Finding;

/**
 * The tcp-ping experiment's claims and speed goal, decided from p50 round trips of one run. Every
 * figure may be missing (null): the claim is then inconclusive, saying which.
 *
 * @param spinSameCore Java spin transport, client and server on one CPU
 * @param spinCrossCore Java spin transport, client and server on two CPUs
 * @param selectCrossCore Java select transport, cross-core (same-core when the machine has one CPU)
 * @param ipcCrossCore Java ipc transport, cross-core (same-core when the machine has one CPU)
 * @param spin the Java spin p50 the select and ipc claims compare with (cross-core where measured)
 * @param cSpin the C spin p50 at the same placement as {@code spin}
 */
record TcpPingFindings(
        Double spinSameCore,
        Double spinCrossCore,
        Double selectCrossCore,
        Double ipcCrossCore,
        Double spin,
        Double cSpin) {

    /** "Far below": the memory-mapped round trip at most a fifth of the TCP one. */
    static final double FAR_BELOW = 5.0;

    /** mechsym's goal: the Java spin p50 within 10% of C's. */
    static final double GOAL_JAVA_OVER_C = 1.10;

    /** The seed post: "putting the client and the server on the same core is not a good idea". */
    Verdict crossCoreBelowSameCore() {
        if (spinSameCore == null || spinCrossCore == null) {
            return Verdict.inconclusive("spin p50 same-core " + us(spinSameCore) + ", cross-core " + us(spinCrossCore)
                    + (spinCrossCore == null ? ": cross-core needs two CPUs this process may use" : ""));
        }
        String figures = "spin p50 cross-core " + us(spinCrossCore) + ", same-core " + us(spinSameCore);
        return spinCrossCore < spinSameCore
                ? Verdict.reproduced(figures + " (" + ratio(spinSameCore / spinCrossCore) + ")")
                : Verdict.notReproduced(figures);
    }

    /** The follow-up's ranking: busy-spinning on the channel beats sleeping in select(). */
    Verdict spinBelowSelect() {
        if (spin == null || selectCrossCore == null) {
            return Verdict.inconclusive("spin p50 " + us(spin) + ", select " + us(selectCrossCore));
        }
        String figures = "p50 spin " + us(spin) + ", select " + us(selectCrossCore);
        return spin < selectCrossCore ? Verdict.reproduced(figures) : Verdict.notReproduced(figures);
    }

    /** The follow-up's ranking: a memory-mapped file is far below any socket. */
    Verdict ipcFarBelowTcp() {
        if (spin == null || ipcCrossCore == null) {
            return Verdict.inconclusive("ipc p50 " + us(ipcCrossCore) + ", TCP spin " + us(spin));
        }
        String figures =
                "p50 ipc " + us(ipcCrossCore) + ", TCP spin " + us(spin) + " (" + ratio(spin / ipcCrossCore) + ")";
        if (ipcCrossCore * FAR_BELOW <= spin) {
            return Verdict.reproduced(figures);
        }
        return ipcCrossCore < spin
                ? Verdict.partly(figures + ": below, but not " + (int) FAR_BELOW + "x")
                : Verdict.notReproduced(figures);
    }

    Verdict verdict() {
        return Findings.combine(List.of(
                new Finding("cross-core below same-core on loopback", crossCoreBelowSameCore()),
                new Finding("spin below select", spinBelowSelect()),
                new Finding("mmap IPC far below TCP", ipcFarBelowTcp())));
    }

    /** mechsym's goal: Java spin p50 / C spin p50 at most 1.10 at the same pinning. */
    Verdict javaWithinTenPercentOfC() {
        if (spin == null || cSpin == null) {
            return Verdict.inconclusive("Java spin p50 " + us(spin) + ", C spin p50 " + us(cSpin));
        }
        double r = spin / cSpin;
        String figures = "Java spin p50 " + us(spin) + " / C spin p50 " + us(cSpin) + " = " + ratio(r)
                + " (goal at most " + ratio(GOAL_JAVA_OVER_C) + ")";
        return r <= GOAL_JAVA_OVER_C
                ? Verdict.reproduced("met: " + figures)
                : Verdict.notReproduced("missed: " + figures);
    }
}

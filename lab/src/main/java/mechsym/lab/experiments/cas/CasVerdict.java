package mechsym.lab.experiments.cas;

import java.util.Locale;
import mechsym.lab.Verdict;

/**
 * The cas verdict: an uncontended atomic increment is cheap (the post: 6.2 and 6.8 ns, ~21 and ~23
 * cycles, for LOCK XADD; here under 15 ns), and contended it costs several times more (here 2x or
 * more at the most threads). Pure: figures in, verdict out.
 */
final class CasVerdict {
    static final double CHEAP_NS = 15;
    static final double DEARER = 2;

    /**
     * A run's figures, any of them null when not measured.
     *
     * @param who the case judged (C++ LOCK XADD, or Java getAndAdd without a C++ baseline)
     * @param uncontendedNs its median ns per increment at one thread
     * @param threads the most threads run
     * @param contendedNs its median at that many threads
     */
    record Figures(String who, Double uncontendedNs, int threads, Double contendedNs) {}

    private CasVerdict() {}

    static Verdict judge(Figures f) {
        if (f.uncontendedNs() == null || f.uncontendedNs() <= 0) {
            return Verdict.inconclusive(
                    "Neither C++ LOCK XADD nor Java getAndAdd was measured at one thread, so nothing could be judged.");
        }
        boolean cheap = f.uncontendedNs() < CHEAP_NS;
        String figures = String.format(
                Locale.ROOT,
                "%s uncontended: %.1f ns per increment (the post: 6.2-6.8 ns; cheap here means under %.0f ns)",
                f.who(),
                f.uncontendedNs(),
                CHEAP_NS);
        if (f.threads() < 2) {
            return Verdict.partly(figures + "; one core only, so no contention could be measured.");
        }
        if (f.contendedNs() == null) {
            return cheap
                    ? Verdict.partly(figures + "; the contended run at " + f.threads() + " threads was not measured.")
                    : Verdict.inconclusive(
                            figures + "; the contended run at " + f.threads() + " threads was not measured.");
        }
        double factor = f.contendedNs() / f.uncontendedNs();
        String all = figures
                + String.format(Locale.ROOT, "; %d threads: %.1f ns (%.1fx).", f.threads(), f.contendedNs(), factor);
        boolean dearer = factor >= DEARER;
        if (cheap && dearer) {
            return Verdict.reproduced(all + " Cheap alone, several times dearer contended.");
        }
        if (cheap) {
            return Verdict.partly(all
                    + " Contention cost less than 2x here (a loaded or small machine time-slices the threads,"
                    + " which hands the line over less often).");
        }
        if (dearer) {
            return Verdict.partly(all + " The uncontended increment was not cheap.");
        }
        return Verdict.notReproduced(all);
    }
}

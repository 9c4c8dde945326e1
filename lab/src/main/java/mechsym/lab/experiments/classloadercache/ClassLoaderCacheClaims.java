package mechsym.lab.experiments.classloadercache;

import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The post's two findings on its op, from 1 to N threads (N = this machine's CPUs), each over the
 * rounds' per-round ratios (pure: figures in, verdict out): the ConcurrentHashMap cache scales (the
 * post: 1.87x at 2 threads, 7.8x at 8), the synchronized WebappClassLoader stays flat (the post: ~1x
 * from 2 threads on). On one CPU neither can show.
 */
final class ClassLoaderCacheClaims {
    /** A cache "scales" when N threads do at least this many times the lookups of one. */
    static final double SCALES = 1.4;
    /** A synchronized loader "stays flat" when N threads do at most this many times the lookups of one. */
    static final double FLAT = 1.15;

    private ClassLoaderCacheClaims() {}

    static Verdict judge(ClassLoaderCacheFigures figures) {
        return Verdict.fromClaims(List.of(cacheScales(figures), synchronizedFlat(figures)));
    }

    static Claim cacheScales(ClassLoaderCacheFigures figures) {
        String claim = "a ConcurrentHashMap cache scales with threads (N threads >= 1.4x one)";
        if (figures.cores() < 2) {
            return Claim.notMeasurableHere(claim, "two CPUs", "One CPU: no loader can scale with threads here.");
        }
        List<Double> ratios = figures.scaling("chm-cache");
        if (ratios.isEmpty()) {
            return Claim.inconclusive(claim, "chm-cache has no score at 1 or " + figures.cores() + " threads");
        }
        return Claim.atLeast(
                claim,
                Measure.of(ratios, "x"),
                SCALES,
                "chm-cache ops/ms at " + figures.cores() + " threads / at 1, per round");
    }

    static Claim synchronizedFlat(ClassLoaderCacheFigures figures) {
        String sync = figures.synchronizedLoader();
        String claim = "the synchronized WebappClassLoader stays flat (N threads <= 1.15x one)";
        if (figures.cores() < 2) {
            return Claim.notMeasurableHere(claim, "two CPUs", "One CPU: no loader can scale with threads here.");
        }
        List<Double> ratios = figures.scaling(sync);
        if (ratios.isEmpty()) {
            return Claim.inconclusive(claim, sync + " has no score at 1 or " + figures.cores() + " threads");
        }
        return Claim.atMost(
                claim,
                Measure.of(ratios, "x"),
                FLAT,
                sync + " ops/ms at " + figures.cores() + " threads / at 1, per round");
    }
}

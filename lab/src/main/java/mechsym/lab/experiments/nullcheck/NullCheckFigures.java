package mechsym.lab.experiments.nullcheck;

import java.util.List;
import java.util.Map;

/**
 * The post's benchmarks as this run measured them: per compiler, per round, each benchmark's ops/ms
 * (its fork's median iteration), the compilers' forks of a round run one after the other.
 *
 * @param c2 per round, benchmark method to ops/ms, under C2 (the server VM's stand-in)
 * @param c1 the same under C1 alone (the client VM's stand-in)
 */
record NullCheckFigures(List<Map<String, Double>> c2, List<Map<String, Double>> c1) {
    NullCheckFigures {
        c2 = c2.stream().map(Map::copyOf).toList();
        c1 = c1.stream().map(Map::copyOf).toList();
    }

    /**
     * True/false over null/present in one round: the post's two pairs summed ((testTrueTrue +
     * testZTrueTrue) / (testPresentPresent + testZPresentPresent)), the first pair alone when the
     * second is missing, or null when the first is.
     */
    static Double trueOverPresent(Map<String, Double> scores) {
        Double pp = scores.get("testPresentPresent");
        Double tt = scores.get("testTrueTrue");
        if (pp == null || tt == null) {
            return null;
        }
        Double zpp = scores.get("testZPresentPresent");
        Double ztt = scores.get("testZTrueTrue");
        return zpp == null || ztt == null ? tt / pp : (tt + ztt) / (pp + zpp);
    }

    /** The rounds' true/false over null/present, the rounds that measured both. */
    static List<Double> trueOverPresent(List<Map<String, Double>> rounds) {
        return rounds.stream()
                .map(NullCheckFigures::trueOverPresent)
                .filter(r -> r != null)
                .toList();
    }
}

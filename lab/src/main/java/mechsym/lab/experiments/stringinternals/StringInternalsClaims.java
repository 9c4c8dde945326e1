package mechsym.lab.experiments.stringinternals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The string-internals post's points (pure: figures in, verdict out): reading a String's array in
 * place spares the copy the public API makes ("a nice boost"), and writing its final field is not
 * safe. The post measures nothing: the reading line is ours; the writes are facts. How the saving
 * moves with the String's length is shown, not judged: the post says nothing of it.
 */
final class StringInternalsClaims {
    /** In place counts as sparing the copy when the fastest copying way takes this many times as long. */
    static final double SAVES = 1.5;

    private StringInternalsClaims() {}

    static Verdict judge(StringInternalsFigures figures) {
        return Verdict.fromClaims(List.of(saves(figures), unsafeToWrite(figures)));
    }

    static Claim saves(StringInternalsFigures figures) {
        String claim = "reading in place spares the copy: the fastest copy >= 1.5x the fastest in-place read, longest"
                + " String";
        List<Double> perRound = new ArrayList<>();
        for (Map<Integer, Map<String, Double>> round : figures.reads()) {
            TreeMap<Integer, Map<String, Double>> byLength = new TreeMap<>(round);
            Double longest = byLength.isEmpty()
                    ? null
                    : StringInternalsFigures.saving(byLength.lastEntry().getValue());
            if (longest != null) {
                perRound.add(longest);
            }
        }
        if (perRound.isEmpty()) {
            return Claim.inconclusive(claim, "a copying or in-place read of the longest String has no score");
        }
        return Claim.atLeast(claim, Measure.of(perRound, "x"), SAVES, "fastest copy ns / fastest in-place ns per round")
                .withOurLine();
    }

    /** A fact, not a timing: VarHandle refuses the write and some Unsafe write corrupts a String. */
    static Claim unsafeToWrite(StringInternalsFigures figures) {
        String claim = "writing a String's final field is not safe (VarHandle refuses, Unsafe corrupts)";
        if (figures.writes().isEmpty()) {
            return Claim.inconclusive(claim, "the final-field writes reported nothing");
        }
        boolean refused = figures.writes().stream()
                .anyMatch(c -> c.write().startsWith("VarHandle") && c.outcome().equals("refused"));
        List<String> corrupted = figures.writes().stream()
                .filter(c -> c.write().startsWith("Unsafe") && c.outcome().equals("corrupted"))
                .map(FinalFieldWrites.Case::write)
                .toList();
        return Claim.judge(
                claim,
                refused && !corrupted.isEmpty(),
                Measure.exact(
                        corrupted.size(), "Strings corrupted", figures.writes().size()),
                "VarHandle " + (refused ? "refused" : "did not refuse") + " the write; Unsafe corrupted "
                        + corrupted.size() + " of the Strings it wrote"
                        + (corrupted.isEmpty() ? "" : " (" + String.join("; ", corrupted) + ")"));
    }
}

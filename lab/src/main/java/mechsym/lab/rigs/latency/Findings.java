package mechsym.lab.rigs.latency;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import mechsym.lab.Verdict;

/**
 * Several checked claims folded into an experiment's one verdict: reproduced when every claim was
 * reproduced, not reproduced when none was even partly, inconclusive when none could be checked,
 * partly otherwise (including some reproduced and some not checkable). The reason lists every claim
 * with its own outcome and figures.
 */
public final class Findings {
    private Findings() {}

    /** One claim and its verdict. */
    public record Finding(String claim, Verdict verdict) {}

    public static Verdict combine(List<Finding> findings) {
        String reason = findings.stream()
                .map(f -> f.claim() + ": " + word(f.verdict().outcome()) + " ("
                        + f.verdict().reason() + ")")
                .collect(Collectors.joining("; "));
        long decided = findings.stream()
                .filter(f -> f.verdict().outcome() != Verdict.Outcome.INCONCLUSIVE)
                .count();
        long reproduced = count(findings, Verdict.Outcome.REPRODUCED);
        long partly = count(findings, Verdict.Outcome.PARTLY);
        if (decided == 0) {
            return Verdict.inconclusive(reason);
        }
        if (reproduced == findings.size()) {
            return Verdict.reproduced(reason);
        }
        if (reproduced + partly == 0) {
            return Verdict.notReproduced(reason);
        }
        return Verdict.partly(reason);
    }

    private static long count(List<Finding> findings, Verdict.Outcome outcome) {
        return findings.stream().filter(f -> f.verdict().outcome() == outcome).count();
    }

    /** The outcome in words. */
    public static String word(Verdict.Outcome outcome) {
        return outcome.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** A speed goal's outcome in a word: met, missed, or not measured. */
    public static String goalWord(Verdict goal) {
        return switch (goal.outcome()) {
            case REPRODUCED -> "met";
            case INCONCLUSIVE -> "not measured";
            default -> "missed";
        };
    }

    /** A figure for a sentence: "12.3 µs", or "missing". */
    public static String us(Double value) {
        return value == null ? "missing" : String.format(Locale.ROOT, "%.1f µs", value);
    }

    /** A ratio for a sentence: "1.23x", "2990x", "0.00416x" (three significant digits below 0.1). */
    public static String ratio(double value) {
        if (value >= 100) {
            return String.format(Locale.ROOT, "%.0fx", value);
        }
        return value >= 0.1 || value == 0
                ? String.format(Locale.ROOT, "%.2fx", value)
                : String.format(Locale.ROOT, "%.3gx", value);
    }
}

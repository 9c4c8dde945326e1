package mechsym.lab.experiments.stringinternals;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The figures of a run: per round, per String length, each read way's ns (its fork's median
 * iteration); and what became of the final-field writes.
 *
 * @param reads per round: length to way to ns per read of the whole String
 * @param writes the forked JVM's final-field writes and their outcomes
 */
record StringInternalsFigures(List<Map<Integer, Map<String, Double>>> reads, List<FinalFieldWrites.Case> writes) {
    static final List<String> COPYING = List.of("getBytes", "getChars");
    static final List<String> IN_PLACE = List.of("latin1Strings", "unsafe");

    StringInternalsFigures {
        reads = List.copyOf(reads);
        writes = List.copyOf(writes);
    }

    /** The fastest copying way over the fastest in-place way among {@code ways}, or null. */
    static Double saving(Map<String, Double> ways) {
        Double copy = fastest(ways, COPYING);
        Double inPlace = fastest(ways, IN_PLACE);
        return copy == null || inPlace == null ? null : copy / inPlace;
    }

    /** The lowest ns among {@code names} in {@code ways}, or null when none was measured. */
    static Double fastest(Map<String, Double> ways, List<String> names) {
        return names.stream()
                .map(ways::get)
                .filter(Objects::nonNull)
                .min(Double::compare)
                .orElse(null);
    }
}

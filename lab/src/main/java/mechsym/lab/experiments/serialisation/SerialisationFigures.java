package mechsym.lab.experiments.serialisation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run's figures: per round, each way's write + read of the post's object (ns, the forks' median
 * iterations), and the encoded sizes.
 *
 * @param rounds per round: way (as the report names it) to write + read ns
 * @param sizes encoded bytes by benchmark size key ("javaSerialization", "unsafe", "codec", ...)
 * @param className the serialised class's name, whose length moves Java Serialization's size
 */
record SerialisationFigures(List<Map<String, Double>> rounds, Map<String, Integer> sizes, String className) {
    static final String SERIALIZATION = "Java Serialization";
    static final String BYTE_BUFFER = "ByteBuffer";
    static final String UNSAFE = "Unsafe (the post's)";
    static final String AGRONA = "Agrona UnsafeBuffer";

    SerialisationFigures {
        rounds = rounds.stream().map(Map::copyOf).toList();
        sizes = Map.copyOf(sizes);
    }

    /** Per round where both were measured, {@code over}'s total / {@code under}'s. */
    List<Double> ratios(String over, String under) {
        List<Double> ratios = new ArrayList<>();
        for (Map<String, Double> round : rounds) {
            Double top = round.get(over);
            Double bottom = round.get(under);
            if (top != null && bottom != null) {
                ratios.add(top / bottom);
            }
        }
        return ratios;
    }
}

package mechsym.lab;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Checks that a field of a result record is present, naming it if not: the records are also read
 * back from results.json, where a missing or null field would otherwise surface as a bare
 * NullPointerException far from the file (in {@code mechsym lab compare}).
 */
public final class Required {
    private Required() {}

    /** {@code value}, or an {@link IllegalArgumentException} saying that {@code name} is missing. */
    public static <T> T field(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException("'" + name + "' is missing");
        }
        return value;
    }

    /**
     * An unmodifiable copy of {@code list}, or an {@link IllegalArgumentException} saying that the
     * list or its first null entry ({@code 'name[i]'}) is missing.
     */
    public static <T> List<T> entries(List<T> list, String name) {
        field(list, name);
        for (int i = 0; i < list.size(); i++) {
            field(list.get(i), name + "[" + i + "]");
        }
        return List.copyOf(list);
    }

    /**
     * {@code list} if no two entries have the same id, else an {@link IllegalArgumentException}
     * naming both: lookups by id ({@code mechsym lab compare}, charts) would see only the first.
     */
    public static <T> List<T> uniqueIds(List<T> list, Function<T, String> id, String name) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < list.size(); i++) {
            Integer first = seen.putIfAbsent(id.apply(list.get(i)), i);
            if (first != null) {
                throw new IllegalArgumentException("'" + name + "[" + i + "]' has the id '" + id.apply(list.get(i))
                        + "' of '" + name + "[" + first + "]'");
            }
        }
        return list;
    }
}

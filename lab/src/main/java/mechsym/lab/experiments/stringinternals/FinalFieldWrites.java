package mechsym.lab.experiments.stringinternals;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import mechsym.lab.ForkedJvm;

/**
 * The post's warning shown, in a JVM of its own (started with java.lang opened and run with {@code
 * -Xbatch}, so that compilation finishes before the next line runs): each way of writing a String's
 * final {@code value} field, and what became of the String. Each case emits one {@link Case}. This
 * JVM corrupts its own Strings on purpose: never run it inside the lab's JVM.
 */
public final class FinalFieldWrites {
    /** One way of writing, its outcome ("refused", "corrupted", "no effect seen") and what shows it. */
    public record Case(String write, String outcome, String shown) {}

    /** A literal no other code uses: writing into it corrupts nothing else. */
    private static final String FOLDED = "mechsym-folded-constant";

    /** FOLDED read through a volatile field: not a constant to the JIT, so reads see the String as it is. */
    private static volatile String escaped;

    private FinalFieldWrites() {}

    /** How many calls warm up the folded read before Unsafe writes the field. */
    public record Input(int foldingCalls) {}

    public static void main(String[] args) throws Exception {
        Input input = ForkedJvm.input(args, Input.class);
        ForkedJvm.emit(varHandle());
        ForkedJvm.emit(reflection());
        ForkedJvm.emit(unsafeAfterHash());
        ForkedJvm.emit(unsafeAfterFolding(input.foldingCalls()));
    }

    static Case varHandle() {
        String write = "VarHandle.set on String.value (private lookup, java.lang opened)";
        String s = new String("hello");
        try {
            VarHandle value = MethodHandles.privateLookupIn(String.class, MethodHandles.lookup())
                    .findVarHandle(String.class, "value", byte[].class);
            value.set(s, "jello".getBytes(StandardCharsets.ISO_8859_1));
            return new Case(write, "corrupted", "the write went through: the String reads '" + s + "'");
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new Case(write, "refused", e.getClass().getName() + ": " + e.getMessage());
        }
    }

    static Case reflection() {
        String write = "Field.set on String.value after setAccessible(true)";
        String s = new String("hello");
        try {
            Field value = String.class.getDeclaredField("value");
            value.setAccessible(true);
            value.set(s, "jello".getBytes(StandardCharsets.ISO_8859_1));
            return new Case(write, "corrupted", "the write went through: the String reads '" + s + "'");
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new Case(write, "refused", e.getClass().getName() + ": " + e.getMessage());
        }
    }

    /** A String used as a map key (its hash cached), then its value swapped by Unsafe. */
    static Case unsafeAfterHash() {
        String write = "Unsafe.putObject of String.value, after hashCode() (a HashMap key)";
        if (StringInternals.UNSAFE == null) {
            return new Case(write, "not run", "no Unsafe: " + StringInternals.UNSAFE_PROBLEM);
        }
        String key = new String("hello-world");
        Map<String, Integer> map = new HashMap<>();
        map.put(key, 1);
        int cached = key.hashCode();
        StringInternals.UNSAFE.putObject(
                key, StringInternals.VALUE_OFFSET, "jello-world".getBytes(StandardCharsets.ISO_8859_1));
        boolean stale = key.equals("jello-world") && key.hashCode() == cached && cached != "jello-world".hashCode();
        String shown = "the key now reads '" + key + "' but hashCode() is still " + key.hashCode()
                + " (the old text's; '" + "jello-world" + "' hashes to " + "jello-world".hashCode()
                + "); map.get(\"jello-world\") = " + map.get("jello-world") + ", map.get(\"hello-world\") = "
                + map.get("hello-world");
        return new Case(write, stale ? "corrupted" : "no effect seen", shown);
    }

    /**
     * A static final String whose length and first char C2 folded into a compiled method as constants,
     * then its value swapped by Unsafe: the compiled code and the String disagree.
     */
    static Case unsafeAfterFolding(int calls) {
        String write = "Unsafe.putObject of a static final String's value, after C2 compiled code reading it";
        if (StringInternals.UNSAFE == null) {
            return new Case(write, "not run", "no Unsafe: " + StringInternals.UNSAFE_PROBLEM);
        }
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            sum += foldedLengthAndFirst();
        }
        int original = "mechsym-folded-constant".length() * 1000 + 'm';
        escaped = FOLDED;
        StringInternals.UNSAFE.putObject(
                FOLDED, StringInternals.VALUE_OFFSET, "X-folded".getBytes(StandardCharsets.ISO_8859_1));
        int compiled = foldedLengthAndFirst();
        String now = escaped;
        int truth = now.length() * 1000 + now.charAt(0);
        boolean stale = compiled == original && truth != original;
        String shown = String.format(
                "the String now reads '%s' (length %d, first char '%c'); the compiled method still answers length %d,"
                        + " first char '%c' (checksum of the warm-up %d)",
                now, now.length(), now.charAt(0), compiled / 1000, (char) (compiled % 1000), sum);
        return new Case(write, stale ? "corrupted" : "no effect seen", shown);
    }

    /** Length * 1000 + first char: both folded to constants once C2 compiles this. */
    private static int foldedLengthAndFirst() {
        return FOLDED.length() * 1000 + FOLDED.charAt(0);
    }
}

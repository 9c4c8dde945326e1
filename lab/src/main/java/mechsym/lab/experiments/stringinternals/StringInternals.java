package mechsym.lab.experiments.stringinternals;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * The doors into a String's {@code byte[] value} and {@code byte coder} on JDK 25, the post's and
 * today's, each null when this JVM keeps it shut:
 *
 * <ul>
 *   <li>{@link #UNSAFE} with the fields' offsets: the post's way, {@code sun.misc.Unsafe}, whose
 *       memory access is deprecated for removal (it warns unless {@code
 *       --sun-misc-unsafe-memory-access=allow});
 *   <li>{@link #ZERO_COPY}: String's package-private {@code String(byte[] value, byte coder)}
 *       constructor, through a private lookup, which needs {@code --add-opens
 *       java.base/java.lang=ALL-UNNAMED}: a String over the caller's array, no copy.
 * </ul>
 *
 * Reading in place through core's {@code Latin1Strings} needs the same opening. Stateless; any thread.
 */
final class StringInternals {
    /** The coder of a String stored one byte per char. */
    static final byte LATIN1 = 0;

    static final Unsafe UNSAFE;
    static final long VALUE_OFFSET;
    static final long CODER_OFFSET;
    /** Why {@link #UNSAFE} is null, or null. */
    static final String UNSAFE_PROBLEM;

    /** {@code (byte[] value, byte coder) -> String}, sharing {@code value}, or null. */
    static final MethodHandle ZERO_COPY;
    /** Why {@link #ZERO_COPY} is null, or null. */
    static final String ZERO_COPY_PROBLEM;

    static {
        Unsafe unsafe = null;
        long value = -1;
        long coder = -1;
        String problem = null;
        try {
            Field field = Unsafe.class.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            unsafe = (Unsafe) field.get(null);
            value = unsafe.objectFieldOffset(String.class.getDeclaredField("value"));
            coder = unsafe.objectFieldOffset(String.class.getDeclaredField("coder"));
        } catch (ReflectiveOperationException | RuntimeException e) {
            unsafe = null;
            problem = e.toString();
        }
        UNSAFE = unsafe;
        VALUE_OFFSET = value;
        CODER_OFFSET = coder;
        UNSAFE_PROBLEM = problem;

        MethodHandle zeroCopy = null;
        problem = null;
        try {
            zeroCopy = MethodHandles.privateLookupIn(String.class, MethodHandles.lookup())
                    .findConstructor(String.class, MethodType.methodType(void.class, byte[].class, byte.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            problem = e.toString();
        }
        ZERO_COPY = zeroCopy;
        ZERO_COPY_PROBLEM = problem;
    }

    private StringInternals() {}

    /** A String over {@code latin1} itself (no copy): the caller must never write to the array again. */
    static String zeroCopy(byte[] latin1) {
        try {
            return (String) ZERO_COPY.invokeExact(latin1, LATIN1);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The String's own bytes through Unsafe if it is stored one byte per char, else null. */
    static byte[] unsafeLatin1(String s) {
        return UNSAFE.getByte(s, CODER_OFFSET) == LATIN1 ? (byte[]) UNSAFE.getObject(s, VALUE_OFFSET) : null;
    }

    /** {@code length} ASCII letters and digits from a fixed seed. */
    static String asciiText(int length) {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        java.util.SplittableRandom random = new java.util.SplittableRandom(length);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}

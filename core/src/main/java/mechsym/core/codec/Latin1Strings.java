package mechsym.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A String's own bytes, read in place when the JVM allows it: the one test no public API answers
 * without a pass over the chars or an allocation ("is this String Latin-1, and ASCII?"), answered
 * from the String's {@code coder} and {@code value} fields.
 *
 * <p><b>Opt-in.</b> Those fields are private to {@code java.lang}; this class reads them only if the
 * JVM was started with {@code java.lang} opened to mechsym's module ({@code --add-opens
 * java.base/java.lang=ALL-UNNAMED} when mechsym is on the class path). Without that flag, on a JVM
 * whose String has no such fields, or with compact strings switched off ({@code -XX:-CompactStrings}),
 * {@link #AVAILABLE} is false, {@link #asciiBytes} always answers {@code null} and callers take their
 * public-API path: the output is the same either way, only its speed differs. It is what the
 * [string-internals] seed did with {@code Unsafe}, by the door the platform keeps for it (deep
 * reflection the user grants), and read-only: a VarHandle on a final field cannot write it.
 *
 * <p><b>Exact.</b> A String whose coder is Latin-1 stores one byte per char, and that byte is the char;
 * if no byte has its top bit set, the String is ASCII and its UTF-8 encoding is those bytes. Class
 * initialisation checks that both fields mean that on this JVM (on a known Latin-1 and a known UTF-16
 * String), and leaves the class unavailable if they do not.
 *
 * <p><b>Public view.</b> {@link #latin1View} gives any caller a Latin-1 String's own bytes as a
 * read-only {@link MemorySegment}: read in place, no copy, and a write through the view throws. The
 * lab's string-internals experiment measures it against the public API's copies.
 *
 * <p><b>Threads.</b> Stateless after class initialisation; any thread. The arrays returned are the
 * Strings' own: callers copy from them and never write to them. Strings are immutable and safely
 * published, so a view needs no ordering of its own. Bounds: a view's size is the String's length.
 */
public final class Latin1Strings {
    /** The coder value of a String stored one byte per char (java.lang.String.LATIN1). */
    private static final byte LATIN1 = 0;

    private static final long TOP_BITS = 0x8080_8080_8080_8080L;
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private static final VarHandle VALUE;
    private static final VarHandle CODER;

    /** Whether {@link #asciiBytes} can ever answer: java.lang is open to this module and its fields check out. */
    static final boolean AVAILABLE;

    static {
        VarHandle value = null;
        VarHandle coder = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(String.class, MethodHandles.lookup());
            value = lookup.findVarHandle(String.class, "value", byte[].class);
            coder = lookup.findVarHandle(String.class, "coder", byte.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // IllegalAccessException: java.lang is not opened to us (the default); NoSuchFieldException:
            // another String layout. Either way the public path does the work.
            value = null;
            coder = null;
        }
        VALUE = value;
        CODER = coder;
        AVAILABLE = value != null && meansWhatWeThink(value, coder);
    }

    private Latin1Strings() {}

    /**
     * Whether {@link #latin1View} can ever answer on this JVM: java.lang is opened to this module and
     * String's fields mean what this class expects.
     */
    public static boolean isAvailable() {
        return AVAILABLE;
    }

    /**
     * A read-only view of {@code string}'s own bytes if it is stored one byte per char (every char is
     * U+0000..U+00FF, compact strings on), else {@code null} (and always {@code null} unless {@link
     * #isAvailable()}). Byte {@code i} of the view is char {@code i}; the view's size is {@code
     * string.length()}; writing through it throws {@link IllegalArgumentException} (a read-only segment). No
     * copy is made.
     */
    public static MemorySegment latin1View(String string) {
        if (!AVAILABLE || (byte) CODER.get(string) != LATIN1) {
            return null;
        }
        return MemorySegment.ofArray((byte[]) VALUE.get(string)).asReadOnly();
    }

    /**
     * The bytes of {@code string} if it is stored one byte per char and every char is ASCII, else
     * {@code null} (and always {@code null} unless {@link #AVAILABLE}). Never write to the array: it
     * is the String's own. Its length is {@code string.length()}.
     */
    static byte[] asciiBytes(String string) {
        if (!AVAILABLE || (byte) CODER.get(string) != LATIN1) {
            return null;
        }
        byte[] bytes = (byte[]) VALUE.get(string);
        return isAscii(bytes) ? bytes : null;
    }

    /**
     * Whether no byte of {@code bytes} has its top bit set: eight bytes a load, the last word read
     * first (it may overlap the ones before it, which an OR does not mind, and saves a loop over the
     * tail), and long arrays four loads a step into four independent accumulators (with one, each OR
     * waits for the last; C2 does not vectorise a byte loop), tested once at the end (the rare
     * Latin-1 String that is not ASCII pays the whole pass). The utf8 experiment's ASCII rows
     * ({@code ./mechsym lab utf8}) measure it inside the encoder.
     */
    static boolean isAscii(byte[] bytes) {
        int n = bytes.length;
        if (n < Long.BYTES) {
            int bits = 0;
            for (int i = 0; i < n; i++) {
                bits |= bytes[i]; // a negative byte makes the int negative
            }
            return bits >= 0;
        }
        long bits0 = (long) WORDS.get(bytes, n - Long.BYTES);
        long bits1 = 0;
        long bits2 = 0;
        long bits3 = 0;
        int i = 0;
        for (; i <= n - 4 * Long.BYTES; i += 4 * Long.BYTES) {
            bits0 |= (long) WORDS.get(bytes, i);
            bits1 |= (long) WORDS.get(bytes, i + Long.BYTES);
            bits2 |= (long) WORDS.get(bytes, i + 2 * Long.BYTES);
            bits3 |= (long) WORDS.get(bytes, i + 3 * Long.BYTES);
        }
        for (; i < n - Long.BYTES; i += Long.BYTES) {
            bits0 |= (long) WORDS.get(bytes, i);
        }
        return ((bits0 | bits1 | bits2 | bits3) & TOP_BITS) == 0;
    }

    /**
     * The fields read as this class expects on a known Latin-1 String and a known UTF-16 one. False
     * with compact strings off (every String is then UTF-16, so the fast path could never apply).
     */
    private static boolean meansWhatWeThink(VarHandle value, VarHandle coder) {
        String latin1 = new String(new char[] {'o', 'k', '\u00e9'});
        String utf16 = new String(new char[] {'o', 'k', '\u0141'});
        byte[] bytes = (byte[]) value.get(latin1);
        return (byte) coder.get(latin1) == LATIN1
                && (byte) coder.get(utf16) != LATIN1
                && bytes.length == 3
                && bytes[0] == 'o'
                && bytes[1] == 'k'
                && bytes[2] == (byte) 0xE9;
    }
}

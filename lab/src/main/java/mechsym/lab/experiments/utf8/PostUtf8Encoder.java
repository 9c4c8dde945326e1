package mechsym.lab.experiments.utf8;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import sun.misc.Unsafe;

/**
 * The post's one-shot encoder ("unsafe3"), ported to JDK 25: it reads the String's own storage
 * through {@code sun.misc.Unsafe} instead of copying it out, writes a direct buffer by {@code
 * Unsafe.putByte} at the buffer's address (with the bounds checks the post kept), and either writes
 * the whole String or reports overflow and leaves the position where it was. The loop is the
 * post's: an ASCII run first, then one to four bytes per char. Into a heap buffer it stores the same
 * way at the array's base, where the post wrote array stores in a copy of the loop: one loop serves
 * both, as the post suggested trying.
 *
 * <p>What changed with the JDK: since JDK 9 a String holds a {@code byte[]} and a coder (one byte
 * per char when every char is Latin-1, two otherwise), not the {@code char[]} the post stole, so
 * the port reads a char as the post's loop did, from whichever form the String has. Lab only, the
 * post's original: core never uses Unsafe. Not thread-safe: one instance per thread.
 */
final class PostUtf8Encoder {
    /** {@link #encode}'s answer when the String does not fit or holds a lone surrogate. */
    static final int OVERFLOW = -1;

    private static final Unsafe UNSAFE;
    private static final long VALUE_OFFSET;
    private static final long CODER_OFFSET;
    private static final long ADDRESS_OFFSET;
    private static final long BYTES = Unsafe.ARRAY_BYTE_BASE_OFFSET;
    private static final byte LATIN1 = 0;

    static {
        try {
            Field field = Unsafe.class.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            UNSAFE = (Unsafe) field.get(null);
            VALUE_OFFSET = UNSAFE.objectFieldOffset(String.class.getDeclaredField("value"));
            CODER_OFFSET = UNSAFE.objectFieldOffset(String.class.getDeclaredField("coder"));
            ADDRESS_OFFSET = UNSAFE.objectFieldOffset(Buffer.class.getDeclaredField("address"));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Writes {@code text} as UTF-8 at {@code target}'s position and moves the position past it, or
     * writes nothing visible to the caller's position and returns {@link #OVERFLOW}.
     *
     * @return the bytes written, or {@link #OVERFLOW}
     */
    int encode(String text, ByteBuffer target) {
        byte[] value = (byte[]) UNSAFE.getObject(text, VALUE_OFFSET);
        boolean latin1 = UNSAFE.getByte(text, CODER_OFFSET) == LATIN1;
        int start = target.position();
        int end = target.hasArray()
                ? encodeToHeap(value, latin1, text.length(), target, start)
                : encodeToDirect(value, latin1, text.length(), target, start);
        if (end < 0) {
            return OVERFLOW;
        }
        target.position(end);
        return end - start;
    }

    private static int encodeToHeap(byte[] value, boolean latin1, int length, ByteBuffer target, int position) {
        return encode(value, latin1, length, target.array(), BYTES + target.arrayOffset(), position, target.limit());
    }

    private static int encodeToDirect(byte[] value, boolean latin1, int length, ByteBuffer target, int position) {
        long address = UNSAFE.getLong(target, ADDRESS_OFFSET);
        return encode(value, latin1, length, null, address, position, target.limit());
    }

    /**
     * The post's loop: {@code base} is an array (heap) or null with {@code address} the buffer's
     * (direct); {@code dp} and {@code dl} the position and limit. Returns the position after the
     * text, or {@link #OVERFLOW}.
     */
    private static int encode(byte[] value, boolean latin1, int length, byte[] base, long address, int dp, int dl) {
        int sp = 0;
        int asciiEnd = dp + Math.min(length, dl - dp);
        while (dp < asciiEnd) {
            int c = charAt(value, latin1, sp);
            if (c >= 0x80) {
                break;
            }
            UNSAFE.putByte(base, address + dp++, (byte) c);
            sp++;
        }
        while (sp < length) {
            int c = charAt(value, latin1, sp);
            if (c < 0x80) {
                if (dp >= dl) {
                    return OVERFLOW;
                }
                UNSAFE.putByte(base, address + dp++, (byte) c);
            } else if (c < 0x800) {
                if (dl - dp < 2) {
                    return OVERFLOW;
                }
                UNSAFE.putByte(base, address + dp++, (byte) (0xC0 | c >> 6));
                UNSAFE.putByte(base, address + dp++, (byte) (0x80 | c & 0x3F));
            } else if (Character.isSurrogate((char) c)) {
                int low = sp + 1 < length ? charAt(value, latin1, sp + 1) : 0;
                if (!Character.isHighSurrogate((char) c) || !Character.isLowSurrogate((char) low) || dl - dp < 4) {
                    return OVERFLOW;
                }
                int uc = Character.toCodePoint((char) c, (char) low);
                UNSAFE.putByte(base, address + dp++, (byte) (0xF0 | uc >> 18));
                UNSAFE.putByte(base, address + dp++, (byte) (0x80 | uc >> 12 & 0x3F));
                UNSAFE.putByte(base, address + dp++, (byte) (0x80 | uc >> 6 & 0x3F));
                UNSAFE.putByte(base, address + dp++, (byte) (0x80 | uc & 0x3F));
                sp++;
            } else {
                if (dl - dp < 3) {
                    return OVERFLOW;
                }
                UNSAFE.putByte(base, address + dp++, (byte) (0xE0 | c >> 12));
                UNSAFE.putByte(base, address + dp++, (byte) (0x80 | c >> 6 & 0x3F));
                UNSAFE.putByte(base, address + dp++, (byte) (0x80 | c & 0x3F));
            }
            sp++;
        }
        return dp;
    }

    /** Char {@code index} of a String's storage: one byte (Latin-1) or two in native order (UTF-16). */
    private static int charAt(byte[] value, boolean latin1, int index) {
        return latin1 ? value[index] & 0xFF : UNSAFE.getChar(value, BYTES + 2L * index);
    }
}

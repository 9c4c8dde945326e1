package mechsym.lab.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Ways of writing the ASCII run of a String into a segment that lost to the one in {@link
 * mechsym.core.codec.Utf8}, kept with the benchmark that decided ({@link Utf8Benchmark}'s {@code
 * ascii*} methods; run {@code ./mechsym jmh 'Utf8Benchmark.ascii' -p text=ascii-long}). Each returns
 * the number of chars written (the ASCII prefix that fitted).
 *
 * <p>What decided, on JDK 25: the char-by-char loop is the fastest when compiled on its own, but
 * once C2 inlines it into a caller's loop (a JMH stub, a user's send loop) loop predication of the
 * nested loop makes it several times slower (-XX:-UseLoopPredicate restores it: a diagnosis, not a
 * fix). The eight-char block loop keeps its speed there, and core keeps its loops too big to inline.
 * Copying chars out in chunks (getChars, then narrowing) needs scratch arrays and was slower still.
 */
final class Utf8Variants {
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private Utf8Variants() {}

    /** One charAt and one byte store per char. */
    static int asciiByteLoop(String chars, MemorySegment segment, long index) {
        int limit = (int) Math.min(chars.length(), segment.byteSize() - index);
        int i = 0;
        for (; i < limit; i++) {
            char c = chars.charAt(i);
            if (c >= 0x80) {
                break;
            }
            segment.set(BYTE, index + i, (byte) c);
        }
        return i;
    }

    /** Eight charAt, one OR test and one 8-byte store per block (what core does). */
    static int asciiWordLoop(String chars, MemorySegment segment, long index) {
        int limit = (int) Math.min(chars.length(), segment.byteSize() - index);
        int i = 0;
        long p = index;
        for (int blockLimit = limit - 7; i < blockLimit; i += 8, p += 8) {
            long c0 = chars.charAt(i);
            long c1 = chars.charAt(i + 1);
            long c2 = chars.charAt(i + 2);
            long c3 = chars.charAt(i + 3);
            long c4 = chars.charAt(i + 4);
            long c5 = chars.charAt(i + 5);
            long c6 = chars.charAt(i + 6);
            long c7 = chars.charAt(i + 7);
            if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7) >= 0x80) {
                break;
            }
            segment.set(WORD, p, c0 | c1 << 8 | c2 << 16 | c3 << 24 | c4 << 32 | c5 << 40 | c6 << 48 | c7 << 56);
        }
        for (; i < limit; i++) {
            char c = chars.charAt(i);
            if (c >= 0x80) {
                break;
            }
            segment.set(BYTE, index + i, (byte) c);
        }
        return i;
    }

    /**
     * Chunks of chars copied out with String.getChars (an intrinsic), tested with an OR reduction and
     * narrowed into a byte[] (both loops C2 can vectorise), then one bulk copy. Needs scratch arrays.
     */
    static int asciiChunked(String chars, MemorySegment segment, long index, char[] charScratch, byte[] byteScratch) {
        int limit = (int) Math.min(chars.length(), segment.byteSize() - index);
        int chunk = charScratch.length;
        int i = 0;
        while (i < limit) {
            int n = Math.min(chunk, limit - i);
            chars.getChars(i, i + n, charScratch, 0);
            int or = 0;
            for (int j = 0; j < n; j++) {
                or |= charScratch[j];
            }
            if (or >= 0x80) {
                return i + asciiByteLoop(chars.substring(i, i + n), segment, index + i); // rare: not measured
            }
            for (int j = 0; j < n; j++) {
                byteScratch[j] = (byte) charScratch[j];
            }
            MemorySegment.copy(byteScratch, 0, segment, BYTE, index + i, n);
            i += n;
        }
        return i;
    }

    // ---- candidates for a whole ASCII String (exploratory)

    /** True if every char is below 0x80: one charAt and one OR per char, in a loop of its own. */
    static boolean isAsciiCharLoop(String chars) {
        int or = 0;
        for (int i = 0, n = chars.length(); i < n; i++) {
            or |= chars.charAt(i);
        }
        return or < 0x80;
    }

    /** True if every char is below 0x80: eight charAt and one OR test per block. */
    static boolean isAsciiBlockLoop(String chars) {
        int n = chars.length();
        int i = 0;
        for (int blockLimit = n - 7; i < blockLimit; i += 8) {
            if ((chars.charAt(i)
                            | chars.charAt(i + 1)
                            | chars.charAt(i + 2)
                            | chars.charAt(i + 3)
                            | chars.charAt(i + 4)
                            | chars.charAt(i + 5)
                            | chars.charAt(i + 6)
                            | chars.charAt(i + 7))
                    >= 0x80) {
                return false;
            }
        }
        int or = 0;
        for (; i < n; i++) {
            or |= chars.charAt(i);
        }
        return or < 0x80;
    }

    /** Low byte of each char into array at offset (System.arraycopy for a Latin-1 String). */
    @SuppressWarnings("deprecation") // the one public way to copy a Latin-1 String's bytes without allocating
    static void copyLowBytes(String chars, byte[] array, int offset) {
        chars.getBytes(0, chars.length(), array, offset);
    }

    /** An ASCII String into a segment by MemorySegment.setString (which also writes a NUL after it: restored). */
    static void setStringRestoring(String chars, MemorySegment segment, long index) {
        long end = index + chars.length();
        byte after = segment.get(BYTE, end);
        segment.setString(index, chars, java.nio.charset.StandardCharsets.UTF_8);
        segment.set(BYTE, end, after);
    }

    /** Word-at-a-time scan of array[from, from + n) for a byte >= 0x80; index of the first such word's start or n. */
    static int firstNonAsciiWord(byte[] array, int from, int n) {
        int i = 0;
        for (int limit = n - 7; i < limit; i += 8) {
            if (((long) ARRAY_LONG.get(array, from + i) & 0x8080808080808080L) != 0) {
                return i;
            }
        }
        for (; i < n; i++) {
            if (array[from + i] < 0) {
                return i & ~7;
            }
        }
        return n;
    }

    private static final java.lang.invoke.VarHandle ARRAY_LONG =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
}

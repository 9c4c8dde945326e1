package mechsym.lab.experiments.utf8;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Ways of writing the ASCII run of a String into a segment that lost to the one in {@link
 * mechsym.core.codec.Utf8}, kept with the benchmark that decided ({@link Utf8Benchmark}'s {@code
 * ascii*} methods; run {@code ./mechsym jmh 'Utf8Benchmark.ascii' -p text=ascii-short,ascii-long}).
 * Each returns the number of chars written (the ASCII prefix that fitted).
 *
 * <p>Why they lost, on JDK 25: the char-by-char loop is the fastest when compiled on its own, but
 * once C2 inlines it into a caller's loop (a JMH stub, a user's send loop) loop predication of the
 * nested loop makes it several times slower ({@code -XX:-UseLoopPredicate} restores it: a
 * diagnosis, not a fix); the eight-char block loop keeps its speed there. Every loop over charAt
 * runs at about one char per cycle, while the JDK's intrinsics test and copy dozens per
 * instruction, so core copies ASCII in bulk (getBytes of a checked prefix; getChars and the
 * US-ASCII encoder's intrinsic for long text). Copying chars out and narrowing them in a Java loop
 * ({@link #asciiChunked}) stays slow: C2 does not vectorise the narrowing.
 */
final class AsciiLoops {
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private AsciiLoops() {}

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

    // ---- whole-String ASCII shapes tried against mechsym's goal (core's choice and why: docs/utf8.md)

    /**
     * Checks every char with charAt (about one char per cycle: C2 does not vectorise it), then lets
     * {@link MemorySegment#setString} copy the String (its own vectorised check, then one copy; no
     * allocation for an ASCII Latin-1 String) and puts back the byte its NUL terminator overwrote.
     * Lost to the check and one getBytes copy: setString's fixed cost. Returns the chars written, or
     * -1 if the text is not ASCII (setString would allocate for it).
     */
    static int checkThenSetString(String chars, MemorySegment segment, long index) {
        int or = 0;
        for (int i = 0, n = chars.length(); i < n; i++) {
            or |= chars.charAt(i);
        }
        if (or >= 0x80) {
            return -1;
        }
        long end = index + chars.length();
        byte after = segment.get(BYTE, end);
        segment.setString(index, chars, StandardCharsets.UTF_8);
        segment.set(BYTE, end, after);
        return chars.length();
    }

    /**
     * WRONG for some UTF-16 Strings, kept as the lesson: copy the low byte of every char with the
     * deprecated getBytes (one arraycopy for a Latin-1 String), then test the copied bytes eight at a
     * time. Fast, but a String with a char above 0xFF whose low byte is ASCII (U+0141 copies as 'A')
     * passes the test: the bytes cannot prove the String was ASCII, and no public API tells a Latin-1
     * String from a UTF-16 one. Returns the chars written or the index of the first bad 8-byte word.
     */
    @SuppressWarnings("deprecation") // the low-byte copy is the point of this variant
    static int lowBytesThenScanWrongForUtf16(String chars, byte[] array, int offset) {
        int n = chars.length();
        chars.getBytes(0, n, array, offset);
        int i = 0;
        for (int limit = n - 7; i < limit; i += 8) {
            if (((long) ARRAY_LONG.get(array, offset + i) & 0x8080808080808080L) != 0) {
                return i;
            }
        }
        for (; i < n; i++) {
            if (array[offset + i] < 0) {
                return i & ~7;
            }
        }
        return n;
    }

    private static final VarHandle ARRAY_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
}

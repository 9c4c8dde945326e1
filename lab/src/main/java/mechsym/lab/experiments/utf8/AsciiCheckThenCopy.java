package mechsym.lab.experiments.utf8;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * ASCII encodings that first test the text (in chunks copied out of the String, or char by char)
 * and then copy it with one JDK bulk call: alternatives that lost to core's {@link
 * mechsym.core.codec.Utf8} (why core does not use them: docs/utf8.md), kept with the benchmark that
 * decides, {@link Utf8Benchmark}'s {@code checkThen*} methods: {@code ./mechsym jmh
 * 'Utf8Benchmark.(mechsym|charsetEncoder|stringGetBytes|checkThen.*)$' -p
 * text=ascii-long,ascii-short}. Each assumes room to spare and returns the bytes written, or -1 if
 * the text is not ASCII (then it may have written part of it) or the shape does not apply.
 */
final class AsciiCheckThenCopy {
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final int CHUNK = 1024;
    private static final char[] ZEROS = new char[CHUNK];
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private AsciiCheckThenCopy() {}

    private static final class Scratch {
        final char[] chars = new char[CHUNK];
        final byte[] bytes = new byte[3 * CHUNK + 1];
        final CharBuffer charView = CharBuffer.wrap(chars);
        final CharsetEncoder ascii = StandardCharsets.US_ASCII.newEncoder();
        final MemorySegment bytesSegment = MemorySegment.ofArray(bytes);
        byte[] viewed;
        ByteBuffer targetView;
    }

    /** How a chunk of chars copied out with getChars is tested for ASCII. */
    enum AsciiTest {
        /** An OR reduction into an int. */
        INT_OR,
        /** The same OR reduction into a char accumulator (the loads' lane width). */
        CHAR_OR,
        /** Every char masked with 0xFF80 (a map), then Arrays.mismatch against zeros (an intrinsic). */
        MASK_MISMATCH
    }

    /**
     * Chunks copied out with getChars and tested for ASCII by {@code test}; then the low bytes
     * straight into the array with one getBytes.
     */
    @SuppressWarnings("deprecation")
    static int checkThenGetBytes(String s, byte[] array, int offset, AsciiTest test) {
        if (!isAscii(s, SCRATCH.get().chars, test)) {
            return -1;
        }
        s.getBytes(0, s.length(), array, offset);
        return s.length();
    }

    private static boolean isAscii(String s, char[] c, AsciiTest test) {
        for (int i = 0, n = s.length(); i < n; i += CHUNK) {
            int m = Math.min(CHUNK, n - i);
            s.getChars(i, i + m, c, 0);
            boolean ascii = switch (test) {
                case INT_OR -> intOr(c, m) < 0x80;
                case CHAR_OR -> charOr(c, m) < 0x80;
                case MASK_MISMATCH -> masked(c, m);
            };
            if (!ascii) {
                return false;
            }
        }
        return true;
    }

    private static int intOr(char[] c, int m) {
        int or = 0;
        for (int j = 0; j < m; j++) {
            or |= c[j];
        }
        return or;
    }

    private static char charOr(char[] c, int m) {
        char or = 0;
        for (int j = 0; j < m; j++) {
            or |= c[j];
        }
        return or;
    }

    private static boolean masked(char[] c, int m) {
        for (int j = 0; j < m; j++) {
            c[j] = (char) (c[j] & 0xFF80);
        }
        return Arrays.mismatch(c, 0, m, ZEROS, 0, m) < 0;
    }

    /**
     * The US-ASCII encoder writing straight into a ByteBuffer view of the target, kept per thread
     * (a new view, an allocation, whenever the target array changes; the last one stays reachable).
     */
    static int encoderIntoTarget(String s, byte[] array, int offset) {
        Scratch scratch = SCRATCH.get();
        ByteBuffer view = scratch.targetView;
        if (scratch.viewed != array) {
            view = scratch.targetView = ByteBuffer.wrap(array);
            scratch.viewed = array;
        }
        int n = s.length();
        view.limit(array.length).position(offset);
        for (int i = 0; i < n; i += CHUNK) {
            int m = Math.min(CHUNK, n - i);
            s.getChars(i, i + m, scratch.chars, 0);
            scratch.charView.clear().limit(m);
            scratch.ascii.reset();
            scratch.ascii.encode(scratch.charView, view, true);
            if (scratch.charView.hasRemaining()) {
                return -1;
            }
        }
        return n;
    }

    /** getChars and an int OR reduction, then MemorySegment.setString (its own check and one copy), the byte after restored. */
    static int intOrThenSetString(String s, MemorySegment segment, long index) {
        if (!isAscii(s, SCRATCH.get().chars, AsciiTest.INT_OR)) {
            return -1;
        }
        long end = index + s.length();
        byte after = segment.get(BYTE, end);
        segment.setString(index, s, StandardCharsets.UTF_8);
        segment.set(BYTE, end, after);
        return s.length();
    }

    /** A short String: charAt test, then setString and the byte after restored. */
    static int charAtThenSetString(String s, MemorySegment segment, long index) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                return -1;
            }
        }
        long end = index + n;
        byte after = segment.get(BYTE, end);
        segment.setString(index, s, StandardCharsets.UTF_8);
        segment.set(BYTE, end, after);
        return n;
    }

    /** A short String: charAt test, getBytes into the scratch, copied segment to segment. */
    @SuppressWarnings("deprecation")
    static int charAtThenSegmentCopy(String s, MemorySegment segment, long index) {
        int n = s.length();
        int i = 0;
        while (i < n && s.charAt(i) < 0x80) {
            i++;
        }
        if (i < n || n > CHUNK) {
            return -1;
        }
        Scratch scratch = SCRATCH.get();
        s.getBytes(0, n, scratch.bytes, 0);
        MemorySegment.copy(scratch.bytesSegment, 0, segment, index, n);
        return n;
    }
}

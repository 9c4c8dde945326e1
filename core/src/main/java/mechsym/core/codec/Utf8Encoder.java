package mechsym.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A reusable one-shot UTF-8 encoder, the shape of the seed's: it holds its scratch (a chunk of chars,
 * room for their bytes, a JDK encoder for long ASCII runs), so an encode allocates nothing and looks
 * nothing up. It writes exactly what {@link Utf8}'s static {@code encode} methods write (they keep
 * one encoder per thread): the encoding, the one-shot contract (bytes written, or the negated bytes
 * needed with the cursor unchanged) and the handling of unpaired surrogates are described there.
 *
 * <p><b>Opened java.lang.</b> On a JVM started with {@code --add-opens java.base/java.lang=ALL-UNNAMED}
 * (or opened to mechsym's module), a String stored one byte per char whose chars are all ASCII is
 * copied from its own bytes: one {@code System.arraycopy} or {@link MemorySegment#copy} after a test
 * of eight bytes a load, instead of the chars being copied out and tested (the only way the public
 * API allows), and needs room for its own length only. The bytes written are the same; without the
 * flag nothing changes.
 *
 * <p><b>Threads.</b> Not thread-safe: use one encoder per thread (or guard it). The buffers written
 * into are not thread-safe either.
 *
 * <p><b>Allocation.</b> Construction allocates about 6 KiB. An encode into a {@link CodecBuffer} or a
 * segment allocates nothing, with one exception: a long String (over 64 chars) into a writable
 * byte[] other than the one this encoder last wrote a long String into makes one {@code ByteBuffer}
 * view of that array (48 bytes), kept until the next such array. The {@code ByteBuffer} overload
 * makes one segment view per call.
 *
 * <p><b>Bounds.</b> Indexes outside the target throw {@link IndexOutOfBoundsException}; running out
 * of room is an overflow result, not an exception.
 */
public final class Utf8Encoder {
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    /** Multi-byte sequences are stored whole, little-endian, so byte k of the value lands at p + k. */
    private static final ValueLayout.OfShort SHORT_LE =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private static final VarHandle ARRAY_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_SHORT =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /**
     * Strings up to this many chars have their ASCII part found char by char; longer ones through the
     * JDK's encoder. The crossovers measured with lab/.../Utf8Benchmark on JDK 25 (into a byte[] the
     * char loop is cheaper, as its copy needs no scratch).
     */
    private static final int SHORT_INTO_ARRAY = 64;

    private static final int SHORT_INTO_SEGMENT = 32;

    /** Chars per chunk of the scratch: small enough to stay in L1, big enough to pay its setup. */
    private static final int CHUNK = 1024;

    /**
     * How many leading chars of a long chunk must be ASCII for it to go to the JDK's encoder: mixed
     * text is told apart here, before that encoder's slower per-char loop would take it.
     */
    private static final int ASCII_PROBE = 16;

    private final char[] chunk = new char[CHUNK];
    /** Three bytes per char, and the spare byte {@link #encodeChars} may store past the end. */
    private final byte[] chunkBytes = new byte[3 * CHUNK + 1];

    private final CharBuffer chunkView = CharBuffer.wrap(chunk);
    private final ByteBuffer chunkBytesView = ByteBuffer.wrap(chunkBytes);

    /**
     * The JDK's UTF-8 encoder, for chunks that look ASCII: its array loop inlines into ours, where the
     * US-ASCII encoder's (400 bytes of bytecode, above C2's inlining limit) stays a call per chunk.
     * Unpaired
     * surrogates become '?', as in {@code String.getBytes(UTF_8)} and in {@link #encodeChars}.
     */
    private final CharsetEncoder jdkEncoder = StandardCharsets.UTF_8
            .newEncoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);

    private byte[] viewedArray;
    private ByteBuffer arrayView;

    /** An encoder with its own scratch (about 6 KiB). */
    public Utf8Encoder() {}

    /** The scratch bytes, lent to {@link Utf8#decode} on the same thread between encodes. */
    byte[] scratchBytes() {
        return chunkBytes;
    }

    /**
     * Encodes {@code chars} at the cursor of {@code buffer} and advances the cursor by the bytes
     * written, or leaves it where it was on overflow.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the capacity
     */
    public int encode(CharSequence chars, CodecBuffer buffer) {
        int written = encode(chars, buffer.segment(), buffer.array(), buffer.arrayOffset(), buffer.position());
        if (written > 0) {
            buffer.position(buffer.position() + written);
        }
        return written;
    }

    /**
     * Encodes {@code chars} at {@code index} of {@code buffer}; the cursor does not move.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the capacity
     */
    public int encode(CharSequence chars, CodecBuffer buffer, long index) {
        return encode(chars, buffer.segment(), buffer.array(), buffer.arrayOffset(), index);
    }

    /**
     * Encodes {@code chars} at the position of {@code buffer} (heap or direct) and advances it by the
     * bytes written, or leaves it where it was on overflow. Makes one segment view per call: for
     * encoding without allocation wrap the buffer once with {@link CodecBuffer#of(ByteBuffer)}.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the limit
     * @throws IllegalArgumentException if {@code buffer} is read-only and a byte is to be written to it
     */
    public int encode(CharSequence chars, ByteBuffer buffer) {
        int written = encode(chars, MemorySegment.ofBuffer(buffer), 0);
        if (written > 0) {
            buffer.position(buffer.position() + written);
        }
        return written;
    }

    /**
     * Encodes {@code chars} at byte {@code index} of {@code segment}.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the end of the
     *     segment ({@link Integer#MIN_VALUE}, nothing written, if that number exceeds an int, even
     *     into a segment with room for them: the count could not be returned)
     * @throws IndexOutOfBoundsException if {@code index} is outside {@code [0, segment.byteSize()]}
     */
    public int encode(CharSequence chars, MemorySegment segment, long index) {
        return encode(chars, segment, null, 0, index);
    }

    /** As above; {@code array} is the writable byte[] behind the segment (its byte 0 at {@code arrayOffset}) or null. */
    int encode(CharSequence chars, MemorySegment segment, byte[] array, int arrayOffset, long index) {
        long end = segment.byteSize();
        if (index < 0 || index > end) {
            throw new IndexOutOfBoundsException("index " + index + " outside [0, " + end + "]");
        }
        int length = chars.length();
        if (Latin1Strings.AVAILABLE && chars instanceof String string) {
            byte[] ascii = Latin1Strings.asciiBytes(string);
            if (ascii != null) {
                return copyAscii(ascii, segment, array, arrayOffset, index, end);
            }
        }
        if (3L * length > Integer.MAX_VALUE && Utf8.encodedLength(chars) > Integer.MAX_VALUE) {
            return Integer.MIN_VALUE; // more than 2 GiB of UTF-8: no int says how much was written
        }
        long written;
        if (chars instanceof String string && end - index >= 3L * length) {
            written = encodeString(string, length, segment, array, arrayOffset, index);
        } else {
            written = encodeChecked(chars, length, segment, index, end);
        }
        return written >= 0 ? (int) written : overflow(chars);
    }

    /**
     * An ASCII String's own bytes (only with java.lang opened: {@link Latin1Strings}), which are its
     * UTF-8: one copy, or an overflow with nothing written.
     */
    private static int copyAscii(
            byte[] ascii, MemorySegment segment, byte[] array, int arrayOffset, long index, long end) {
        int length = ascii.length;
        if (end - index < length) {
            return -length;
        }
        if (length == 0) {
            return 0; // nothing to write: not even a read-only target is refused
        }
        if (array != null) {
            System.arraycopy(ascii, 0, array, arrayOffset + (int) index, length);
        } else {
            MemorySegment.copy(ascii, 0, segment, BYTE, index, length);
        }
        return length;
    }

    /**
     * A String with room to spare (no char needs more than 3 bytes, so no room checks; the FFM and
     * array bounds checks stay). Into a writable byte[] with plain array stores ({@code array} not
     * null; its index {@code arrayOffset + index}), else into the segment.
     *
     * <p>The shape, and why (docs/utf8.md has the conclusions and the commands that show them; the
     * lab's AsciiLoops and AsciiCheckThenCopy keep the losing code beside Utf8Benchmark):
     *
     * <ul>
     *   <li>The JDK's fast ways are intrinsics that test and copy 32 to 64 chars per instruction; C2
     *       does not vectorise a loop over {@code String.charAt}, nor a narrowing or OR-reducing loop
     *       over a char[]. So long text reaches those intrinsics: chunks through {@link
     *       String#getChars} and a reused JDK UTF-8 {@link CharsetEncoder} (its array loop is the
     *       {@code encodeAsciiArray} intrinsic).
     *   <li>No public API says whether a String is Latin-1 without a pass over its chars or an
     *       allocation: the deprecated {@link String#getBytes(int, int, byte[], int)} copies the low
     *       byte of each char (U+0141 copies as 'A'), so it is used only for text already checked to
     *       be ASCII; {@link MemorySegment#setString} allocates for every String that is not Latin-1
     *       ASCII. That puts long ASCII text into a heap buffer at parity with the JDK's best way (the
     *       same two intrinsics), not ahead of it.
     *   <li>Short text is checked char by char ({@code charAt} inlines cheaply on a Latin-1 String);
     *       text that is not ASCII is encoded from a char[] copy ({@code charAt}'s UTF-16 branch is
     *       cold in its shared profile and stays a call per char).
     *   <li>Into a segment that is not a byte[]: ASCII through the scratch and one {@link
     *       MemorySegment#copy}, other text stored sequence by sequence from its char[] copy ({@link
     *       #encodeCharsInto}; C2 keeps the stores' checks cheap in a loop over a char[]).
     * </ul>
     */
    private long encodeString(
            String chars, int length, MemorySegment segment, byte[] array, int arrayOffset, long index) {
        if (length > (array != null ? SHORT_INTO_ARRAY : SHORT_INTO_SEGMENT)) {
            return encodeLong(chars, length, segment, array, arrayOffset, index);
        }
        return array != null
                ? encodeShortIntoArray(chars, length, array, arrayOffset + (int) index)
                : encodeShortIntoSegment(chars, length, segment, index);
    }

    /**
     * A short String into a segment, room known to suffice: find the ASCII prefix char by char. All
     * ASCII: one {@code getBytes} into the scratch, one {@link MemorySegment#copy}. Else the whole
     * String from one {@link String#getChars} copy through {@link #encodeCharsInto}, stored straight
     * into the segment, which beats encoding into the scratch and one copy (docs/utf8.md; {@code
     * ./mechsym jmh 'Utf8Benchmark.mechsym$' -p text=mixed-short -p buffer=direct}); long text takes
     * the same loop chunk by chunk.
     */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): see encodeShortIntoArray
    private long encodeShortIntoSegment(String chars, int length, MemorySegment segment, long index) {
        int i = 0;
        while (i < length && chars.charAt(i) < 0x80) {
            i++;
        }
        if (length == 0) {
            return 0;
        }
        if (i < length) {
            chars.getChars(0, length, chunk, 0);
            return encodeCharsInto(chunk, 0, length, segment, index) - index;
        }
        chars.getBytes(0, length, chunkBytes, 0);
        MemorySegment.copy(chunkBytes, 0, segment, BYTE, index, length);
        return length;
    }

    /**
     * A short String into a writable byte[], room known to suffice: check it char by char (a plain loop
     * over a Latin-1 String is cheap). All ASCII: one {@code getBytes}. Else the whole String from one
     * {@link String#getChars} copy through {@link #encodeChars}, straight into the array, like the segment
     * path: faster on Utf8Benchmark's short mixed text (its first odd char at index 2) than copying
     * the ASCII prefix with {@code getBytes} and the rest from a second getChars copy ({@code
     * ./mechsym jmh 'Utf8Benchmark.mechsym$' -p text=mixed-short -p buffer=heap}); a String with a
     * long ASCII prefix re-encodes that prefix char by char, at most 64 chars.
     */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): see the comment at the call
    private long encodeShortIntoArray(String chars, int length, byte[] array, int offset) {
        int i = 0;
        while (i < length && chars.charAt(i) < 0x80) {
            i++;
        }
        if (i == length) {
            // The deprecated getBytes copies the low byte of each char: one System.arraycopy for a
            // Latin-1 String, no allocation. Exact here because every char copied is below 0x80.
            chars.getBytes(0, length, array, offset);
            return length;
        }
        chars.getChars(0, length, chunk, 0);
        return encodeChars(chunk, 0, length, true, array, offset) - offset;
    }

    /**
     * A String longer than the short limits, room known to suffice, in chunks copied out with {@link
     * String#getChars} (an intrinsic). A chunk whose first chars are ASCII goes through the JDK's
     * UTF-8 encoder with room for one byte per char: its ASCII loop is the {@code encodeAsciiArray}
     * intrinsic, and it writes straight into the target's array (through {@link #arrayView}) or into
     * the scratch, then one copy into the segment. If the chunk is not all ASCII after all, the JDK's
     * encoder goes on with its own per-char loop (correct, a little slower than ours) until that room
     * runs out, and ours does the rest of the chunk: {@link #encodeChars} into an array, {@link
     * #encodeCharsInto} into any other segment. A chunk that starts with other chars goes to ours at
     * once.
     */
    private long encodeLong(
            String chars, int length, MemorySegment segment, byte[] array, int arrayOffset, long index) {
        long p = index;
        for (int i = 0; i < length; ) {
            int n = Math.min(CHUNK, length - i);
            chars.getChars(i, i + n, chunk, 0);
            boolean last = i + n == length;
            int done = 0;
            if (startsAscii(n)) {
                ByteBuffer out = array != null
                        ? arrayView(array, arrayOffset + (int) p, n)
                        : chunkBytesView.clear().limit(n);
                int start = out.position();
                chunkView.clear().limit(n);
                jdkEncoder.reset();
                jdkEncoder.encode(chunkView, out, last);
                done = chunkView.position();
                int produced = out.position() - start;
                if (array == null && produced > 0) {
                    MemorySegment.copy(chunkBytes, 0, segment, BYTE, p, produced);
                }
                p += produced;
            }
            // A high surrogate at the end of a chunk waits for its low surrogate in the next one (the
            // JDK's encoder, told more input follows, also stops before it).
            int to = !last && Character.isHighSurrogate(chunk[n - 1]) ? n - 1 : n;
            if (done < to) {
                if (array != null) {
                    int q = arrayOffset + (int) p;
                    p += encodeChars(chunk, done, to, last, array, q) - q;
                } else {
                    p = encodeCharsInto(chunk, done, to, segment, p);
                }
            }
            i += to;
        }
        return p - index;
    }

    /**
     * Whether the chunk's first {@link #ASCII_PROBE} chars are ASCII (a chunk shorter than that, the
     * end of a text, goes char by char). A constant trip count, so C2 unrolls it into straight loads.
     */
    private boolean startsAscii(int n) {
        if (n < ASCII_PROBE) {
            return false;
        }
        char[] c = chunk;
        int bits = 0;
        for (int i = 0; i < ASCII_PROBE; i++) {
            bits |= c[i];
        }
        return bits < 0x80;
    }

    /**
     * A ByteBuffer over {@code array} with room for {@code bytes} bytes from {@code from}: the same
     * view while the target array stays the same (a new one, 48 bytes, when it changes).
     */
    private ByteBuffer arrayView(byte[] array, int from, int bytes) {
        if (viewedArray != array) {
            arrayView = ByteBuffer.wrap(array);
            viewedArray = array;
        }
        return arrayView.limit(from + bytes).position(from);
    }

    /**
     * Encodes {@code source[from, to)} into {@code target} from {@code p} and returns the index after
     * the last byte written. {@code last}: nothing follows {@code to} in the text. The caller keeps a
     * high surrogate at {@code to - 1} for the next call unless {@code last}, and guarantees three
     * bytes of room per char plus one spare byte unless {@code last} (a 3-byte char is stored as 4
     * bytes whose 4th the next char overwrites).
     */
    private static int encodeChars(char[] source, int from, int to, boolean last, byte[] target, int p) {
        int wideLimit = last ? to - 1 : to; // chars before it may use the 4-byte store for 3 bytes
        for (int i = from; i < to; i++) {
            char c = source[i];
            if (c < 0x80) {
                target[p++] = (byte) c;
            } else if (c < 0x800) {
                ARRAY_SHORT.set(target, p, (short) ((0xC0 | (c >> 6)) | (0x80 | (c & 0x3F)) << 8));
                p += 2;
            } else if (!Character.isSurrogate(c)) {
                if (i < wideLimit) {
                    ARRAY_INT.set(
                            target,
                            p,
                            (0xE0 | (c >> 12)) | (0x80 | ((c >> 6) & 0x3F)) << 8 | (0x80 | (c & 0x3F)) << 16);
                } else {
                    target[p] = (byte) (0xE0 | (c >> 12));
                    target[p + 1] = (byte) (0x80 | ((c >> 6) & 0x3F));
                    target[p + 2] = (byte) (0x80 | (c & 0x3F));
                }
                p += 3;
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(source[i + 1])) {
                int codePoint = Character.toCodePoint(c, source[++i]);
                ARRAY_INT.set(
                        target,
                        p,
                        (0xF0 | (codePoint >> 18))
                                | (0x80 | ((codePoint >> 12) & 0x3F)) << 8
                                | (0x80 | ((codePoint >> 6) & 0x3F)) << 16
                                | (0x80 | (codePoint & 0x3F)) << 24);
                p += 4;
            } else {
                target[p++] = (byte) '?';
            }
        }
        return p;
    }

    /**
     * Encodes {@code source[from, to)} into {@code segment} from {@code p}, room known to suffice
     * (three bytes per char), and returns the index after the last byte written: {@link
     * #encodeChars}'s sequences, each stored into the segment (FFM checks each store). The caller keeps
     * a high surrogate at {@code to - 1} for the next chunk unless it is the text's last char.
     */
    private static long encodeCharsInto(char[] source, int from, int to, MemorySegment segment, long p) {
        for (int i = from; i < to; i++) {
            char c = source[i];
            if (c < 0x80) {
                segment.set(BYTE, p++, (byte) c);
            } else if (c < 0x800) {
                p = put2(segment, p, c);
            } else if (!Character.isSurrogate(c)) {
                p = put3(segment, p, c);
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(source[i + 1])) {
                p = put4(segment, p, Character.toCodePoint(c, source[++i]));
            } else {
                segment.set(BYTE, p++, (byte) '?');
            }
        }
        return p;
    }

    /** Any CharSequence, room may run out: checks before each char; -1 on overflow. */
    private static long encodeChecked(CharSequence chars, int length, MemorySegment segment, long index, long end) {
        long p = index;
        for (int i = 0; i < length; i++) {
            char c = chars.charAt(i);
            long room = end - p;
            if (c < 0x80) {
                if (room < 1) {
                    return -1;
                }
                segment.set(BYTE, p++, (byte) c);
            } else if (c < 0x800) {
                if (room < 2) {
                    return -1;
                }
                p = put2(segment, p, c);
            } else if (!Character.isSurrogate(c)) {
                if (room < 3) {
                    return -1;
                }
                p = put3(segment, p, c);
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < length
                    && Character.isLowSurrogate(chars.charAt(i + 1))) {
                if (room < 4) {
                    return -1;
                }
                p = put4(segment, p, Character.toCodePoint(c, chars.charAt(++i)));
            } else {
                if (room < 1) {
                    return -1;
                }
                segment.set(BYTE, p++, (byte) '?');
            }
        }
        return p - index;
    }

    /** Two bytes 110xxxxx 10xxxxxx as one little-endian short store. */
    private static long put2(MemorySegment segment, long p, char c) {
        segment.set(SHORT_LE, p, (short) ((0xC0 | (c >> 6)) | (0x80 | (c & 0x3F)) << 8));
        return p + 2;
    }

    /** Three bytes 1110xxxx 10xxxxxx 10xxxxxx as a short and a byte. */
    private static long put3(MemorySegment segment, long p, char c) {
        segment.set(SHORT_LE, p, (short) ((0xE0 | (c >> 12)) | (0x80 | ((c >> 6) & 0x3F)) << 8));
        segment.set(BYTE, p + 2, (byte) (0x80 | (c & 0x3F)));
        return p + 3;
    }

    /** Four bytes 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx as one little-endian int store. */
    private static long put4(MemorySegment segment, long p, int codePoint) {
        segment.set(
                INT_LE,
                p,
                (0xF0 | (codePoint >> 18))
                        | (0x80 | ((codePoint >> 12) & 0x3F)) << 8
                        | (0x80 | ((codePoint >> 6) & 0x3F)) << 16
                        | (0x80 | (codePoint & 0x3F)) << 24);
        return p + 4;
    }

    private static int overflow(CharSequence chars) {
        long needed = Utf8.encodedLength(chars);
        return needed > Integer.MAX_VALUE ? Integer.MIN_VALUE : (int) -needed;
    }
}

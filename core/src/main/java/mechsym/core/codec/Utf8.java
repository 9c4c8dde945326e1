package mechsym.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;

/**
 * One-shot UTF-8 encoding of a {@link CharSequence} into a buffer, and decoding back.
 *
 * <p><b>One shot.</b> {@code encode} either writes the whole sequence and returns the number of
 * bytes written (zero or more), or writes nothing that counts and returns a negative number: the
 * negated number of bytes the sequence needs ({@link Integer#MIN_VALUE} if that exceeds an int).
 * On overflow the cursor of the target is left where it was; bytes between it and the end of the
 * target may have been overwritten. There is no encoding loop to resume, no {@code flush}.
 *
 * <p><b>Encoding.</b> Standard UTF-8 (RFC 3629): U+0000..U+007F in one byte, up to U+07FF in two,
 * up to U+FFFF in three, a valid surrogate pair (a supplementary code point) in four. An
 * <em>unpaired</em> surrogate (a high surrogate not followed by a low one, or a low surrogate not
 * preceded by a high one) is written as the single byte {@code '?'} (0x3F), as {@link
 * String#getBytes(java.nio.charset.Charset)} does with {@link StandardCharsets#UTF_8}; the output
 * therefore equals the JDK's for every input.
 *
 * <p><b>Speed.</b> The fast path is a {@code String} with room to spare (three bytes per char left
 * before the end). Its ASCII part is copied in bulk: a short String is checked char by char and
 * copied with one {@code getBytes}; a long one goes in chunks through the JDK's own intrinsics
 * ({@link String#getChars} and the US-ASCII {@link CharsetEncoder}'s array loop). Other chars are
 * encoded from a char[] copy with plain array stores, straight into a {@link CodecBuffer}'s
 * writable {@code byte[]} (or heap {@code ByteBuffer}) or into a scratch array copied to the target
 * in one go. Other {@code CharSequence}s, and a target that may run out of room, take a loop that
 * checks the room before each char. Why it is built this way, and what lost, is in the comment on the
 * private {@code encodeString}; the lab's {@code utf8} experiment measures it against the JDK's ways.
 *
 * <p><b>Decoding.</b> {@link #decode(MemorySegment, long, int)} uses the JDK's decoder: malformed
 * input is replaced by U+FFFD per maximal subpart, never rejected.
 *
 * <p><b>Allocation and threads.</b> Encoding into a {@link CodecBuffer} or a segment allocates
 * nothing, except once per thread: the first String encoded on a thread that is long or not all
 * ASCII makes that thread's scratch (about 6 KiB: a 1,024-char chunk, its bytes, an encoder), kept
 * in a {@link ThreadLocal} for the thread's life. The {@code ByteBuffer} overload makes one segment
 * view per call. Decoding allocates the result. Every method may be called by any thread (the
 * scratch is never shared); the buffers themselves are not thread-safe.
 *
 * <p><b>Bounds.</b> Indexes outside the target throw {@link IndexOutOfBoundsException}; running out
 * of room is an overflow result, not an exception.
 */
public final class Utf8 {
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    /** Multi-byte sequences are stored whole, little-endian, so byte k of the value lands at p + k. */
    private static final ValueLayout.OfShort SHORT_LE =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private static final VarHandle ARRAY_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_SHORT =
            MethodHandles.byteArrayViewVarHandle(short[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    private static final ValueLayout.OfInt INT_LE =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * Strings up to this many chars have their ASCII part found char by char; longer ones through the
     * JDK's encoder. The crossovers measured with lab/.../Utf8Benchmark on JDK 25 (into a byte[] the
     * char loop is cheaper, as its copy needs no scratch).
     */
    private static final int SHORT_INTO_ARRAY = 64;

    private static final int SHORT_INTO_SEGMENT = 32;

    /** Chars per chunk of the scratch: small enough to stay in L1, big enough to pay its setup. */
    private static final int CHUNK = 1024;

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private Utf8() {}

    /**
     * The number of bytes {@code encode} writes for {@code chars} (a long: a sequence of over 715
     * million chars may need more than {@link Integer#MAX_VALUE}).
     */
    public static long encodedLength(CharSequence chars) {
        int length = chars.length();
        long bytes = length;
        for (int i = 0; i < length; i++) {
            char c = chars.charAt(i);
            if (c < 0x80) {
                continue;
            }
            if (c < 0x800) {
                bytes += 1;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < length
                    && Character.isLowSurrogate(chars.charAt(i + 1))) {
                bytes += 2; // two chars, four bytes
                i++;
            } else if (Character.isSurrogate(c)) {
                // unpaired: '?' in one byte
            } else {
                bytes += 2;
            }
        }
        return bytes;
    }

    /**
     * Encodes {@code chars} at the cursor of {@code buffer} and advances the cursor by the bytes
     * written, or leaves it where it was on overflow.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the capacity
     */
    public static int encode(CharSequence chars, CodecBuffer buffer) {
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
    public static int encode(CharSequence chars, CodecBuffer buffer, long index) {
        return encode(chars, buffer.segment(), buffer.array(), buffer.arrayOffset(), index);
    }

    /**
     * Encodes {@code chars} at the position of {@code buffer} (heap or direct) and advances it by the
     * bytes written, or leaves it where it was on overflow. Makes one segment view per call: for
     * encoding without allocation wrap the buffer once with {@link CodecBuffer#of(ByteBuffer)}.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the limit
     */
    public static int encode(CharSequence chars, ByteBuffer buffer) {
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
     *     segment ({@link Integer#MIN_VALUE} if that number exceeds an int)
     * @throws IndexOutOfBoundsException if {@code index} is outside {@code [0, segment.byteSize()]}
     */
    public static int encode(CharSequence chars, MemorySegment segment, long index) {
        return encode(chars, segment, null, 0, index);
    }

    /** As above; {@code array} is the writable byte[] behind the segment (its byte 0 at {@code arrayOffset}) or null. */
    private static int encode(CharSequence chars, MemorySegment segment, byte[] array, int arrayOffset, long index) {
        long end = segment.byteSize();
        if (index < 0 || index > end) {
            throw new IndexOutOfBoundsException("index " + index + " outside [0, " + end + "]");
        }
        int length = chars.length();
        long written;
        if (chars instanceof String string && end - index >= 3L * length) {
            written = encodeString(string, length, segment, array, arrayOffset, index);
        } else {
            written = encodeChecked(chars, length, segment, index, end);
        }
        return written >= 0 ? (int) written : overflow(chars);
    }

    /**
     * A String with room to spare (no char needs more than 3 bytes, so no room checks; the FFM and
     * array bounds checks stay). Into a writable byte[] with plain array stores ({@code array} not
     * null; its index {@code arrayOffset + index}), else into the segment.
     *
     * <p>How this was decided (JDK 25, lab/.../Utf8Benchmark and the losing shapes in
     * lab/.../Utf8Variants):
     *
     * <ul>
     *   <li>The JDK's fast ways are intrinsics that test and copy 32 to 64 chars per instruction;
     *       C2 does not vectorise a loop over {@code String.charAt}, nor a narrowing or OR-reducing
     *       loop over a char[] (measured: about one char per cycle). So long text must reach those
     *       intrinsics: chunks through {@link String#getChars} and the US-ASCII {@link
     *       CharsetEncoder} (its array loop is the {@code encodeAsciiArray} intrinsic).
     *   <li>No public API says whether a String is Latin-1 (compact strings), and the deprecated
     *       {@link String#getBytes(int, int, byte[], int)} copies the low byte of each char: its
     *       output cannot prove a String ASCII (U+0141 copies as 'A'). It is only used for a prefix
     *       already checked to be ASCII, where it is one {@code System.arraycopy}.
     *   <li>{@link MemorySegment#setString(long, String, java.nio.charset.Charset)} copies a Latin-1
     *       ASCII String after the vectorised check without allocating, but any other String goes
     *       through {@code getBytes(UTF_8)} (it allocates) and it writes a NUL after the text. Used
     *       after our own check it was slower than getBytes and one copy; not used.
     *   <li>{@code charAt} on a non-Latin-1 String: its UTF-16 branch is cold in {@code charAt}'s
     *       shared profile (the JDK's own Strings are Latin-1), so C2 leaves it as a call per char,
     *       and timings flipped between runs. Non-ASCII text is encoded from a char[] copy instead.
     *   <li>Into a native segment, encoding into a heap scratch and one {@link MemorySegment#copy}
     *       beat storing each sequence into the segment (about 1.6x on long mixed text).
     *   <li>Long ASCII text into a heap buffer stays behind a reused JDK {@code CharsetEncoder}: that
     *       is the same two intrinsics, and this path adds a copy out of the scratch.
     * </ul>
     *
     * <p>Round 3 (issue 4; lab/.../Utf8Round3, Utf8Benchmark's {@code r3*} methods, JDK 25.0.3):
     *
     * <ul>
     *   <li>No cheaper exact ASCII test than getChars and the US-ASCII encoder was found. An OR
     *       reduction over the getChars copy is not vectorised by C2: 1,000 chars took 4-5x the
     *       encoder's time with an int accumulator, 9-10x with a char one; masking every char with
     *       0xFF80 (a map) and {@code Arrays.mismatch} against zeros took about 2x. Every public API
     *       that reaches the String's own vectorised test ({@code setString}, {@code allocateFrom},
     *       {@code getBytes(UTF_8)}) allocates when the String is not ASCII, and asks first.
     *   <li>{@link MemorySegment#setString} after any such test lost everywhere: after the OR
     *       reduction about 5x slower on long text; after the charAt test on short text 1.2-1.4x
     *       slower than getBytes and one copy (its own check again, the NUL and restoring the byte
     *       it overwrites).
     *   <li>The US-ASCII encoder writing straight into the target's array (a per-thread ByteBuffer
     *       view of it) saved the copy out of the scratch but still ran at about 0.8x the JDK's way
     *       (a reused UTF-8 encoder over a reused char[] the size of the String): not kept, as it
     *       also needs a view per target array (an allocation whenever the array changes).
     *   <li>Short ASCII into a native segment: copying the scratch segment to segment (inline word
     *       moves under 64 bytes) or storing 8-char words into the segment did not beat getBytes
     *       into the scratch and one array-to-segment copy (word stores: about 1.7x slower).
     *   <li>A short String into a byte[] that is not all ASCII is now encoded whole from one
     *       getChars copy, as into a segment (was the ASCII prefix by getBytes, then a second copy
     *       for the rest): see {@link #encodeShortIntoArray}.
     * </ul>
     */
    private static long encodeString(
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
     * ASCII: one {@code getBytes} into the thread's scratch, one {@link MemorySegment#copy}. Else the
     * whole String through {@link #encodeChars} into the scratch, and one copy.
     */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): see encodeShortIntoArray
    private static long encodeShortIntoSegment(String chars, int length, MemorySegment segment, long index) {
        int i = 0;
        while (i < length && chars.charAt(i) < 0x80) {
            i++;
        }
        if (length == 0) {
            return 0;
        }
        Scratch scratch = SCRATCH.get();
        int produced;
        if (i == length) {
            chars.getBytes(0, length, scratch.bytes, 0);
            produced = length;
        } else {
            chars.getChars(0, length, scratch.chars, 0);
            produced = encodeChars(scratch.chars, 0, length, false, scratch.bytes, 0);
        }
        MemorySegment.copy(scratch.bytes, 0, segment, BYTE, index, produced);
        return produced;
    }

    /**
     * A short String into a writable byte[], room known to suffice: check it char by char (a plain loop
     * over a Latin-1 String is cheap). All ASCII: one {@code getBytes}. Else the whole String from one
     * {@link String#getChars} copy through {@link #encodeChars}, straight into the array, like the segment
     * path. Round 3 measured it about 1.1x faster on Utf8Benchmark's short mixed text (its first odd
     * char at index 2) than copying the ASCII prefix with {@code getBytes} and the rest from a second
     * getChars copy (a String with a long ASCII prefix now re-encodes that prefix char by char: at most
     * 64 chars).
     */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): see the comment at the call
    private static long encodeShortIntoArray(String chars, int length, byte[] array, int offset) {
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
        char[] source = SCRATCH.get().chars;
        chars.getChars(0, length, source, 0);
        return encodeChars(source, 0, length, true, array, offset) - offset;
    }

    /**
     * A String longer than the short limits, room known to suffice. While the text is ASCII, chunks
     * are copied out with {@link String#getChars} and checked and narrowed by the JDK's US-ASCII
     * encoder (both intrinsics, many chars per instruction), then copied to the target in one go; from
     * the first other char on, {@link #encodeRest}.
     */
    private static long encodeLong(
            String chars, int length, MemorySegment segment, byte[] array, int arrayOffset, long index) {
        Scratch scratch = SCRATCH.get();
        long p = index;
        for (int i = 0; i < length; ) {
            int n = Math.min(CHUNK, length - i);
            chars.getChars(i, i + n, scratch.chars, 0);
            int ascii = scratch.encodeAscii(n);
            if (array != null) {
                System.arraycopy(scratch.bytes, 0, array, arrayOffset + (int) p, ascii);
            } else if (ascii > 0) {
                MemorySegment.copy(scratch.bytes, 0, segment, BYTE, p, ascii);
            }
            p += ascii;
            i += ascii;
            if (ascii < n) {
                p += encodeRest(chars, i, length, segment, array, array != null ? arrayOffset + p : p);
                break;
            }
        }
        return p - index;
    }

    /**
     * Chars {@code [from, length)} of a String, room known to suffice, in chunks through the calling
     * thread's {@link Scratch}: each chunk copied out with {@link String#getChars} (an intrinsic) and
     * encoded by {@link #encodeChars}, straight into {@code array} at {@code p} if there is one
     * (then {@code p} indexes the array), else into the scratch bytes and then with one copy into
     * {@code segment} at {@code p}. Reading chars from a char[] rather than with {@link
     * String#charAt} matters for non-Latin-1 Strings: charAt's UTF-16 branch is usually cold in its
     * shared profile (the JDK's own Strings are Latin-1), so C2 leaves it as a call per char.
     *
     * @return bytes written
     */
    private static long encodeRest(String chars, int from, int length, MemorySegment segment, byte[] array, long p) {
        Scratch scratch = SCRATCH.get();
        char[] source = scratch.chars;
        long start = p;
        for (int i = from; i < length; ) {
            int n = Math.min(CHUNK, length - i);
            chars.getChars(i, i + n, source, 0);
            boolean last = i + n == length;
            if (!last && Character.isHighSurrogate(source[n - 1])) {
                n--; // its low surrogate is in the next chunk: encode the pair there
            }
            if (array != null) {
                p = encodeChars(source, 0, n, last, array, (int) p);
            } else {
                int produced = encodeChars(source, 0, n, last, scratch.bytes, 0);
                MemorySegment.copy(scratch.bytes, 0, segment, BYTE, p, produced);
                p += produced;
            }
            i += n;
        }
        return p - start;
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
     * One thread's scratch for the String paths: a chunk of chars, room for its bytes, views of both
     * for the JDK's encoder, and that encoder. Made on the thread's first encode that needs it (about
     * 6 KiB), then reused for the thread's life. Nothing in an encode calls out to other code, so a
     * thread never uses its scratch twice at once.
     */
    private static final class Scratch {
        final char[] chars = new char[CHUNK];
        final byte[] bytes = new byte[3 * CHUNK + 1];
        private final CharBuffer charView = CharBuffer.wrap(chars);
        private final ByteBuffer byteView = ByteBuffer.wrap(bytes);
        private final CharsetEncoder ascii = StandardCharsets.US_ASCII.newEncoder();

        /** Narrows the leading ASCII chars of {@code chars[0, n)} into {@code bytes}; returns how many. */
        int encodeAscii(int n) {
            charView.clear().limit(n);
            byteView.clear();
            ascii.reset();
            ascii.encode(charView, byteView, true); // stops at the first char that is not ASCII
            return byteView.position();
        }
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
        long needed = encodedLength(chars);
        return needed > Integer.MAX_VALUE ? Integer.MIN_VALUE : (int) -needed;
    }

    /**
     * Decodes {@code length} bytes of UTF-8 from {@code index} of {@code segment}. Malformed input
     * becomes U+FFFD (the JDK's replacement); reads straight from the array of an array-backed
     * writable segment, otherwise copies the bytes once.
     *
     * @throws IndexOutOfBoundsException if the range is outside the segment or {@code length < 0}
     */
    public static String decode(MemorySegment segment, long index, int length) {
        MemorySegment bytes = segment.asSlice(index, length);
        if (bytes.heapBase().orElse(null) instanceof byte[] array) {
            return new String(array, (int) bytes.address(), length, StandardCharsets.UTF_8);
        }
        return new String(bytes.toArray(BYTE), StandardCharsets.UTF_8);
    }

    /** Decodes {@code length} bytes at {@code index} of {@code buffer}; the cursor does not move. */
    public static String decode(CodecBuffer buffer, long index, int length) {
        return decode(buffer.segment(), index, length);
    }

    /** Decodes {@code length} bytes at the cursor of {@code buffer} and advances the cursor past them. */
    public static String decode(CodecBuffer buffer, int length) {
        String value = decode(buffer.segment(), buffer.position(), length);
        buffer.position(buffer.position() + length);
        return value;
    }

    /**
     * Writes an int32 byte length (in the buffer's order) and then the UTF-8 bytes of {@code chars}
     * at the cursor: the {@code string} encoding of a schema. One shot, like {@link
     * #encode(CharSequence, CodecBuffer)}: on overflow the cursor is unchanged.
     *
     * @return bytes written including the 4-byte length, or the negated number needed
     */
    public static int encodeWithLength(CharSequence chars, CodecBuffer buffer) {
        long start = buffer.position();
        if (buffer.remaining() < Integer.BYTES) {
            return overflowWithLength(chars);
        }
        int written = encode(chars, buffer.segment(), buffer.array(), buffer.arrayOffset(), start + Integer.BYTES);
        if (written < 0) {
            return written == Integer.MIN_VALUE || written < Integer.MIN_VALUE + Integer.BYTES
                    ? Integer.MIN_VALUE
                    : written - Integer.BYTES;
        }
        buffer.putInt(start, written);
        buffer.position(start + Integer.BYTES + written);
        return Integer.BYTES + written;
    }

    private static int overflowWithLength(CharSequence chars) {
        long needed = encodedLength(chars) + Integer.BYTES;
        return needed > Integer.MAX_VALUE ? Integer.MIN_VALUE : (int) -needed;
    }

    /**
     * Reads what {@link #encodeWithLength} wrote at the cursor and advances past it.
     *
     * @throws CodecException if the length is negative or runs past the buffer's capacity (the cursor
     *     is then unchanged); nothing is allocated from an unchecked length
     */
    public static String decodeWithLength(CodecBuffer buffer) {
        long start = buffer.position();
        if (buffer.remaining() < Integer.BYTES) {
            throw new CodecException(start, "string length: " + buffer.remaining() + " bytes left, need 4");
        }
        int length = buffer.getInt(start);
        if (length < 0 || length > buffer.remaining() - Integer.BYTES) {
            throw new CodecException(
                    start, "string length " + length + " but " + (buffer.remaining() - Integer.BYTES) + " bytes left");
        }
        String value = decode(buffer.segment(), start + Integer.BYTES, length);
        buffer.position(start + Integer.BYTES + length);
        return value;
    }
}

package mechsym.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
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
 * ({@link String#getChars} and the UTF-8 {@link java.nio.charset.CharsetEncoder}'s ASCII loop).
 * Other chars are encoded from a char[] copy with plain array stores, straight into a {@link
 * CodecBuffer}'s writable {@code byte[]} (or heap {@code ByteBuffer}) or into a scratch array copied
 * to the target in one go. Other {@code CharSequence}s, and a target that may run out of room, take
 * a loop that checks the room before each char. On a JVM where {@code java.lang} is opened to mechsym
 * ({@code --add-opens java.base/java.lang=ALL-UNNAMED}), an ASCII String stored one byte per char is
 * copied from its own bytes in one go, whatever its length, and needs room for its own length only
 * (see {@link Utf8Encoder}); the output is the same. The encoding itself is {@link Utf8Encoder}'s: why it
 * is built this way, and what lost, is in the comment on its private {@code encodeString}; the lab's
 * {@code utf8} experiment measures it against the JDK's ways.
 *
 * <p><b>Decoding.</b> {@link #decode(MemorySegment, long, int)} uses the JDK's decoder: malformed
 * input is replaced by U+FFFD per maximal subpart, never rejected.
 *
 * <p><b>Allocation and threads.</b> The static {@code encode} methods use one {@link Utf8Encoder}
 * per thread, made on the thread's first encode and kept in a {@link ThreadLocal} for the thread's
 * life: a {@code char[1024]} and a {@code byte[3073]} of scratch space (2,064 and 3,096 bytes with
 * their headers), a view of each, and a JDK {@link java.nio.charset.CharsetEncoder}, about 5.5 KiB
 * in all. That holds for <em>every</em> thread that encodes, virtual threads included: a program
 * that encodes from many threads at once (a virtual thread per request) holds that much per live
 * thread, and allocates it again for each new thread. Such a program should give each long-lived
 * task an encoder of its own ({@code new Utf8Encoder()}, whose methods are these) rather than call
 * the static methods; so should a thread encoding in a hot loop, which then also saves the {@code
 * ThreadLocal} lookup. The static {@code decode} methods hold nothing per thread. Encoding into a
 * {@link CodecBuffer} or a segment allocates nothing else, except as {@link Utf8Encoder} says (a
 * view of a new target array for long Strings; the thread's encoder holds on to the last such
 * array until the next one). The {@code ByteBuffer} overload makes one segment view per call.
 * Decoding allocates the result. Every method may be called by any thread (an encoder is never
 * shared); the buffers themselves are not thread-safe.
 *
 * <p><b>Bounds.</b> Indexes outside the target throw {@link IndexOutOfBoundsException}; running out
 * of room is an overflow result, not an exception.
 */
public final class Utf8 {
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    /** Each thread's encoder for the static methods, made on the thread's first encode. */
    private static final ThreadLocal<Utf8Encoder> ENCODER = ThreadLocal.withInitial(Utf8Encoder::new);

    private Utf8() {}

    /**
     * Whether this JVM lets the encoder read a String's own bytes ({@code java.lang} opened to mechsym,
     * e.g. {@code --add-opens java.base/java.lang=ALL-UNNAMED}): then an ASCII String stored one byte per
     * char is copied in one go. Fixed for the life of the JVM; the bytes written are the same either way.
     */
    public static boolean readsStringBytes() {
        return Latin1Strings.AVAILABLE;
    }

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
        return ENCODER.get().encode(chars, buffer);
    }

    /**
     * Encodes {@code chars} at {@code index} of {@code buffer}; the cursor does not move.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the capacity
     */
    public static int encode(CharSequence chars, CodecBuffer buffer, long index) {
        return ENCODER.get().encode(chars, buffer, index);
    }

    /**
     * Encodes {@code chars} at the position of {@code buffer} (heap or direct) and advances it by the
     * bytes written, or leaves it where it was on overflow. Makes one segment view per call: for
     * encoding without allocation wrap the buffer once with {@link CodecBuffer#of(ByteBuffer)}.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the limit
     * @throws IllegalArgumentException if {@code buffer} is read-only and a byte is to be written to it
     */
    public static int encode(CharSequence chars, ByteBuffer buffer) {
        return ENCODER.get().encode(chars, buffer);
    }

    /**
     * Encodes {@code chars} at byte {@code index} of {@code segment}.
     *
     * @return bytes written, or the negated bytes needed if they do not fit before the end of the
     *     segment ({@link Integer#MIN_VALUE} if that number exceeds an int)
     * @throws IndexOutOfBoundsException if {@code index} is outside {@code [0, segment.byteSize()]}
     */
    public static int encode(CharSequence chars, MemorySegment segment, long index) {
        return ENCODER.get().encode(chars, segment, index);
    }

    /**
     * Decodes {@code length} bytes of UTF-8 from {@code index} of {@code segment}. Malformed input
     * becomes U+FFFD (the JDK's replacement); reads straight from the array of an array-backed
     * writable segment, otherwise copies the bytes once: into the calling thread's scratch (its
     * encoder's, about 3 KiB) when they fit, else into a new array.
     *
     * @throws IndexOutOfBoundsException if the range is outside the segment or {@code length < 0}
     */
    public static String decode(MemorySegment segment, long index, int length) {
        MemorySegment bytes = segment.asSlice(index, length);
        if (bytes.heapBase().orElse(null) instanceof byte[] array) {
            return new String(array, (int) bytes.address(), length, StandardCharsets.UTF_8);
        }
        // Native (or read-only) bytes: a reused array saves allocating and filling one per call,
        // which made this path ~1.4x the JDK's decode of the same bytes copied into a reused array.
        byte[] scratch = ENCODER.get().scratchBytes();
        if (length <= scratch.length) {
            MemorySegment.copy(bytes, BYTE, 0, scratch, 0, length);
            return new String(scratch, 0, length, StandardCharsets.UTF_8);
        }
        return new String(bytes.toArray(BYTE), StandardCharsets.UTF_8);
    }

    /**
     * Where the first ill-formed sequence starts in {@code length} bytes of UTF-8 from {@code index}
     * of {@code segment}, or -1 if they are all well formed (Unicode's table 3-7: no overlong forms,
     * no surrogates, nothing above U+10FFFF, no sequence cut off by the end). The bytes {@link
     * #decode} would turn into U+FFFD start there. Allocates nothing; any thread, for memory no other
     * thread is writing.
     *
     * @return the offset from {@code index} of the first ill-formed sequence's first byte, or -1
     * @throws IndexOutOfBoundsException if the range is outside the segment or {@code length < 0}
     */
    public static long firstMalformed(MemorySegment segment, long index, long length) {
        MemorySegment bytes = segment.asSlice(index, length);
        long i = 0;
        while (i < length) {
            int b = bytes.get(BYTE, i) & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int size;
            int low = 0x80; // the range of the second byte, narrower after E0, ED, F0 and F4
            int high = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                size = 2;
            } else if (b >= 0xE0 && b <= 0xEF) {
                size = 3;
                low = b == 0xE0 ? 0xA0 : 0x80; // E0 80..9F would be overlong
                high = b == 0xED ? 0x9F : 0xBF; // ED A0..BF would be a surrogate
            } else if (b >= 0xF0 && b <= 0xF4) {
                size = 4;
                low = b == 0xF0 ? 0x90 : 0x80; // F0 80..8F would be overlong
                high = b == 0xF4 ? 0x8F : 0xBF; // F4 90.. would be above U+10FFFF
            } else {
                return i; // a continuation byte without a lead, C0, C1 or F5..FF
            }
            if (length - i < size) {
                return i;
            }
            int second = bytes.get(BYTE, i + 1) & 0xFF;
            if (second < low || second > high) {
                return i;
            }
            for (int k = 2; k < size; k++) {
                if ((bytes.get(BYTE, i + k) & 0xC0) != 0x80) {
                    return i;
                }
            }
            i += size;
        }
        return -1;
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
        int written = ENCODER.get()
                .encode(chars, buffer.segment(), buffer.array(), buffer.arrayOffset(), start + Integer.BYTES);
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
     * @throws CodecException if the length is negative or runs past the buffer's {@link
     *     CodecBuffer#limit() limit} (the cursor is then unchanged); nothing is allocated from an
     *     unchecked length
     */
    public static String decodeWithLength(CodecBuffer buffer) {
        long start = buffer.position();
        // bounded by the limit, like readCount: inside a frame that is the body's end, so a hostile
        // length cannot make a String of whatever follows the frame
        long left = buffer.limit() - start;
        if (left < Integer.BYTES) {
            throw new CodecException(start, "string length: " + Math.max(0, left) + " bytes left, need 4");
        }
        int length = buffer.getInt(start);
        if (length < 0 || length > left - Integer.BYTES) {
            throw new CodecException(
                    start, "string length " + length + " but " + (left - Integer.BYTES) + " bytes left");
        }
        String value = decode(buffer.segment(), start + Integer.BYTES, length);
        buffer.position(start + Integer.BYTES + length);
        return value;
    }
}

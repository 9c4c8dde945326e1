package mechsym.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 * before the end): ASCII eight chars per step, multi-byte sequences stored whole, plain array stores
 * when the {@link CodecBuffer} wraps a writable {@code byte[]} (or heap {@code ByteBuffer}). Other
 * {@code CharSequence}s, and a target that may run out of room, take a loop that checks the room
 * before each char. The lab's {@code utf8} experiment measures it against the JDK's ways.
 *
 * <p><b>Decoding.</b> {@link #decode(MemorySegment, long, int)} uses the JDK's decoder: malformed
 * input is replaced by U+FFFD per maximal subpart, never rejected.
 *
 * <p><b>Allocation and threads.</b> Encoding into a {@link CodecBuffer} or a segment allocates
 * nothing (the {@code ByteBuffer} overload makes one segment view). Decoding allocates the result.
 * The class has no state: every method may be called by any thread; the buffers themselves are not
 * thread-safe.
 *
 * <p><b>Bounds.</b> Indexes outside the target throw {@link IndexOutOfBoundsException}; running out
 * of room is an overflow result, not an exception.
 */
public final class Utf8 {
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    /** Multi-byte sequences are stored whole, little-endian, so byte k of the value lands at p + k. */
    private static final ValueLayout.OfShort SHORT_LE =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private static final ValueLayout.OfLong WORD =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private static final VarHandle ARRAY_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_SHORT =
            MethodHandles.byteArrayViewVarHandle(short[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    private static final ValueLayout.OfInt INT_LE =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

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
            // a String with room to spare (no char needs more than 3 bytes): the fast loops. Into a
            // CodecBuffer over a writable byte[] with plain array stores, which C2 optimises better
            // than raw stores into a heap object; the segment's room check above bounds them.
            written = array != null
                    ? encodeIntoArray(string, length, array, arrayOffset + (int) index)
                    : encodeWithRoom(string, length, segment, index);
        } else {
            written = encodeChecked(chars, length, segment, index, end);
        }
        return written >= 0 ? (int) written : overflow(chars);
    }

    /**
     * A String, room known to suffice: no room checks (the FFM bounds checks stay).
     *
     * <p>Shaped for C2. ASCII goes eight chars per step, tested with one OR and stored as one 8-byte
     * word. And the method is kept over C2's FreqInlineSize (325 bytecodes), so that it is compiled
     * on its own rather than inlined into a caller's loop: there, loop predication of the nested
     * char-by-char loops made them several times slower (measured on JDK 25 with
     * lab/.../Utf8Benchmark; the losing shapes are in lab/.../Utf8Variants).
     */
    private static long encodeWithRoom(String chars, int length, MemorySegment segment, long index) {
        int i = 0;
        for (int blockLimit = length - 7; i < blockLimit; i += 8) {
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
            segment.set(
                    WORD, index + i, c0 | c1 << 8 | c2 << 16 | c3 << 24 | c4 << 32 | c5 << 40 | c6 << 48 | c7 << 56);
        }
        long p = index + i;
        for (; i < length; i++) {
            char c = chars.charAt(i);
            if (c < 0x80) {
                segment.set(BYTE, p++, (byte) c);
            } else if (c < 0x800) {
                p = put2(segment, p, c);
            } else if (!Character.isSurrogate(c)) {
                if (i + 1
                        < length) { // room for 3 more bytes after these 3: one 4-byte store, the 4th byte is rewritten
                    // next
                    segment.set(
                            INT_LE,
                            p,
                            (0xE0 | (c >> 12)) | (0x80 | ((c >> 6) & 0x3F)) << 8 | (0x80 | (c & 0x3F)) << 16);
                    p += 3;
                } else {
                    p = put3(segment, p, c);
                }
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < length
                    && Character.isLowSurrogate(chars.charAt(i + 1))) {
                p = put4(segment, p, Character.toCodePoint(c, chars.charAt(++i)));
            } else {
                segment.set(BYTE, p++, (byte) '?');
            }
        }
        return p - index;
    }

    /** As {@link #encodeWithRoom}, into {@code array} from {@code offset}: the same shape, array stores. */
    private static long encodeIntoArray(String chars, int length, byte[] array, int offset) {
        int i = 0;
        for (int blockLimit = length - 7; i < blockLimit; i += 8) {
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
            ARRAY_LONG.set(
                    array, offset + i, c0 | c1 << 8 | c2 << 16 | c3 << 24 | c4 << 32 | c5 << 40 | c6 << 48 | c7 << 56);
        }
        int p = offset + i;
        for (; i < length; i++) {
            char c = chars.charAt(i);
            if (c < 0x80) {
                array[p++] = (byte) c;
            } else if (c < 0x800) {
                ARRAY_SHORT.set(array, p, (short) ((0xC0 | (c >> 6)) | (0x80 | (c & 0x3F)) << 8));
                p += 2;
            } else if (!Character.isSurrogate(c)) {
                array[p] = (byte) (0xE0 | (c >> 12));
                array[p + 1] = (byte) (0x80 | ((c >> 6) & 0x3F));
                array[p + 2] = (byte) (0x80 | (c & 0x3F));
                p += 3;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < length
                    && Character.isLowSurrogate(chars.charAt(i + 1))) {
                int codePoint = Character.toCodePoint(c, chars.charAt(++i));
                ARRAY_INT.set(
                        array,
                        p,
                        (0xF0 | (codePoint >> 18))
                                | (0x80 | ((codePoint >> 12) & 0x3F)) << 8
                                | (0x80 | ((codePoint >> 6) & 0x3F)) << 16
                                | (0x80 | (codePoint & 0x3F)) << 24);
                p += 4;
            } else {
                array[p++] = (byte) '?';
            }
        }
        return p - offset;
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

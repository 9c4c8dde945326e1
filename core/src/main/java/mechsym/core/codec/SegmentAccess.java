package mechsym.core.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The scalar accesses of {@link CodecBuffer} and {@link CodecFlyweight}: one small static method
 * per type and direction that branches on the byte order around two accesses, each with its own
 * {@code static final} layout.
 *
 * <p>Why this shape: an FFM access is fast only when its layout is a constant to the JIT, so the
 * order is not chosen inside the call ({@code s.get(big ? INT_BE : INT_LE, i)} merges the two
 * layouts into a non-constant once one call site sees both orders; see the lab's {@code
 * ConstantLayoutBenchmark}). And every method on the path stays within C2's {@code MaxInlineSize}
 * (35 bytes of bytecode), so C2 does not refuse it as "too big" at a call site it judges cold: a
 * 49-byte accessor was left out of line that way in some JIT runs, which doubled the time of a
 * flyweight read. (C2 can still refuse a call site whose profile says it is rarely executed, "low
 * call site frequency", when that profile is stale; the serialisation experiment notes it.)
 * Stateless; thread-safe.
 */
final class SegmentAccess {
    static final ValueLayout.OfShort SHORT_BE = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfShort SHORT_LE = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfChar CHAR_BE = ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfChar CHAR_LE = ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt INT_BE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG_BE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfFloat FLOAT_BE = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfFloat FLOAT_LE = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfDouble DOUBLE_BE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfDouble DOUBLE_LE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    private SegmentAccess() {}

    static short getShort(MemorySegment s, boolean big, long index) {
        return big ? s.get(SHORT_BE, index) : s.get(SHORT_LE, index);
    }

    static void putShort(MemorySegment s, boolean big, long index, short value) {
        if (big) {
            s.set(SHORT_BE, index, value);
        } else {
            s.set(SHORT_LE, index, value);
        }
    }

    static char getChar(MemorySegment s, boolean big, long index) {
        return big ? s.get(CHAR_BE, index) : s.get(CHAR_LE, index);
    }

    static void putChar(MemorySegment s, boolean big, long index, char value) {
        if (big) {
            s.set(CHAR_BE, index, value);
        } else {
            s.set(CHAR_LE, index, value);
        }
    }

    static int getInt(MemorySegment s, boolean big, long index) {
        return big ? s.get(INT_BE, index) : s.get(INT_LE, index);
    }

    static void putInt(MemorySegment s, boolean big, long index, int value) {
        if (big) {
            s.set(INT_BE, index, value);
        } else {
            s.set(INT_LE, index, value);
        }
    }

    static long getLong(MemorySegment s, boolean big, long index) {
        return big ? s.get(LONG_BE, index) : s.get(LONG_LE, index);
    }

    static void putLong(MemorySegment s, boolean big, long index, long value) {
        if (big) {
            s.set(LONG_BE, index, value);
        } else {
            s.set(LONG_LE, index, value);
        }
    }

    static float getFloat(MemorySegment s, boolean big, long index) {
        return big ? s.get(FLOAT_BE, index) : s.get(FLOAT_LE, index);
    }

    static void putFloat(MemorySegment s, boolean big, long index, float value) {
        if (big) {
            s.set(FLOAT_BE, index, value);
        } else {
            s.set(FLOAT_LE, index, value);
        }
    }

    static double getDouble(MemorySegment s, boolean big, long index) {
        return big ? s.get(DOUBLE_BE, index) : s.get(DOUBLE_LE, index);
    }

    static void putDouble(MemorySegment s, boolean big, long index, double value) {
        if (big) {
            s.set(DOUBLE_BE, index, value);
        } else {
            s.set(DOUBLE_LE, index, value);
        }
    }

    // ---------------------------------------------------------------------------------------
    // CodecBuffer's entry points: through the byte[] view handles of ArrayAccess when the buffer is a
    // whole writable byte[] (whole not null) and the index is an int, else through the segment (which
    // also throws for an index outside the int range). One static method each, so that the buffer's
    // own accessor stays a few bytes long and the dispatch within MaxInlineSize.

    static short getShort(MemorySegment s, byte[] whole, boolean big, long index) {
        return whole != null && (int) index == index
                ? ArrayAccess.getShort(whole, big, (int) index)
                : getShort(s, big, index);
    }

    static void putShort(MemorySegment s, byte[] whole, boolean big, long index, short value) {
        if (whole != null && (int) index == index) {
            ArrayAccess.putShort(whole, big, (int) index, value);
        } else {
            putShort(s, big, index, value);
        }
    }

    static char getChar(MemorySegment s, byte[] whole, boolean big, long index) {
        return whole != null && (int) index == index
                ? ArrayAccess.getChar(whole, big, (int) index)
                : getChar(s, big, index);
    }

    static void putChar(MemorySegment s, byte[] whole, boolean big, long index, char value) {
        if (whole != null && (int) index == index) {
            ArrayAccess.putChar(whole, big, (int) index, value);
        } else {
            putChar(s, big, index, value);
        }
    }

    static int getInt(MemorySegment s, byte[] whole, boolean big, long index) {
        return whole != null && (int) index == index
                ? ArrayAccess.getInt(whole, big, (int) index)
                : getInt(s, big, index);
    }

    static void putInt(MemorySegment s, byte[] whole, boolean big, long index, int value) {
        if (whole != null && (int) index == index) {
            ArrayAccess.putInt(whole, big, (int) index, value);
        } else {
            putInt(s, big, index, value);
        }
    }

    static long getLong(MemorySegment s, byte[] whole, boolean big, long index) {
        return whole != null && (int) index == index
                ? ArrayAccess.getLong(whole, big, (int) index)
                : getLong(s, big, index);
    }

    static void putLong(MemorySegment s, byte[] whole, boolean big, long index, long value) {
        if (whole != null && (int) index == index) {
            ArrayAccess.putLong(whole, big, (int) index, value);
        } else {
            putLong(s, big, index, value);
        }
    }

    static float getFloat(MemorySegment s, byte[] whole, boolean big, long index) {
        return whole != null && (int) index == index
                ? ArrayAccess.getFloat(whole, big, (int) index)
                : getFloat(s, big, index);
    }

    static void putFloat(MemorySegment s, byte[] whole, boolean big, long index, float value) {
        if (whole != null && (int) index == index) {
            ArrayAccess.putFloat(whole, big, (int) index, value);
        } else {
            putFloat(s, big, index, value);
        }
    }

    static double getDouble(MemorySegment s, byte[] whole, boolean big, long index) {
        return whole != null && (int) index == index
                ? ArrayAccess.getDouble(whole, big, (int) index)
                : getDouble(s, big, index);
    }

    static void putDouble(MemorySegment s, byte[] whole, boolean big, long index, double value) {
        if (whole != null && (int) index == index) {
            ArrayAccess.putDouble(whole, big, (int) index, value);
        } else {
            putDouble(s, big, index, value);
        }
    }

    static byte getByte(MemorySegment s, byte[] whole, long index) {
        return whole != null && (int) index == index ? whole[(int) index] : s.get(BYTE, index);
    }

    static void putByte(MemorySegment s, byte[] whole, long index, byte value) {
        if (whole != null && (int) index == index) {
            whole[(int) index] = value;
        } else {
            s.set(BYTE, index, value);
        }
    }
}

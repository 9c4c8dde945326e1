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
}

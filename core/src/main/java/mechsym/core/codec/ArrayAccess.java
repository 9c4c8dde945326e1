package mechsym.core.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * The scalar accesses of {@link CodecBuffer} when the buffer is a whole writable {@code byte[]}:
 * byte-array view {@link VarHandle}s ({@link MethodHandles#byteArrayViewVarHandle}), one {@code
 * static final} handle per type and order, chosen by a branch on the order as in {@link
 * SegmentAccess}. Each access checks its index against the array's length with an {@code int}
 * range check and throws {@link IndexOutOfBoundsException} (no byte written) when any byte of the
 * value would fall outside the array; unaligned indexes are allowed.
 *
 * <p>Why a second path beside the FFM one: measured on the post's object written into a {@code
 * byte[]} (the lab's {@code CodecWriteBenchmark}, {@code codecCursor} against {@code
 * codecCursorFfm}), {@code CodecBuffer}'s FFM path took about 1.35x the time of this one. C2 merges
 * ("smears") these {@code int} range checks across the fields of one message at constant distances
 * from one index, as it does for plain array stores, and addresses the array directly; through the
 * buffer's segment each access keeps its own {@code long} bounds check on the segment's base plus
 * offset. Stateless; thread-safe.
 */
final class ArrayAccess {
    private static final VarHandle SHORT_BE = view(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle SHORT_LE = view(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle CHAR_BE = view(char[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle CHAR_LE = view(char[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_BE = view(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_LE = view(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_BE = view(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_LE = view(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle FLOAT_BE = view(float[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle FLOAT_LE = view(float[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE_BE = view(double[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle DOUBLE_LE = view(double[].class, ByteOrder.LITTLE_ENDIAN);

    private ArrayAccess() {}

    private static VarHandle view(Class<?> viewArrayClass, ByteOrder order) {
        return MethodHandles.byteArrayViewVarHandle(viewArrayClass, order).withInvokeExactBehavior();
    }

    static short getShort(byte[] a, boolean big, int index) {
        return big ? (short) SHORT_BE.get(a, index) : (short) SHORT_LE.get(a, index);
    }

    static void putShort(byte[] a, boolean big, int index, short value) {
        if (big) {
            SHORT_BE.set(a, index, value);
        } else {
            SHORT_LE.set(a, index, value);
        }
    }

    static char getChar(byte[] a, boolean big, int index) {
        return big ? (char) CHAR_BE.get(a, index) : (char) CHAR_LE.get(a, index);
    }

    static void putChar(byte[] a, boolean big, int index, char value) {
        if (big) {
            CHAR_BE.set(a, index, value);
        } else {
            CHAR_LE.set(a, index, value);
        }
    }

    static int getInt(byte[] a, boolean big, int index) {
        return big ? (int) INT_BE.get(a, index) : (int) INT_LE.get(a, index);
    }

    static void putInt(byte[] a, boolean big, int index, int value) {
        if (big) {
            INT_BE.set(a, index, value);
        } else {
            INT_LE.set(a, index, value);
        }
    }

    static long getLong(byte[] a, boolean big, int index) {
        return big ? (long) LONG_BE.get(a, index) : (long) LONG_LE.get(a, index);
    }

    static void putLong(byte[] a, boolean big, int index, long value) {
        if (big) {
            LONG_BE.set(a, index, value);
        } else {
            LONG_LE.set(a, index, value);
        }
    }

    static float getFloat(byte[] a, boolean big, int index) {
        return big ? (float) FLOAT_BE.get(a, index) : (float) FLOAT_LE.get(a, index);
    }

    static void putFloat(byte[] a, boolean big, int index, float value) {
        if (big) {
            FLOAT_BE.set(a, index, value);
        } else {
            FLOAT_LE.set(a, index, value);
        }
    }

    static double getDouble(byte[] a, boolean big, int index) {
        return big ? (double) DOUBLE_BE.get(a, index) : (double) DOUBLE_LE.get(a, index);
    }

    static void putDouble(byte[] a, boolean big, int index, double value) {
        if (big) {
            DOUBLE_BE.set(a, index, value);
        } else {
            DOUBLE_LE.set(a, index, value);
        }
    }

    // ---------------------------------------------------------------------------------------
    // bulk, for BulkAccess (which says when they are used): one element at a time through the view
    // handle, the byte order chosen once outside the loop (one loop per order), after one check of
    // both ranges, so that nothing is written when either range is out of bounds; C2 hoists the
    // per-element range checks out of the loop and unrolls it.

    /** Throws unless {@code count} elements of {@code size} bytes fit at {@code index} in {@code a} and at {@code arrayIndex} in an array of {@code arrayLength}. */
    private static void check(byte[] a, int index, int size, int arrayIndex, int arrayLength, int count) {
        Objects.checkFromIndexSize(arrayIndex, count, arrayLength);
        Objects.checkFromIndexSize((long) index, (long) count * size, a.length);
    }

    static void getShorts(byte[] a, boolean big, int index, short[] dst, int dstIndex, int count) {
        check(a, index, 2, dstIndex, dst.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (short) SHORT_BE.get(a, index + i * 2);
            }
        } else {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (short) SHORT_LE.get(a, index + i * 2);
            }
        }
    }

    static void putShorts(byte[] a, boolean big, int index, short[] src, int srcIndex, int count) {
        check(a, index, 2, srcIndex, src.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                SHORT_BE.set(a, index + i * 2, src[srcIndex + i]);
            }
        } else {
            for (int i = 0; i < count; i++) {
                SHORT_LE.set(a, index + i * 2, src[srcIndex + i]);
            }
        }
    }

    static void getChars(byte[] a, boolean big, int index, char[] dst, int dstIndex, int count) {
        check(a, index, 2, dstIndex, dst.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (char) CHAR_BE.get(a, index + i * 2);
            }
        } else {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (char) CHAR_LE.get(a, index + i * 2);
            }
        }
    }

    static void putChars(byte[] a, boolean big, int index, char[] src, int srcIndex, int count) {
        check(a, index, 2, srcIndex, src.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                CHAR_BE.set(a, index + i * 2, src[srcIndex + i]);
            }
        } else {
            for (int i = 0; i < count; i++) {
                CHAR_LE.set(a, index + i * 2, src[srcIndex + i]);
            }
        }
    }

    static void getInts(byte[] a, boolean big, int index, int[] dst, int dstIndex, int count) {
        check(a, index, 4, dstIndex, dst.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (int) INT_BE.get(a, index + i * 4);
            }
        } else {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (int) INT_LE.get(a, index + i * 4);
            }
        }
    }

    static void putInts(byte[] a, boolean big, int index, int[] src, int srcIndex, int count) {
        check(a, index, 4, srcIndex, src.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                INT_BE.set(a, index + i * 4, src[srcIndex + i]);
            }
        } else {
            for (int i = 0; i < count; i++) {
                INT_LE.set(a, index + i * 4, src[srcIndex + i]);
            }
        }
    }

    static void getLongs(byte[] a, boolean big, int index, long[] dst, int dstIndex, int count) {
        check(a, index, 8, dstIndex, dst.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (long) LONG_BE.get(a, index + i * 8);
            }
        } else {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (long) LONG_LE.get(a, index + i * 8);
            }
        }
    }

    static void putLongs(byte[] a, boolean big, int index, long[] src, int srcIndex, int count) {
        check(a, index, 8, srcIndex, src.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                LONG_BE.set(a, index + i * 8, src[srcIndex + i]);
            }
        } else {
            for (int i = 0; i < count; i++) {
                LONG_LE.set(a, index + i * 8, src[srcIndex + i]);
            }
        }
    }

    static void getFloats(byte[] a, boolean big, int index, float[] dst, int dstIndex, int count) {
        check(a, index, 4, dstIndex, dst.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (float) FLOAT_BE.get(a, index + i * 4);
            }
        } else {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (float) FLOAT_LE.get(a, index + i * 4);
            }
        }
    }

    static void putFloats(byte[] a, boolean big, int index, float[] src, int srcIndex, int count) {
        check(a, index, 4, srcIndex, src.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                FLOAT_BE.set(a, index + i * 4, src[srcIndex + i]);
            }
        } else {
            for (int i = 0; i < count; i++) {
                FLOAT_LE.set(a, index + i * 4, src[srcIndex + i]);
            }
        }
    }

    static void getDoubles(byte[] a, boolean big, int index, double[] dst, int dstIndex, int count) {
        check(a, index, 8, dstIndex, dst.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (double) DOUBLE_BE.get(a, index + i * 8);
            }
        } else {
            for (int i = 0; i < count; i++) {
                dst[dstIndex + i] = (double) DOUBLE_LE.get(a, index + i * 8);
            }
        }
    }

    static void putDoubles(byte[] a, boolean big, int index, double[] src, int srcIndex, int count) {
        check(a, index, 8, srcIndex, src.length, count);
        if (big) {
            for (int i = 0; i < count; i++) {
                DOUBLE_BE.set(a, index + i * 8, src[srcIndex + i]);
            }
        } else {
            for (int i = 0; i < count; i++) {
                DOUBLE_LE.set(a, index + i * 8, src[srcIndex + i]);
            }
        }
    }
}

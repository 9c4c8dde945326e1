package mechsym.core.codec;

import static mechsym.core.codec.SegmentAccess.CHAR_BE;
import static mechsym.core.codec.SegmentAccess.CHAR_LE;
import static mechsym.core.codec.SegmentAccess.DOUBLE_BE;
import static mechsym.core.codec.SegmentAccess.DOUBLE_LE;
import static mechsym.core.codec.SegmentAccess.FLOAT_BE;
import static mechsym.core.codec.SegmentAccess.FLOAT_LE;
import static mechsym.core.codec.SegmentAccess.INT_BE;
import static mechsym.core.codec.SegmentAccess.INT_LE;
import static mechsym.core.codec.SegmentAccess.LONG_BE;
import static mechsym.core.codec.SegmentAccess.LONG_LE;
import static mechsym.core.codec.SegmentAccess.SHORT_BE;
import static mechsym.core.codec.SegmentAccess.SHORT_LE;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * The bulk array accesses of {@link CodecBuffer}: one {@link MemorySegment#copy} in the native
 * byte order, an element loop in the other order (up to {@link #SWAP_LOOP_MAX} elements).
 *
 * <p>Why: in the native order a copy is the JDK's array-copy stub, and nothing measured beat it,
 * not even for the serialisation post's ten doubles and ten longs: an element loop through the
 * byte[] view handles, the order fixed outside the loop, gets pre-, main (unrolled; for longs
 * vectorised) and post-loops from C2, mostly overhead for ten elements, and the grown code keeps
 * {@code writeTo} from being inlined ({@code SerialisationBenchmark}'s {@code codecWrite} and
 * {@code codecRead}, {@code CodecWriteBenchmark}'s {@code codecFlyweightWrite}; {@code
 * BulkArrayBenchmark}'s {@code put} against {@code copyPut} in the native order). In the other
 * order {@code MemorySegment.copy} swaps the bytes in a native call that C2 does not intrinsify, so
 * a loop that byte-swaps each element in registers wins, by a wide margin for ten elements and
 * about even at 1024, whence the threshold: {@code ./mechsym jmh BulkArrayBenchmark -p
 * order=BIG_ENDIAN}, and the post's whole object written big-endian, {@code ./mechsym jmh
 * 'CodecWriteBenchmark.codecCursorBigEndian(Copy)?$'}.
 *
 * <p>The loops check both ranges before they touch anything, so that a refused access writes
 * nothing, as a copy does: {@link IndexOutOfBoundsException} for either range, {@link
 * IllegalArgumentException} for a read-only segment and {@link IllegalStateException} for a closed
 * one (both thrown by the first element's access). A count of zero or less always goes to the copy,
 * which refuses a negative count and a write to a read-only segment even of nothing. Stateless;
 * thread-safe.
 */
final class BulkAccess {
    /** The native order's flag value: the order a copy needs no swapping in. */
    static final boolean NATIVE_BIG = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

    /**
     * The most elements a non-native-order bulk access copies in a loop; more take one swapping
     * copy. A system property sets it for experiments ({@code -Dmechsym.codec.swapLoopMax=0}: always
     * copy, as before the loops).
     */
    static final int SWAP_LOOP_MAX = Integer.getInteger("mechsym.codec.swapLoopMax", 1024);

    private BulkAccess() {}

    /** True when {@code count} elements in order {@code big} go element by element. */
    private static boolean loop(boolean big, int count) {
        return big != NATIVE_BIG && count > 0 && count <= SWAP_LOOP_MAX;
    }

    /** Throws unless {@code count} elements of {@code size} bytes fit at {@code index} in {@code s} and at {@code arrayIndex} in an array of {@code arrayLength}. */
    private static void check(MemorySegment s, long index, int size, int arrayIndex, int arrayLength, int count) {
        Objects.checkFromIndexSize(arrayIndex, count, arrayLength);
        Objects.checkFromIndexSize(index, (long) count * size, s.byteSize());
    }

    static void getShorts(
            MemorySegment s, byte[] whole, boolean big, long index, short[] dst, int dstIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(s, SHORT_BE, index, dst, dstIndex, count);
            } else {
                MemorySegment.copy(s, SHORT_LE, index, dst, dstIndex, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.getShorts(whole, big, (int) index, dst, dstIndex, count);
        } else {
            check(s, index, 2, dstIndex, dst.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(SHORT_BE, index + (long) i * 2);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(SHORT_LE, index + (long) i * 2);
                }
            }
        }
    }

    static void putShorts(
            MemorySegment s, byte[] whole, boolean big, long index, short[] src, int srcIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(src, srcIndex, s, SHORT_BE, index, count);
            } else {
                MemorySegment.copy(src, srcIndex, s, SHORT_LE, index, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.putShorts(whole, big, (int) index, src, srcIndex, count);
        } else {
            check(s, index, 2, srcIndex, src.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    s.set(SHORT_BE, index + (long) i * 2, src[srcIndex + i]);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    s.set(SHORT_LE, index + (long) i * 2, src[srcIndex + i]);
                }
            }
        }
    }

    static void getChars(MemorySegment s, byte[] whole, boolean big, long index, char[] dst, int dstIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(s, CHAR_BE, index, dst, dstIndex, count);
            } else {
                MemorySegment.copy(s, CHAR_LE, index, dst, dstIndex, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.getChars(whole, big, (int) index, dst, dstIndex, count);
        } else {
            check(s, index, 2, dstIndex, dst.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(CHAR_BE, index + (long) i * 2);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(CHAR_LE, index + (long) i * 2);
                }
            }
        }
    }

    static void putChars(MemorySegment s, byte[] whole, boolean big, long index, char[] src, int srcIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(src, srcIndex, s, CHAR_BE, index, count);
            } else {
                MemorySegment.copy(src, srcIndex, s, CHAR_LE, index, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.putChars(whole, big, (int) index, src, srcIndex, count);
        } else {
            check(s, index, 2, srcIndex, src.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    s.set(CHAR_BE, index + (long) i * 2, src[srcIndex + i]);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    s.set(CHAR_LE, index + (long) i * 2, src[srcIndex + i]);
                }
            }
        }
    }

    static void getInts(MemorySegment s, byte[] whole, boolean big, long index, int[] dst, int dstIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(s, INT_BE, index, dst, dstIndex, count);
            } else {
                MemorySegment.copy(s, INT_LE, index, dst, dstIndex, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.getInts(whole, big, (int) index, dst, dstIndex, count);
        } else {
            check(s, index, 4, dstIndex, dst.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(INT_BE, index + (long) i * 4);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(INT_LE, index + (long) i * 4);
                }
            }
        }
    }

    static void putInts(MemorySegment s, byte[] whole, boolean big, long index, int[] src, int srcIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(src, srcIndex, s, INT_BE, index, count);
            } else {
                MemorySegment.copy(src, srcIndex, s, INT_LE, index, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.putInts(whole, big, (int) index, src, srcIndex, count);
        } else {
            check(s, index, 4, srcIndex, src.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    s.set(INT_BE, index + (long) i * 4, src[srcIndex + i]);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    s.set(INT_LE, index + (long) i * 4, src[srcIndex + i]);
                }
            }
        }
    }

    static void getLongs(MemorySegment s, byte[] whole, boolean big, long index, long[] dst, int dstIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(s, LONG_BE, index, dst, dstIndex, count);
            } else {
                MemorySegment.copy(s, LONG_LE, index, dst, dstIndex, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.getLongs(whole, big, (int) index, dst, dstIndex, count);
        } else {
            check(s, index, 8, dstIndex, dst.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(LONG_BE, index + (long) i * 8);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(LONG_LE, index + (long) i * 8);
                }
            }
        }
    }

    static void putLongs(MemorySegment s, byte[] whole, boolean big, long index, long[] src, int srcIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(src, srcIndex, s, LONG_BE, index, count);
            } else {
                MemorySegment.copy(src, srcIndex, s, LONG_LE, index, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.putLongs(whole, big, (int) index, src, srcIndex, count);
        } else {
            check(s, index, 8, srcIndex, src.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    s.set(LONG_BE, index + (long) i * 8, src[srcIndex + i]);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    s.set(LONG_LE, index + (long) i * 8, src[srcIndex + i]);
                }
            }
        }
    }

    static void getFloats(
            MemorySegment s, byte[] whole, boolean big, long index, float[] dst, int dstIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(s, FLOAT_BE, index, dst, dstIndex, count);
            } else {
                MemorySegment.copy(s, FLOAT_LE, index, dst, dstIndex, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.getFloats(whole, big, (int) index, dst, dstIndex, count);
        } else {
            check(s, index, 4, dstIndex, dst.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(FLOAT_BE, index + (long) i * 4);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(FLOAT_LE, index + (long) i * 4);
                }
            }
        }
    }

    static void putFloats(
            MemorySegment s, byte[] whole, boolean big, long index, float[] src, int srcIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(src, srcIndex, s, FLOAT_BE, index, count);
            } else {
                MemorySegment.copy(src, srcIndex, s, FLOAT_LE, index, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.putFloats(whole, big, (int) index, src, srcIndex, count);
        } else {
            check(s, index, 4, srcIndex, src.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    s.set(FLOAT_BE, index + (long) i * 4, src[srcIndex + i]);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    s.set(FLOAT_LE, index + (long) i * 4, src[srcIndex + i]);
                }
            }
        }
    }

    static void getDoubles(
            MemorySegment s, byte[] whole, boolean big, long index, double[] dst, int dstIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(s, DOUBLE_BE, index, dst, dstIndex, count);
            } else {
                MemorySegment.copy(s, DOUBLE_LE, index, dst, dstIndex, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.getDoubles(whole, big, (int) index, dst, dstIndex, count);
        } else {
            check(s, index, 8, dstIndex, dst.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(DOUBLE_BE, index + (long) i * 8);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    dst[dstIndex + i] = s.get(DOUBLE_LE, index + (long) i * 8);
                }
            }
        }
    }

    static void putDoubles(
            MemorySegment s, byte[] whole, boolean big, long index, double[] src, int srcIndex, int count) {
        if (!loop(big, count)) {
            if (big) {
                MemorySegment.copy(src, srcIndex, s, DOUBLE_BE, index, count);
            } else {
                MemorySegment.copy(src, srcIndex, s, DOUBLE_LE, index, count);
            }
        } else if (whole != null && (int) index == index) {
            ArrayAccess.putDoubles(whole, big, (int) index, src, srcIndex, count);
        } else {
            check(s, index, 8, srcIndex, src.length, count);
            if (big) {
                for (int i = 0; i < count; i++) {
                    s.set(DOUBLE_BE, index + (long) i * 8, src[srcIndex + i]);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    s.set(DOUBLE_LE, index + (long) i * 8, src[srcIndex + i]);
                }
            }
        }
    }
}

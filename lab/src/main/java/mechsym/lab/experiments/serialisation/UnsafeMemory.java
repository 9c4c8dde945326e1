package mechsym.lab.experiments.serialisation;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * The serialisation post's {@code UnsafeMemory} (sun.misc.Unsafe over a byte[], native order, no
 * bounds checks): the baseline the codec is measured against. The post's operations, with its
 * repeated "address, access, advance" and array-copy steps each written once ({@link #advance},
 * {@link #copyIn}, {@link #copyOut}): small private methods the JIT inlines, so every access does
 * the work the post's did. Lab only; never in core.
 */
final class UnsafeMemory {
    private static final Unsafe UNSAFE;

    static {
        try {
            Field field = Unsafe.class.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            UNSAFE = (Unsafe) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final long BYTE_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(byte[].class);
    private static final long LONG_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(long[].class);
    private static final long DOUBLE_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(double[].class);

    private static final int SIZE_OF_BOOLEAN = 1;
    private static final int SIZE_OF_INT = 4;
    private static final int SIZE_OF_LONG = 8;

    private int pos = 0;
    private final byte[] buffer;

    UnsafeMemory(byte[] buffer) {
        if (null == buffer) {
            throw new NullPointerException("buffer cannot be null");
        }
        this.buffer = buffer;
    }

    void reset() {
        this.pos = 0;
    }

    int position() {
        return pos;
    }

    void putBoolean(boolean value) {
        UNSAFE.putBoolean(buffer, advance(SIZE_OF_BOOLEAN), value);
    }

    boolean getBoolean() {
        return UNSAFE.getBoolean(buffer, advance(SIZE_OF_BOOLEAN));
    }

    void putInt(int value) {
        UNSAFE.putInt(buffer, advance(SIZE_OF_INT), value);
    }

    int getInt() {
        return UNSAFE.getInt(buffer, advance(SIZE_OF_INT));
    }

    void putLong(long value) {
        UNSAFE.putLong(buffer, advance(SIZE_OF_LONG), value);
    }

    long getLong() {
        return UNSAFE.getLong(buffer, advance(SIZE_OF_LONG));
    }

    void putLongArray(long[] values) {
        putInt(values.length);
        copyIn(values, LONG_ARRAY_OFFSET, values.length);
    }

    long[] getLongArray() {
        long[] values = new long[getInt()];
        copyOut(values, LONG_ARRAY_OFFSET, values.length);
        return values;
    }

    void putDoubleArray(double[] values) {
        putInt(values.length);
        copyIn(values, DOUBLE_ARRAY_OFFSET, values.length);
    }

    double[] getDoubleArray() {
        double[] values = new double[getInt()];
        copyOut(values, DOUBLE_ARRAY_OFFSET, values.length);
        return values;
    }

    /** The address of the next {@code size} bytes in the buffer; moves the position past them. */
    private long advance(int size) {
        long address = BYTE_ARRAY_OFFSET + pos;
        pos += size;
        return address;
    }

    /** Copies {@code length} 8-byte elements of {@code array} to the position and moves past them. */
    private void copyIn(Object array, long arrayOffset, int length) {
        long bytesToCopy = length << 3;
        UNSAFE.copyMemory(array, arrayOffset, buffer, BYTE_ARRAY_OFFSET + pos, bytesToCopy);
        pos += (int) bytesToCopy;
    }

    /** Copies {@code length} 8-byte elements from the position into {@code array} and moves past them. */
    private void copyOut(Object array, long arrayOffset, int length) {
        long bytesToCopy = length << 3;
        UNSAFE.copyMemory(buffer, BYTE_ARRAY_OFFSET + pos, array, arrayOffset, bytesToCopy);
        pos += (int) bytesToCopy;
    }
}

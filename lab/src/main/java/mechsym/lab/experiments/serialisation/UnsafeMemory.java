package mechsym.lab.experiments.serialisation;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * The serialisation post's {@code UnsafeMemory}, as published (sun.misc.Unsafe over a byte[], native
 * order, no bounds checks): the baseline the codec is measured against. Lab only; never in core.
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
        UNSAFE.putBoolean(buffer, BYTE_ARRAY_OFFSET + pos, value);
        pos += SIZE_OF_BOOLEAN;
    }

    boolean getBoolean() {
        boolean value = UNSAFE.getBoolean(buffer, BYTE_ARRAY_OFFSET + pos);
        pos += SIZE_OF_BOOLEAN;
        return value;
    }

    void putInt(int value) {
        UNSAFE.putInt(buffer, BYTE_ARRAY_OFFSET + pos, value);
        pos += SIZE_OF_INT;
    }

    int getInt() {
        int value = UNSAFE.getInt(buffer, BYTE_ARRAY_OFFSET + pos);
        pos += SIZE_OF_INT;
        return value;
    }

    void putLong(long value) {
        UNSAFE.putLong(buffer, BYTE_ARRAY_OFFSET + pos, value);
        pos += SIZE_OF_LONG;
    }

    long getLong() {
        long value = UNSAFE.getLong(buffer, BYTE_ARRAY_OFFSET + pos);
        pos += SIZE_OF_LONG;
        return value;
    }

    void putLongArray(long[] values) {
        putInt(values.length);
        long bytesToCopy = values.length << 3;
        UNSAFE.copyMemory(values, LONG_ARRAY_OFFSET, buffer, BYTE_ARRAY_OFFSET + pos, bytesToCopy);
        pos += (int) bytesToCopy;
    }

    long[] getLongArray() {
        int arraySize = getInt();
        long[] values = new long[arraySize];
        long bytesToCopy = values.length << 3;
        UNSAFE.copyMemory(buffer, BYTE_ARRAY_OFFSET + pos, values, LONG_ARRAY_OFFSET, bytesToCopy);
        pos += (int) bytesToCopy;
        return values;
    }

    void putDoubleArray(double[] values) {
        putInt(values.length);
        long bytesToCopy = values.length << 3;
        UNSAFE.copyMemory(values, DOUBLE_ARRAY_OFFSET, buffer, BYTE_ARRAY_OFFSET + pos, bytesToCopy);
        pos += (int) bytesToCopy;
    }

    double[] getDoubleArray() {
        int arraySize = getInt();
        double[] values = new double[arraySize];
        long bytesToCopy = values.length << 3;
        UNSAFE.copyMemory(buffer, BYTE_ARRAY_OFFSET + pos, values, DOUBLE_ARRAY_OFFSET, bytesToCopy);
        pos += (int) bytesToCopy;
        return values;
    }
}

package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Coverage-guided fuzz test (Jazzer): any sequence of positional, cursor and bulk accesses to a
 * {@link CodecBuffer}, over each backing and in both byte orders, against a heap {@link ByteBuffer}
 * as the model. Every access in range reads and writes what the model does; every access out of
 * range (indexes up to {@code Long.MAX_VALUE}, negative counts, array ranges outside the array)
 * throws {@link IndexOutOfBoundsException} and changes nothing, neither a byte nor the cursor, nor
 * the caller's array. Regression mode under {@code ./mechsym test}; {@code ./mechsym fuzz
 * accessesActAsTheByteBufferModel} fuzzes.
 */
class CodecBufferFuzzTest {
    private static final int[] SIZES = {1, 2, 2, 4, 8, 4, 8}; // byte, short, char, int, long, float, double

    @FuzzTest(maxDuration = "2m")
    void accessesActAsTheByteBufferModel(FuzzedDataProvider data) {
        ByteOrder order = data.consumeBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        int capacity = data.consumeInt(0, 64);
        CodecBuffer buffer = backing(data.consumeInt(0, 4), capacity, order);
        ByteBuffer model = ByteBuffer.allocate(capacity).order(order);
        long position = 0;
        while (data.remainingBytes() > 0) {
            int kind = data.consumeInt(0, SIZES.length - 1);
            int size = SIZES[kind];
            switch (data.consumeInt(0, 5)) {
                case 0 -> { // positional put
                    long index = index(data, capacity);
                    long bits = data.consumeLong();
                    if (fits(index, size, capacity)) {
                        put(buffer, kind, index, bits);
                        putModel(model, kind, (int) index, bits);
                    } else {
                        assertThatThrownBy(() -> put(buffer, kind, index, bits))
                                .isInstanceOf(IndexOutOfBoundsException.class);
                    }
                }
                case 1 -> { // positional get
                    long index = index(data, capacity);
                    if (fits(index, size, capacity)) {
                        assertThat(get(buffer, kind, index)).isEqualTo(getModel(model, kind, (int) index));
                    } else {
                        assertThatThrownBy(() -> get(buffer, kind, index))
                                .isInstanceOf(IndexOutOfBoundsException.class);
                    }
                }
                case 2 -> { // cursor write, then cursor read of the same value back
                    long bits = data.consumeLong();
                    if (fits(position, size, capacity)) {
                        write(buffer, kind, bits);
                        putModel(model, kind, (int) position, bits);
                        buffer.position(position);
                        assertThat(read(buffer, kind)).isEqualTo(getModel(model, kind, (int) position));
                        position += size;
                    } else {
                        assertThatThrownBy(() -> write(buffer, kind, bits))
                                .isInstanceOf(IndexOutOfBoundsException.class);
                        assertThatThrownBy(() -> read(buffer, kind)).isInstanceOf(IndexOutOfBoundsException.class);
                    }
                }
                case 3 -> { // move the cursor
                    long newPosition = index(data, capacity);
                    if (newPosition >= 0 && newPosition <= capacity) {
                        buffer.position(newPosition);
                        position = newPosition;
                    } else {
                        assertThatThrownBy(() -> buffer.position(newPosition))
                                .isInstanceOf(IndexOutOfBoundsException.class);
                    }
                }
                default -> bulk(data, buffer, model, kind, capacity);
            }
            assertThat(buffer.position()).as("cursor").isEqualTo(position);
            byte[] bytes = new byte[capacity];
            buffer.getBytes(0, bytes, 0, capacity);
            assertThat(bytes).as("contents").isEqualTo(model.array());
        }
    }

    /** A bulk put or get of {@code count} elements between an array and {@code index}. */
    private static void bulk(FuzzedDataProvider data, CodecBuffer buffer, ByteBuffer model, int kind, int capacity) {
        boolean put = data.consumeBoolean();
        long index = index(data, capacity);
        int length = data.consumeInt(0, 12);
        int arrayIndex = data.consumeInt(-1, length + 1);
        int count = data.consumeInt(-1, length + 1);
        long[] values = new long[length];
        for (int i = 0; i < length; i++) {
            values[i] = data.consumeLong();
        }
        Object array = array(kind, values);
        int size = SIZES[kind];
        boolean valid = arrayIndex >= 0
                && count >= 0
                && arrayIndex + count <= length
                && fits(index, (long) size * count, capacity);
        if (!valid) {
            Object before = array(kind, values);
            assertThatThrownBy(() -> bulk(buffer, kind, put, index, array, arrayIndex, count))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(array).as("the caller's array").isEqualTo(before);
            return;
        }
        bulk(buffer, kind, put, index, array, arrayIndex, count);
        for (int i = 0; i < count; i++) {
            int at = (int) index + i * size;
            if (put) {
                putModel(model, kind, at, values[arrayIndex + i]);
            } else {
                assertThat(element(array, kind, arrayIndex + i)).isEqualTo(getModel(model, kind, at));
            }
        }
    }

    /** Mostly in or near range; sometimes far out, where {@code index + size} overflows a long. */
    private static long index(FuzzedDataProvider data, int capacity) {
        return switch (data.consumeInt(0, 7)) {
            case 0 -> Long.MAX_VALUE - data.consumeInt(0, 8);
            case 1 -> Long.MIN_VALUE + data.consumeInt(0, 8);
            case 2 -> Integer.MAX_VALUE + (long) data.consumeInt(-8, 8);
            default -> data.consumeInt(-3, capacity + 3);
        };
    }

    private static boolean fits(long index, long bytes, int capacity) {
        return index >= 0 && index <= capacity && bytes <= capacity - index;
    }

    private static CodecBuffer backing(int which, int capacity, ByteOrder order) {
        return switch (which) {
            case 0 -> CodecBuffer.of(new byte[capacity], order);
            case 1 ->
                CodecBuffer.of(MemorySegment.ofArray(new byte[capacity + 9]).asSlice(5, capacity), order);
            case 2 -> CodecBuffer.of(ByteBuffer.allocate(capacity + 3).position(3), order);
            case 3 -> CodecBuffer.of(ByteBuffer.allocateDirect(capacity), order);
            default -> CodecBuffer.of(Arena.ofAuto().allocate(capacity, 1), order);
        };
    }

    // ---- one switch per way of access; values travel as raw bits in a long

    private static void put(CodecBuffer b, int kind, long i, long bits) {
        switch (kind) {
            case 0 -> b.putByte(i, (byte) bits);
            case 1 -> b.putShort(i, (short) bits);
            case 2 -> b.putChar(i, (char) bits);
            case 3 -> b.putInt(i, (int) bits);
            case 4 -> b.putLong(i, bits);
            case 5 -> b.putFloat(i, Float.intBitsToFloat((int) bits));
            default -> b.putDouble(i, Double.longBitsToDouble(bits));
        }
    }

    private static long get(CodecBuffer b, int kind, long i) {
        return switch (kind) {
            case 0 -> b.getByte(i);
            case 1 -> b.getShort(i);
            case 2 -> b.getChar(i);
            case 3 -> b.getInt(i);
            case 4 -> b.getLong(i);
            case 5 -> Float.floatToRawIntBits(b.getFloat(i));
            default -> Double.doubleToRawLongBits(b.getDouble(i));
        };
    }

    private static void write(CodecBuffer b, int kind, long bits) {
        switch (kind) {
            case 0 -> b.writeByte((byte) bits);
            case 1 -> b.writeShort((short) bits);
            case 2 -> b.writeChar((char) bits);
            case 3 -> b.writeInt((int) bits);
            case 4 -> b.writeLong(bits);
            case 5 -> b.writeFloat(Float.intBitsToFloat((int) bits));
            default -> b.writeDouble(Double.longBitsToDouble(bits));
        }
    }

    private static long read(CodecBuffer b, int kind) {
        return switch (kind) {
            case 0 -> b.readByte();
            case 1 -> b.readShort();
            case 2 -> b.readChar();
            case 3 -> b.readInt();
            case 4 -> b.readLong();
            case 5 -> Float.floatToRawIntBits(b.readFloat());
            default -> Double.doubleToRawLongBits(b.readDouble());
        };
    }

    private static void putModel(ByteBuffer m, int kind, int i, long bits) {
        switch (kind) {
            case 0 -> m.put(i, (byte) bits);
            case 1 -> m.putShort(i, (short) bits);
            case 2 -> m.putChar(i, (char) bits);
            case 3 -> m.putInt(i, (int) bits);
            case 4 -> m.putLong(i, bits);
            case 5 -> m.putFloat(i, Float.intBitsToFloat((int) bits));
            default -> m.putDouble(i, Double.longBitsToDouble(bits));
        }
    }

    private static long getModel(ByteBuffer m, int kind, int i) {
        return switch (kind) {
            case 0 -> m.get(i);
            case 1 -> m.getShort(i);
            case 2 -> m.getChar(i);
            case 3 -> m.getInt(i);
            case 4 -> m.getLong(i);
            case 5 -> Float.floatToRawIntBits(m.getFloat(i));
            default -> Double.doubleToRawLongBits(m.getDouble(i));
        };
    }

    private static Object array(int kind, long[] values) {
        int n = values.length;
        Object array = switch (kind) {
            case 0 -> new byte[n];
            case 1 -> new short[n];
            case 2 -> new char[n];
            case 3 -> new int[n];
            case 4 -> new long[n];
            case 5 -> new float[n];
            default -> new double[n];
        };
        for (int i = 0; i < n; i++) {
            long bits = values[i];
            switch (kind) {
                case 0 -> ((byte[]) array)[i] = (byte) bits;
                case 1 -> ((short[]) array)[i] = (short) bits;
                case 2 -> ((char[]) array)[i] = (char) bits;
                case 3 -> ((int[]) array)[i] = (int) bits;
                case 4 -> ((long[]) array)[i] = bits;
                case 5 -> ((float[]) array)[i] = Float.intBitsToFloat((int) bits);
                default -> ((double[]) array)[i] = Double.longBitsToDouble(bits);
            }
        }
        return array;
    }

    private static long element(Object array, int kind, int i) {
        return switch (kind) {
            case 0 -> ((byte[]) array)[i];
            case 1 -> ((short[]) array)[i];
            case 2 -> ((char[]) array)[i];
            case 3 -> ((int[]) array)[i];
            case 4 -> ((long[]) array)[i];
            case 5 -> Float.floatToRawIntBits(((float[]) array)[i]);
            default -> Double.doubleToRawLongBits(((double[]) array)[i]);
        };
    }

    private static void bulk(CodecBuffer b, int kind, boolean put, long i, Object a, int from, int count) {
        switch (kind) {
            case 0 -> {
                if (put) b.putBytes(i, (byte[]) a, from, count);
                else b.getBytes(i, (byte[]) a, from, count);
            }
            case 1 -> {
                if (put) b.putShorts(i, (short[]) a, from, count);
                else b.getShorts(i, (short[]) a, from, count);
            }
            case 2 -> {
                if (put) b.putChars(i, (char[]) a, from, count);
                else b.getChars(i, (char[]) a, from, count);
            }
            case 3 -> {
                if (put) b.putInts(i, (int[]) a, from, count);
                else b.getInts(i, (int[]) a, from, count);
            }
            case 4 -> {
                if (put) b.putLongs(i, (long[]) a, from, count);
                else b.getLongs(i, (long[]) a, from, count);
            }
            case 5 -> {
                if (put) b.putFloats(i, (float[]) a, from, count);
                else b.getFloats(i, (float[]) a, from, count);
            }
            default -> {
                if (put) b.putDoubles(i, (double[]) a, from, count);
                else b.getDoubles(i, (double[]) a, from, count);
            }
        }
    }
}

package mechsym.core.memory;

/**
 * The types a record field can have, with their size in bytes and the name used in a layout's
 * {@linkplain RecordLayout#descriptor() descriptor}.
 *
 * <p>Every multi-byte value is stored little-endian, whatever the platform, so a file written on
 * one machine reads the same on another (on x86 and AArch64 this is the native order and costs
 * nothing). {@link #BYTES} and {@link #ASCII} are fixed-length byte fields whose length is given
 * when the field is declared; {@code ASCII} accepts only bytes 0 to 127 and pads with zeros.
 */
public enum FieldType {
    /** {@code byte}, 1 byte. */
    INT8("int8", 1),
    /** {@code short}, 2 bytes. */
    INT16("int16", 2),
    /** {@code char} (a UTF-16 code unit), 2 bytes. */
    CHAR16("char16", 2),
    /** {@code int}, 4 bytes. */
    INT32("int32", 4),
    /** {@code long}, 8 bytes. */
    INT64("int64", 8),
    /** {@code float}, 4 bytes. */
    FLOAT32("float32", 4),
    /** {@code double}, 8 bytes. */
    FLOAT64("float64", 8),
    /** Fixed-length raw bytes; the size is the declared length. */
    BYTES("bytes", 0),
    /** Fixed-length ASCII text padded with zero bytes; the size is the declared length. */
    ASCII("ascii", 0);

    private final String descriptorName;
    private final int size;

    FieldType(String descriptorName, int size) {
        this.descriptorName = descriptorName;
        this.size = size;
    }

    /** The name of this type in a layout descriptor, e.g. {@code int64}. */
    public String descriptorName() {
        return descriptorName;
    }

    /** Whether the field's size is given at declaration ({@link #BYTES}, {@link #ASCII}). */
    public boolean hasLength() {
        return size == 0;
    }

    /**
     * The size in bytes of a field of this type.
     *
     * @param length the declared length, used only when {@link #hasLength()}
     */
    public int size(int length) {
        return size == 0 ? length : size;
    }

    /** The natural alignment of this type in an aligned layout: its size, or 1 for byte arrays. */
    int alignment() {
        return size == 0 ? 1 : size;
    }
}

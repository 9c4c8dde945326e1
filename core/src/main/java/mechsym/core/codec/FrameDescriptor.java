package mechsym.core.codec;

/**
 * The layout of a frame: a 12-byte header followed by the body. Every field is in the byte order of
 * the buffer (the schema states it for a file; {@link #MAGIC} shows a reader that is using the wrong
 * one).
 *
 * <pre>
 *  0               2               4                               8                               12
 *  +---------------+---------------+-------------------------------+-------------------------------+
 *  | magic  0x534D | version  u16  | type id                 int32 | body length             int32 |
 *  +---------------+---------------+-------------------------------+-------------------------------+
 *  | body: body length bytes, laid out as the (type id, version) says ...
 *  +-----------------------------------------------------------------------------------------------
 * </pre>
 *
 * <p>The magic reads as the ASCII bytes {@code "MS"} in a little-endian stream and {@code "SM"} in
 * a big-endian one. Frames follow each other with no padding. A body length is 0 to {@link
 * Integer#MAX_VALUE}; a reader also bounds it by the bytes left and by its own maximum.
 *
 * <p>Constants only; no instances.
 */
public final class FrameDescriptor {
    /** The magic number, written as a short. */
    public static final short MAGIC = 0x534D;

    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 2;
    public static final int TYPE_ID_OFFSET = 4;
    public static final int BODY_LENGTH_OFFSET = 8;
    public static final int HEADER_LENGTH = 12;

    /** The largest version a header can carry. */
    public static final int MAX_VERSION = 0xFFFF;

    private FrameDescriptor() {}
}

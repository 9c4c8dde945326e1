/**
 * Binary codec: a buffer over any memory, message framing and UTF-8.
 *
 * <ul>
 *   <li>{@link mechsym.core.codec.CodecBuffer}: positional and cursor access to every primitive and
 *       bulk array copies over a {@code MemorySegment} that wraps a {@code byte[]}, a heap or
 *       direct {@code ByteBuffer}, arena memory or a mapped file; one byte order per buffer.
 *   <li>{@link mechsym.core.codec.Marshallable}: an object that writes its body to a buffer and
 *       reads it back.
 *   <li>{@link mechsym.core.codec.CodecFlyweight}: the base of decode-in-place views of
 *       fixed-layout messages: bounds checked once at wrap, each field read or written where it
 *       lies, nothing copied or allocated.
 *   <li>{@link mechsym.core.codec.FrameWriter} / {@link mechsym.core.codec.FrameReader}: frames of
 *       a 12-byte header (magic, version, type id, body length; {@link
 *       mechsym.core.codec.FrameDescriptor}) and a body; readers skip unknown types by length.
 *   <li>{@link mechsym.core.codec.Utf8}: one-shot UTF-8 encoding into a buffer that reports
 *       overflow and leaves the cursor unchanged, and decoding back; {@link
 *       mechsym.core.codec.Utf8Encoder} is the same encoder as an object to keep and reuse.
 * </ul>
 *
 * <p><b>Threading.</b> Buffers, readers and writers are single-threaded objects with plain memory
 * accesses and no ordering guarantee: hand bytes between threads through something that creates a
 * happens-before edge. The static helpers may be called from any thread: {@code Utf8} keeps
 * only a per-thread {@code Utf8Encoder} (a few KiB, made on a thread's first encode). A {@code
 * Utf8Encoder} itself is single-threaded.
 *
 * <p><b>Bounds and bad input.</b> Memory access is bounds-checked by the FFM API ({@code
 * IndexOutOfBoundsException}, nothing written or moved). Decoders report bad input with {@link
 * mechsym.core.codec.CodecException} carrying the byte offset, and check every length against the
 * bytes actually present before allocating. No {@code Unsafe}, no {@code jdk.internal}.
 *
 * <p><b>Allocation.</b> Gets, puts, bulk copies, flyweight wraps and accessors, UTF-8 encoding into
 * a buffer, framing and frame reading allocate nothing; decoding a {@code String} allocates its result.
 *
 * <p>The schema language that reads messages without their classes (used by {@code mechsym dump})
 * is a program built on this package: {@code mechsym.tools.schema}.
 */
package mechsym.core.codec;

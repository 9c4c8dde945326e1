/**
 * The schema language: a small text format naming message types and their fields (see {@code
 * docs/schema.md}), so that frames written with {@code mechsym.core.codec} can be read without
 * their classes. {@link mechsym.tools.schema.Schema} parses the text ({@link
 * mechsym.tools.schema.SchemaParseException} names the line and column of an error); {@link
 * mechsym.tools.schema.SchemaCodec} decodes a body into boxed values and encodes them back; {@link
 * mechsym.tools.schema.SchemaFlyweight} reads and writes a fixed-layout message in place by field
 * name. {@code mechsym dump} is built on it.
 *
 * <p><b>Threading.</b> Schemas, message types and fields are immutable and may be shared; {@code
 * SchemaCodec} has no state; a {@code SchemaFlyweight} is single-threaded, as the buffer it wraps.
 *
 * <p><b>Bad input.</b> Decoding reports bad bytes with {@link mechsym.core.codec.CodecException} at
 * a byte offset, checking every count against the bytes present before allocating.
 */
package mechsym.tools.schema;

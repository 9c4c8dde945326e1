/**
 * {@code mechsym dump}: prints the frames of a mechsym binary stream by a schema (see {@code
 * docs/schema.md}): offset, type name, version, length and fields by name; unknown types as hex;
 * corrupt input reported with its offset and reason, then either resynchronised on the next frame
 * that can be trusted or, when strict, stopped.
 *
 * <p>{@link mechsym.tools.dump.Dumper} walks the stream and reports to a {@link
 * mechsym.tools.dump.DumpListener}; {@link mechsym.tools.dump.TextDumpListener} and {@link
 * mechsym.tools.dump.JsonDumpListener} render for people and machines. {@link
 * mechsym.tools.dump.OrdersSample} writes the sample file shipped in {@code samples/dump/}, made of
 * the serialisation post's object ({@link mechsym.tools.dump.PostObject}, which the lab's
 * serialisation experiment measures too). All of these are single-threaded objects.
 */
package mechsym.tools.dump;

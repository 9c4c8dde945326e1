package mechsym.tools.dump;

import static mechsym.core.codec.FrameDescriptor.BODY_LENGTH_OFFSET;
import static mechsym.core.codec.FrameDescriptor.HEADER_LENGTH;
import static mechsym.core.codec.FrameDescriptor.MAGIC;
import static mechsym.core.codec.FrameDescriptor.MAGIC_OFFSET;
import static mechsym.core.codec.FrameDescriptor.TYPE_ID_OFFSET;
import static mechsym.core.codec.FrameDescriptor.VERSION_OFFSET;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.CodecException;
import mechsym.core.codec.FrameReader;
import mechsym.tools.platform.IoReasons;
import mechsym.tools.schema.MessageType;
import mechsym.tools.schema.Schema;
import mechsym.tools.schema.SchemaCodec;

/**
 * Walks a stream of frames and reports each to a {@link DumpListener}: decoded by the schema, or as
 * bytes when the schema does not know its type.
 *
 * <p><b>Corrupt input.</b> A header that cannot be trusted (bad magic, negative or too large a
 * length, a frame cut off by the end of the input), a known type with a version the schema does not
 * declare, or a body that does not match its layout is reported as an error with its offset and
 * reason. A strict dump stops there. Otherwise the dump goes on: after a bad body whose frame is
 * followed by a trustworthy header, at that header; else from the next offset where a trustworthy
 * header starts a chain, that is, is followed by another trustworthy header or ends exactly at the
 * end of the input. A random 12 bytes passes the header check with a chance of about 1 in 65,536
 * times the fraction of lengths that fit, and the chain check squares that.
 *
 * <p>Never allocates from a length in the input: bodies are copied or decoded only after their length
 * has been checked against the bytes present. Not thread-safe; the schema may be shared.
 */
public final class Dumper {
    /** The most bytes of an unknown body handed to the listener. */
    public static final int PREVIEW_BYTES = 4096;

    private final Schema schema;
    private final boolean strict;
    private final int maxBodyLength;

    /**
     * @param strict stop at the first error
     * @param maxBodyLength longest body trusted (a longer one is reported as corrupt)
     */
    public Dumper(Schema schema, boolean strict, int maxBodyLength) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.strict = strict;
        this.maxBodyLength = maxBodyLength;
    }

    /** A dumper with no body length limit but the input's end. */
    public Dumper(Schema schema, boolean strict) {
        this(schema, strict, Integer.MAX_VALUE);
    }

    /**
     * Dumps the frames of {@code file}, mapped read-only, read in the schema's byte order.
     *
     * @throws IOException if the file cannot be opened or read; the message names it
     */
    public DumpSummary dumpFile(Path file, DumpListener listener) throws IOException {
        try (Arena arena = Arena.ofConfined();
                FileChannel channel = FileChannel.open(file)) {
            MemorySegment mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
            CodecBuffer buffer = CodecBuffer.of(mapped, schema.byteOrder());
            return dump(buffer, buffer.capacity(), listener);
        } catch (IOException e) {
            throw IoReasons.naming(file, e);
        }
    }

    /**
     * Dumps the frames of {@code in}, copied to a temporary file first and mapped like a file: the
     * dump needs random access (to resynchronise), and a stream larger than the heap, or than a Java
     * array's 2 GiB, must not end in an OutOfMemoryError.
     */
    public DumpSummary dumpStream(InputStream in, String name, DumpListener listener) throws IOException {
        Path copy = Files.createTempFile("mechsym-dump-", ".bin");
        try {
            try {
                Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new IOException(
                        name + ": cannot keep a copy in " + copy.getParent() + " (" + e.getMessage() + ")", e);
            }
            return dumpFile(copy, listener);
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    /** Dumps the frames in {@code data} from its cursor to {@code end}. */
    public DumpSummary dump(CodecBuffer data, long end, DumpListener listener) {
        long frames = 0;
        long decoded = 0;
        long unknown = 0;
        long errors = 0;
        long skipped = 0;
        long offset = data.position();
        while (offset < end) {
            String problem = FrameReader.headerProblem(data, offset, end, maxBodyLength);
            if (problem != null) {
                listener.error(offset, problem);
                errors++;
                if (strict) {
                    return finish(listener, new DumpSummary(frames, decoded, unknown, errors, skipped, offset, end));
                }
                long resumed = resync(data, offset + 1, end);
                skipped += resumed - offset;
                listener.resynchronised(resumed, resumed - offset);
                offset = resumed;
                continue;
            }
            frames++;
            int version = data.getShort(offset + VERSION_OFFSET) & 0xFFFF;
            int typeId = data.getInt(offset + TYPE_ID_OFFSET);
            int bodyLength = data.getInt(offset + BODY_LENGTH_OFFSET);
            long body = offset + HEADER_LENGTH;
            long next = body + bodyLength;
            MessageType type = schema.find(typeId, version);
            String failure = null;
            long failureOffset = offset;
            if (type == null) {
                unknown++;
                if (schema.knowsType(typeId)) {
                    failure = "type " + schema.typeName(typeId) + " (" + typeId + ") has no version " + version
                            + " in the schema";
                    listener.error(offset, failure);
                    errors++;
                }
                listener.unknown(
                        offset, typeId, version, schema.typeName(typeId), bodyLength, preview(data, body, bodyLength));
            } else {
                boolean sound = false; // the frame's structure is fine (only its text may not be)
                try {
                    Object[] values = SchemaCodec.decode(type, data, body, bodyLength, true);
                    listener.message(offset, type, bodyLength, values);
                    decoded++;
                    sound = true;
                } catch (CodecException e) {
                    failure = e.reason();
                    failureOffset = e.offset();
                    Object[] values = decodeLeniently(type, data, body, bodyLength);
                    if (values != null) { // only a string was ill-formed: show the frame, then say where
                        listener.message(offset, type, bodyLength, values);
                        decoded++;
                        sound = true;
                    }
                    listener.error(failureOffset, failure);
                    errors++;
                }
                if (sound && failure != null && !strict) {
                    offset = next; // the next frame is where this one's length says
                    continue;
                }
            }
            if (failure != null && strict) {
                return finish(listener, new DumpSummary(frames, decoded, unknown, errors, skipped, failureOffset, end));
            }
            if (failure != null && next != end && !FrameReader.trustworthyHeader(data, next, end, maxBodyLength)) {
                // the header that led here was probably not a header at all
                long resumed = resync(data, offset + 1, end);
                skipped += resumed - offset;
                listener.resynchronised(resumed, resumed - offset);
                offset = resumed;
                continue;
            }
            offset = next;
        }
        return finish(listener, new DumpSummary(frames, decoded, unknown, errors, skipped, -1, end));
    }

    /** The body decoded with ill-formed UTF-8 replaced, or null if its structure is broken too. */
    private static Object[] decodeLeniently(MessageType type, CodecBuffer data, long body, int bodyLength) {
        try {
            return SchemaCodec.decode(type, data, body, bodyLength, false);
        } catch (CodecException structural) {
            return null;
        }
    }

    private static DumpSummary finish(DumpListener listener, DumpSummary summary) {
        listener.summary(summary);
        return summary;
    }

    /**
     * The first offset from {@code from}, byte by byte, where a frame can be trusted, or the end: a
     * trustworthy header followed by the end, by another trustworthy header, or by a header that
     * starts with the magic but cannot be trusted (its length does not fit, say), or a trustworthy
     * header whose body decodes by the schema however garbled what follows it (a sound frame between
     * two stretches of garbage). A broken header after it is then reported when the dump reaches it,
     * and the sound frame before it is not skipped.
     */
    long resync(CodecBuffer data, long from, long end) {
        for (long p = from; p <= end - HEADER_LENGTH; p++) {
            if (FrameReader.trustworthyHeader(data, p, end, maxBodyLength)) {
                long next = p + HEADER_LENGTH + data.getInt(p + BODY_LENGTH_OFFSET);
                if (next == end
                        || FrameReader.trustworthyHeader(data, next, end, maxBodyLength)
                        || startsWithMagic(data, next, end)
                        || decodes(data, p)) {
                    return p;
                }
            }
        }
        return end;
    }

    /** Whether the frame with its (trustworthy) header at {@code offset} is of a schema type and decodes. */
    private boolean decodes(CodecBuffer data, long offset) {
        MessageType type =
                schema.find(data.getInt(offset + TYPE_ID_OFFSET), data.getShort(offset + VERSION_OFFSET) & 0xFFFF);
        if (type == null) {
            return false;
        }
        try {
            SchemaCodec.decode(type, data, offset + HEADER_LENGTH, data.getInt(offset + BODY_LENGTH_OFFSET), true);
            return true;
        } catch (CodecException e) {
            return false;
        }
    }

    private static boolean startsWithMagic(CodecBuffer data, long offset, long end) {
        return end - offset >= Short.BYTES && data.getShort(offset + MAGIC_OFFSET) == MAGIC;
    }

    private static byte[] preview(CodecBuffer data, long offset, int bodyLength) {
        int length = Math.min(bodyLength, PREVIEW_BYTES);
        byte[] bytes = new byte[length];
        data.getBytes(offset, bytes, 0, length);
        return bytes;
    }
}

package mechsym.lab.experiments.utf8;

import java.io.UnsupportedEncodingException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.Utf8;
import mechsym.core.codec.Utf8Encoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The UTF-8 post's measurement in JMH: a String into a heap or direct ByteBuffer, and back.
 *
 * <p>Seed 004, "Encode UTF-8 String to a ByteBuffer - faster" (Nitsan Wakart, 2012): a one-shot
 * encoder that reports overflow and leaves the position unchanged was more than 30% faster than the
 * JDK's ways, for heap and for direct buffers, with no allocation. The ways compared here:
 *
 * <ul>
 *   <li>{@code stringGetBytesByName}: {@code buffer.put(text.getBytes("UTF-8"))}, the post's "string";
 *   <li>{@code stringGetBytes}: {@code buffer.put(text.getBytes(UTF_8))}, by Charset, the post's "string2";
 *   <li>{@code charsetEncoder}: a reused {@link CharsetEncoder} over a reused char[] (getChars)
 *       wrapped once in a CharBuffer, the post's "chars2": its best JDK way without allocation;
 *   <li>the post's other JDK ways, shown for context: {@code charBufferWrap} (a reused encoder over
 *       {@code CharBuffer.wrap(text)}, its "bytebuffer"), {@code charsetEncoderOnce} (a new encoder
 *       per String, its "once") and {@code stringGetBytesToArray} (the bytes left in the array
 *       getBytes returns: an array target, no buffer);
 *   <li>{@code postEncoder}: the post's one-shot encoder ("unsafe3", {@link PostUtf8Encoder}), the
 *       String's own storage read and the buffer written through {@code sun.misc.Unsafe};
 *   <li>{@code agrona}: Agrona's {@code putStringWithoutLengthUtf8} on an UnsafeBuffer wrapping the
 *       same ByteBuffer ({@code putStringUtf8} is this plus an int length);
 *   <li>{@code mechsym}: a reused {@link Utf8Encoder} (the post's shape, and the same reuse as the
 *       JDK encoder above) on a CodecBuffer wrapping the same ByteBuffer once; {@code mechsymStatic}
 *       the static {@link Utf8#encode(CharSequence, CodecBuffer, long)}, which looks up the calling
 *       thread's encoder; {@code mechsymOpened} the same encoder in a JVM where java.lang is opened
 *       to mechsym, so that it copies an ASCII String's own bytes.
 * </ul>
 *
 * and, to decode, the JDK ({@code new String} over bytes copied out), Agrona ({@code
 * getStringWithoutLengthUtf8}) and mechsym ({@link Utf8#decode(CodecBuffer, long, int)}). The
 * texts: ASCII and mixed (1-, 2-, 3- and 4-byte characters), short (~20 chars) and long (~1,000).
 * Each encode returns the bytes written and {@link #check()} compares every way's bytes with the
 * JDK's. How to run: {@code ./mechsym jmh Utf8Benchmark -f 1 -wi 3 -i 5 -prof gc}; compare the ways
 * per buffer and text, and gc.alloc.rate.norm (bytes allocated per operation).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class Utf8Benchmark {
    static final String ASCII_SHORT = "Hello, sympathy 42!";
    static final String MIXED_SHORT = "Gr\u00fc\u00dfe \u6771\u4eac \ud83d\ude80 ok \u20ac5";

    @Param({"ascii-short", "ascii-long", "mixed-short", "mixed-long"})
    public String text;

    @Param({"heap", "direct"})
    public String buffer;

    private String value;
    private int encodedLength;
    private ByteBuffer byteBuffer;
    private CodecBuffer codec;
    private UnsafeBuffer agrona;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder();
    private final Utf8Encoder utf8Encoder = new Utf8Encoder();
    private final PostUtf8Encoder postsEncoder = new PostUtf8Encoder();
    private char[] chars;
    private CharBuffer charBuffer;
    private byte[] decodeBytes;

    /** The text named by {@code name}. */
    public static String text(String name) {
        return switch (name) {
            case "ascii-short" -> ASCII_SHORT;
            case "ascii-long" -> repeat(ASCII_SHORT, 1000);
            case "mixed-short" -> MIXED_SHORT;
            case "mixed-long" -> repeat(MIXED_SHORT, 1000);
            default -> throw new IllegalArgumentException("unknown text " + name);
        };
    }

    private static String repeat(String unit, int chars) {
        StringBuilder out = new StringBuilder(chars + unit.length());
        while (out.length() < chars) {
            out.append(unit);
        }
        return out.toString();
    }

    @Setup(Level.Trial)
    public void setUp() {
        value = text(text);
        byte[] expected = value.getBytes(StandardCharsets.UTF_8);
        encodedLength = expected.length;
        int capacity = 4 * value.length() + 64;
        byteBuffer = buffer.equals("direct") ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        codec = CodecBuffer.of(byteBuffer);
        agrona = new UnsafeBuffer(byteBuffer);
        chars = new char[value.length()];
        charBuffer = CharBuffer.wrap(chars);
        decodeBytes = new byte[capacity];
        check();
        mechsym(); // leave the text encoded for the decoders
    }

    /** Throws unless every way writes the JDK's bytes. */
    public void check() {
        byte[] expected = value.getBytes(StandardCharsets.UTF_8);
        int[] lengths = {
            stringGetBytes(),
            charsetEncoder(),
            agrona(),
            mechsym(),
            mechsymStatic(),
            stringGetBytesByName(),
            postEncoder(),
            charBufferWrap(),
            charsetEncoderOnce()
        };
        for (int way = 0; way < lengths.length; way++) {
            if (lengths[way] != expected.length) {
                throw new IllegalStateException(
                        "way " + way + " wrote " + lengths[way] + " bytes, not " + expected.length);
            }
        }
        for (int way = 0; way < lengths.length; way++) {
            byteBuffer.clear();
            for (int i = 0; i < expected.length; i++) {
                byteBuffer.put(i, (byte) ~expected[i]);
            }
            int written = switch (way) {
                case 0 -> stringGetBytes();
                case 1 -> charsetEncoder();
                case 2 -> agrona();
                case 3 -> mechsym();
                case 4 -> mechsymStatic();
                case 5 -> stringGetBytesByName();
                case 6 -> postEncoder();
                case 7 -> charBufferWrap();
                default -> charsetEncoderOnce();
            };
            for (int i = 0; i < written; i++) {
                if (byteBuffer.get(i) != expected[i]) {
                    throw new IllegalStateException("way " + way + " wrote a wrong byte at " + i);
                }
            }
        }
        if (stringGetBytesToArray() != expected.length) {
            throw new IllegalStateException("getBytes by name gave " + stringGetBytesToArray() + " bytes");
        }
        byteBuffer.clear().limit(expected.length - 1);
        if (postsEncoder.encode(value, byteBuffer) != PostUtf8Encoder.OVERFLOW || byteBuffer.position() != 0) {
            throw new IllegalStateException("the post's encoder did not report overflow in place");
        }
        byteBuffer.clear();
        mechsym();
        if (!decodeJdk().equals(value)
                || !decodeAgrona().equals(value)
                || !decodeMechsym().equals(value)) {
            throw new IllegalStateException("a decoder did not give the text back");
        }
    }

    // ---- encode

    @Benchmark
    public int stringGetBytes() {
        byteBuffer.clear();
        byteBuffer.put(value.getBytes(StandardCharsets.UTF_8));
        return byteBuffer.position();
    }

    /** The post's "string": the Charset looked up by name, whose encoder String caches per thread. */
    @Benchmark
    public int stringGetBytesByName() {
        byteBuffer.clear();
        try {
            byteBuffer.put(value.getBytes("UTF-8"));
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException(e);
        }
        return byteBuffer.position();
    }

    /** An array target: the bytes stay in the array getBytes returns (no buffer, no copy). */
    @Benchmark
    public int stringGetBytesToArray() {
        try {
            return value.getBytes("UTF-8").length;
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Benchmark
    public int charsetEncoder() {
        int length = value.length();
        value.getChars(0, length, chars, 0);
        charBuffer.clear().limit(length);
        return encodeChars(encoder, charBuffer);
    }

    /** The post's "bytebuffer": a reused encoder over {@code CharBuffer.wrap(text)} (a wrapper per call). */
    @Benchmark
    public int charBufferWrap() {
        return encodeChars(encoder, CharBuffer.wrap(value));
    }

    /** The post's "chars" with "once": a new encoder for every String. */
    @Benchmark
    public int charsetEncoderOnce() {
        int length = value.length();
        value.getChars(0, length, chars, 0);
        charBuffer.clear().limit(length);
        return encodeChars(StandardCharsets.UTF_8.newEncoder(), charBuffer);
    }

    /** The post's encoder (unsafe3): the String's own storage, one shot, overflow reported in place. */
    @Benchmark
    public int postEncoder() {
        byteBuffer.clear();
        return postsEncoder.encode(value, byteBuffer);
    }

    /** {@code source} into the cleared buffer by {@code charsetEncoder}, without flush (UTF-8 needs none). */
    private int encodeChars(CharsetEncoder charsetEncoder, CharBuffer source) {
        byteBuffer.clear();
        charsetEncoder.reset();
        CoderResult result = charsetEncoder.encode(source, byteBuffer, true);
        if (!result.isUnderflow()) {
            throw new IllegalStateException(result.toString());
        }
        return byteBuffer.position();
    }

    @Benchmark
    public int agrona() {
        return agrona.putStringWithoutLengthUtf8(0, value);
    }

    @Benchmark
    public int mechsym() {
        return utf8Encoder.encode(value, codec, 0);
    }

    /**
     * The same encoder, run in a JVM started with {@code --add-opens java.base/java.lang=ALL-UNNAMED}:
     * an ASCII String stored one byte per char is copied from its own bytes ({@link
     * Utf8#readsStringBytes()}). A fork without that flag refuses to run it (see {@link
     * #requireOpenedJavaLang}), so its figures are never the public path's under another name. Its
     * forks add the flag themselves; options that set {@code jvmArgsAppend} (the lab's) replace it
     * and must pass it again.
     */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.lang=ALL-UNNAMED")
    public int mechsymOpened() {
        return utf8Encoder.encode(value, codec, 0);
    }

    /** Refuses to measure {@link #mechsymOpened()} in a JVM where java.lang is not opened to mechsym. */
    @Setup(Level.Trial)
    public void requireOpenedJavaLang(BenchmarkParams params) {
        if (params.getBenchmark().endsWith(".mechsymOpened") && !Utf8.readsStringBytes()) {
            throw new IllegalStateException(
                    "mechsymOpened needs a JVM started with --add-opens java.base/java.lang=ALL-UNNAMED"
                            + " (e.g. -jvmArgsAppend --add-opens=java.base/java.lang=ALL-UNNAMED)");
        }
    }

    /** The static way: the same encoding through the calling thread's encoder (a ThreadLocal lookup). */
    @Benchmark
    public int mechsymStatic() {
        return Utf8.encode(value, codec, 0);
    }

    // ---- the ASCII run alone, the ways that lost (see AsciiLoops); on the ascii-* texts

    private final char[] charScratch = new char[256];
    private final byte[] byteScratch = new byte[256];

    @Benchmark
    public int asciiByteLoop() {
        return AsciiLoops.asciiByteLoop(value, codec.segment(), 0);
    }

    @Benchmark
    public int asciiWordLoop() {
        return AsciiLoops.asciiWordLoop(value, codec.segment(), 0);
    }

    @Benchmark
    public int asciiChunked() {
        return AsciiLoops.asciiChunked(value, codec.segment(), 0, charScratch, byteScratch);
    }

    @Benchmark
    public int asciiCheckThenSetString() {
        return AsciiLoops.checkThenSetString(value, codec.segment(), 0);
    }

    /** Into heap buffers only (-1 for direct): see the variant's name. */
    @Benchmark
    public int asciiLowBytesWrongForUtf16() {
        return byteBuffer.hasArray()
                ? AsciiLoops.lowBytesThenScanWrongForUtf16(value, byteBuffer.array(), byteBuffer.arrayOffset())
                : -1;
    }

    // ---- the ASCII test first, then one bulk copy (AsciiCheckThenCopy); -1 where a shape does not apply to the buffer
    // or text

    @Benchmark
    public int checkThenIntOrGetBytes() {
        return byteBuffer.hasArray()
                ? AsciiCheckThenCopy.checkThenGetBytes(
                        value, byteBuffer.array(), 0, AsciiCheckThenCopy.AsciiTest.INT_OR)
                : -1;
    }

    @Benchmark
    public int checkThenCharOrGetBytes() {
        return byteBuffer.hasArray()
                ? AsciiCheckThenCopy.checkThenGetBytes(
                        value, byteBuffer.array(), 0, AsciiCheckThenCopy.AsciiTest.CHAR_OR)
                : -1;
    }

    @Benchmark
    public int checkThenMaskMismatchGetBytes() {
        return byteBuffer.hasArray()
                ? AsciiCheckThenCopy.checkThenGetBytes(
                        value, byteBuffer.array(), 0, AsciiCheckThenCopy.AsciiTest.MASK_MISMATCH)
                : -1;
    }

    @Benchmark
    public int checkThenAsciiEncoderIntoTarget() {
        return byteBuffer.hasArray() ? AsciiCheckThenCopy.encoderIntoTarget(value, byteBuffer.array(), 0) : -1;
    }

    @Benchmark
    public int checkThenIntOrSetString() {
        return AsciiCheckThenCopy.intOrThenSetString(value, codec.segment(), 0);
    }

    @Benchmark
    public int checkThenCharAtSetString() {
        return AsciiCheckThenCopy.charAtThenSetString(value, codec.segment(), 0);
    }

    @Benchmark
    public int checkThenCharAtSegmentCopy() {
        return byteBuffer.hasArray() ? -1 : AsciiCheckThenCopy.charAtThenSegmentCopy(value, codec.segment(), 0);
    }

    // ---- decode (the text was left encoded at index 0 by setUp)

    @Benchmark
    public String decodeJdk() {
        byteBuffer.get(0, decodeBytes, 0, encodedLength);
        return new String(decodeBytes, 0, encodedLength, StandardCharsets.UTF_8);
    }

    @Benchmark
    public String decodeAgrona() {
        return agrona.getStringWithoutLengthUtf8(0, encodedLength);
    }

    @Benchmark
    public String decodeMechsym() {
        return Utf8.decode(codec, 0, encodedLength);
    }
}

package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class Utf8Test {
    static List<Backings.Backing> backings() {
        return Backings.backings();
    }

    private static byte[] jdk(CharSequence chars) {
        return chars.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] encoded(CharSequence chars, Backings.Backing backing) {
        byte[] expected = jdk(chars);
        CodecBuffer buffer = backing.make(expected.length + 8, ByteOrder.BIG_ENDIAN);
        buffer.position(3);
        int written = Utf8.encode(chars, buffer);
        assertThat(written).isEqualTo(expected.length);
        assertThat(buffer.position()).isEqualTo(3 + written);
        return buffer.segment().asSlice(3, written).toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void everyCodePointEncodesAsTheJdkDoes() {
        StringBuilder chunk = new StringBuilder();
        CodecBuffer buffer = CodecBuffer.of(new byte[4 * 4096 + 16]);
        int checked = 0;
        for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
            if (Character.getType(codePoint) == Character.SURROGATE) {
                continue; // lone surrogates have their own test
            }
            chunk.appendCodePoint(codePoint);
            if (chunk.length() >= 4096 || codePoint == Character.MAX_CODE_POINT) {
                byte[] expected = jdk(chunk);
                int written = Utf8.encode(chunk, buffer, 0);
                assertThat(written).as("chunk ending at U+%04X", codePoint).isEqualTo(expected.length);
                assertThat(buffer.segment().asSlice(0, written).toArray(ValueLayout.JAVA_BYTE))
                        .as("chunk ending at U+%04X", codePoint)
                        .isEqualTo(expected);
                assertThat(Utf8.encodedLength(chunk)).isEqualTo(expected.length);
                assertThat(Utf8.decode(buffer, 0, written)).isEqualTo(chunk.toString());
                checked += chunk.codePointCount(0, chunk.length());
                chunk.setLength(0);
            }
        }
        assertThat(checked).isEqualTo(Character.MAX_CODE_POINT + 1 - 2048);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void everyLengthClassEncodesIntoEveryBacking(Backings.Backing backing) {
        for (String text : List.of(
                "",
                "a",
                "plain ascii, the fast path",
                "\u007f\u0080",
                "caf\u00e9 \u00fc\u00df",
                "\u07ff\u0800",
                "\u20ac 10 \u65e5\u672c\u8a9e",
                "\uffff",
                "\ud83d\ude00 emoji",
                "\udbff\udfff",
                "mixed a\u00e9\u20ac\ud83d\ude00 end")) {
            assertThat(encoded(text, backing)).as(text).isEqualTo(jdk(text));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void unpairedSurrogatesBecomeAQuestionMarkLikeTheJdk(Backings.Backing backing) {
        for (String text : List.of(
                "\ud800",
                "\udc00",
                "a\ud800",
                "\ud800a",
                "\udc00\ud800",
                "\ud800\ud800\udc00",
                "\ud83d\ude00\ude00",
                "x\udbffy\udfffz",
                "\ud800\u00e9",
                "\ud800\ud83d\ude00")) {
            assertThat(encoded(text, backing)).as("%s", escape(text)).isEqualTo(jdk(text));
            assertThat(Utf8.encodedLength(text)).isEqualTo(jdk(text).length);
        }
        assertThat(jdk("\ud800")).containsExactly('?');
    }

    private static String escape(String text) {
        StringBuilder escaped = new StringBuilder();
        text.chars().forEach(c -> escaped.append(String.format("\\u%04x", c)));
        return escaped.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void overflowAtEveryCapacityReturnsTheNeededLengthAndLeavesThePosition(Backings.Backing backing) {
        String text = "ab\u00e9\u20ac\ud83d\ude00cd\ud800e";
        int needed = jdk(text).length;
        for (int capacity = 0; capacity < needed; capacity++) {
            CodecBuffer buffer = backing.make(capacity + 2, ByteOrder.LITTLE_ENDIAN);
            buffer.position(2);
            assertThat(Utf8.encode(text, buffer)).as("capacity %d", capacity).isEqualTo(-needed);
            assertThat(buffer.position()).isEqualTo(2);
        }
        CodecBuffer exact = backing.make(needed, ByteOrder.LITTLE_ENDIAN);
        assertThat(Utf8.encode(text, exact)).isEqualTo(needed);
        assertThat(exact.remaining()).isZero();
        assertThat(Utf8.encode("", exact)).as("nothing always fits").isZero();
        assertThat(Utf8.encode("x", exact)).isEqualTo(-1);
        assertThat(exact.position()).isEqualTo(needed);
    }

    @Test
    void asciiOverflowInTheFastPathIsAlsoAnOverflow() {
        CodecBuffer buffer = CodecBuffer.of(new byte[5]);
        assertThat(Utf8.encode("abcdef", buffer)).isEqualTo(-6);
        assertThat(buffer.position()).isZero();
        assertThat(Utf8.encode("abcde", buffer)).isEqualTo(5);
    }

    @Test
    void randomStringsOfEveryMixMatchTheJdkAndDecodeBack() {
        Random random = new Random(20261122L);
        CodecBuffer buffer = CodecBuffer.of(ByteBuffer.allocateDirect(4 * 300));
        for (int i = 0; i < 5000; i++) {
            String text = randomText(random, random.nextInt(300));
            byte[] expected = jdk(text);
            int written = Utf8.encode(text, buffer, 0);
            assertThat(written).isEqualTo(expected.length);
            assertThat(buffer.segment().asSlice(0, written).toArray(ValueLayout.JAVA_BYTE))
                    .isEqualTo(expected);
            assertThat(Utf8.decode(buffer, 0, written)).isEqualTo(new String(expected, StandardCharsets.UTF_8));
        }
    }

    /** Text mixing 1-, 2-, 3- and 4-byte characters and the odd lone surrogate. */
    static String randomText(Random random, int length) {
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            int kind = random.nextInt(10);
            if (kind < 5) {
                text.append((char) random.nextInt(0x80));
            } else if (kind < 7) {
                text.append((char) (0x80 + random.nextInt(0x800 - 0x80)));
            } else if (kind < 8) {
                char c = (char) (0x800 + random.nextInt(0x10000 - 0x800));
                text.append(Character.isSurrogate(c) ? 'x' : c);
            } else if (kind < 9) {
                text.appendCodePoint(0x10000 + random.nextInt(0x100000));
            } else {
                text.append((char) (0xD800 + random.nextInt(0x800)));
            }
        }
        return text.toString();
    }

    @Test
    void theByteBufferOverloadAdvancesItsPositionOnlyOnSuccess() {
        for (ByteBuffer bytes : List.of(ByteBuffer.allocate(16), ByteBuffer.allocateDirect(16))) {
            bytes.position(4);
            assertThat(Utf8.encode("h\u00e9llo", bytes)).isEqualTo(6);
            assertThat(bytes.position()).isEqualTo(10);
            assertThat(Utf8.encode("1234567", bytes)).isEqualTo(-7);
            assertThat(bytes.position()).isEqualTo(10);
            byte[] back = new byte[6];
            bytes.get(4, back);
            assertThat(new String(back, StandardCharsets.UTF_8)).isEqualTo("h\u00e9llo");
        }
    }

    @Test
    void anyCharSequenceEncodes() {
        StringBuilder builder = new StringBuilder("sb \u00e9\ud83d\ude00");
        CodecBuffer buffer = CodecBuffer.of(new byte[32]);
        int written = Utf8.encode(builder, buffer);
        assertThat(Utf8.decode(buffer, 0, written)).isEqualTo(builder.toString());
        buffer.position(0);
        assertThat(Utf8.decode(buffer, written)).isEqualTo(builder.toString());
        assertThat(buffer.position()).isEqualTo(written);
    }

    @Test
    void malformedInputDecodesAsTheJdkDoes() {
        byte[][] inputs = {
            {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, 0, 0},
            {(byte) 0xE2, (byte) 0x82}, {(byte) 0xFF}, {'a', (byte) 0x80, 'b'}
        };
        for (byte[] input : inputs) {
            CodecBuffer direct = CodecBuffer.of(ByteBuffer.allocateDirect(input.length));
            direct.putBytes(0, input, 0, input.length);
            String expected = new String(input, StandardCharsets.UTF_8);
            assertThat(Utf8.decode(direct, 0, input.length)).isEqualTo(expected);
            assertThat(Utf8.decode(CodecBuffer.of(input), 0, input.length)).isEqualTo(expected);
        }
    }

    @Test
    void decodingReadsOnlyTheGivenRange() {
        byte[] bytes = "xxhelloxx".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.decode(MemorySegment.ofArray(bytes).asSlice(1), 1, 5)).isEqualTo("hello");
        assertThat(Utf8.decode(MemorySegment.ofArray(bytes).asReadOnly(), 2, 5)).isEqualTo("hello");
        assertThatThrownBy(() -> Utf8.decode(MemorySegment.ofArray(bytes), 5, 5))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Utf8.decode(MemorySegment.ofArray(bytes), 0, -1))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** Native bytes are decoded through the thread's scratch when they fit (3,073 bytes), else a new array. */
    @Test
    void nativeBytesOfEveryLengthAroundTheScratchSizeDecodeAsTheJdkDoes() {
        Random random = new Random(3073);
        for (int length : new int[] {0, 1, 3072, 3073, 3074, 10_000}) {
            byte[] input = new byte[length];
            for (int i = 0; i < length; i++) {
                input[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : (byte) ('a' + random.nextInt(26));
            }
            MemorySegment direct = java.lang.foreign.Arena.ofAuto().allocate(length + 8);
            MemorySegment.copy(input, 0, direct, ValueLayout.JAVA_BYTE, 4, length);
            String expected = new String(input, StandardCharsets.UTF_8);
            assertThat(Utf8.decode(direct, 4, length)).as("%d bytes", length).isEqualTo(expected);
            assertThat(Utf8.decode(CodecBuffer.of(direct), 4, length)).isEqualTo(expected);
        }
    }

    @Test
    void anIndexOutsideTheSegmentIsAnError() {
        MemorySegment segment = MemorySegment.ofArray(new byte[4]);
        assertThatThrownBy(() -> Utf8.encode("a", segment, 5)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Utf8.encode("a", segment, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(Utf8.encode("a", segment, 4)).isEqualTo(-1);
    }

    @Test
    void encodingIntoABufferAllocatesNothing() {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        CodecBuffer heap = CodecBuffer.of(new byte[256]);
        CodecBuffer direct = CodecBuffer.of(ByteBuffer.allocateDirect(256));
        String mixed = "mixed a\u00e9\u20ac\ud83d\ude00 end, and some ascii to go with it";
        String longAscii = "long ascii, the encoder's intrinsic path ".repeat(2);
        String longMixed = "long mixed \u00e9\u20ac\ud83d\ude00 ".repeat(3);
        String[] texts = {mixed, longAscii, longMixed}; // one array, not a varargs array per call
        long sum = 0;
        for (int i = 0; i < 20_000; i++) { // warm up so the JIT's escape analysis has run
            sum += encodeAll(heap, direct, texts);
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 20_000; i++) {
            sum += encodeAll(heap, direct, texts);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(sum).isEqualTo(80_000L * (jdk(mixed).length + jdk(longAscii).length + jdk(longMixed).length));
        assertThat(allocated).as("bytes allocated by 120,000 encodes").isLessThan(40_000);
    }

    private static long encodeAll(CodecBuffer heap, CodecBuffer direct, String[] texts) {
        long sum = 0;
        for (String text : texts) {
            sum += Utf8.encode(text, heap, 0) + Utf8.encode(text, direct, 0);
        }
        return sum;
    }

    @Test
    void aReusedEncoderAllocatesNothingOnceItHasSeenItsTargets() {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Utf8Encoder encoder = new Utf8Encoder();
        CodecBuffer heap = CodecBuffer.of(ByteBuffer.allocate(512));
        CodecBuffer direct = CodecBuffer.of(ByteBuffer.allocateDirect(512));
        String[] texts = {
            "short", "long ascii through the JDK's encoder ".repeat(3), "long mixed \u00e9\u20ac ".repeat(5)
        };
        long sum = 0;
        for (int round = 0; round < 2; round++) { // warm up, then measure
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 20_000; i++) {
                for (String text : texts) {
                    sum += encoder.encode(text, heap, 0) + encoder.encode(text, direct, 0);
                }
            }
            if (round == 1) {
                long allocated = threads.getCurrentThreadAllocatedBytes() - before;
                assertThat(allocated).as("bytes allocated by 120,000 encodes").isLessThan(40_000);
            }
        }
        assertThat(sum).isEqualTo(80_000L * (jdk(texts[0]).length + jdk(texts[1]).length + jdk(texts[2]).length));
    }

    /**
     * One encoder, many targets: it keeps a view of the last array it wrote a long String into, so
     * moving between arrays, slices of them and native memory, and back, must still write each
     * target's own bytes (and nothing in the others).
     */
    @Test
    void oneEncoderMovingBetweenTargetsWritesEachItsOwnBytes() {
        Utf8Encoder encoder = new Utf8Encoder();
        List<Backings.Backing> backings = backings();
        Random random = new Random(77);
        int capacity = 4000;
        CodecBuffer[] targets = new CodecBuffer[backings.size()];
        byte[][] expected = new byte[targets.length][capacity];
        for (int t = 0; t < targets.length; t++) {
            targets[t] = backings.get(t).make(capacity, ByteOrder.BIG_ENDIAN);
        }
        for (int n = 0; n < 300; n++) {
            int t = random.nextInt(targets.length);
            String text = random.nextInt(3) == 0
                    ? randomText(random, 1 + random.nextInt(1200))
                    : "ascii ".repeat(random.nextInt(200));
            byte[] bytes = jdk(text);
            int at = random.nextInt(capacity - 3 * text.length());
            assertThat(encoder.encode(text, targets[t], at))
                    .as("text %d into %s", n, backings.get(t))
                    .isEqualTo(bytes.length);
            System.arraycopy(bytes, 0, expected[t], at, bytes.length);
            for (int u = 0; u < targets.length; u++) {
                if (!java.util.Arrays.equals(
                        targets[u].segment().asSlice(0, capacity).toArray(ValueLayout.JAVA_BYTE), expected[u])) {
                    throw new AssertionError(
                            "after text " + n + " into " + backings.get(t) + ", " + backings.get(u) + " differs");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void lengthPrefixedStringsRoundTripAndOverflowWithoutMoving(Backings.Backing backing) {
        String text = "pr\u00eafix \ud83d\ude00";
        int needed = 4 + jdk(text).length;
        for (int capacity = 0; capacity < needed; capacity++) {
            CodecBuffer small = backing.make(capacity, ByteOrder.BIG_ENDIAN);
            assertThat(Utf8.encodeWithLength(text, small)).isEqualTo(-needed);
            assertThat(small.position()).isZero();
        }
        CodecBuffer buffer = backing.make(needed + 4, ByteOrder.BIG_ENDIAN);
        assertThat(Utf8.encodeWithLength(text, buffer)).isEqualTo(needed);
        assertThat(buffer.getInt(0)).isEqualTo(needed - 4);
        assertThat(Utf8.encodeWithLength("", buffer)).isEqualTo(4);
        buffer.position(0);
        assertThat(Utf8.decodeWithLength(buffer)).isEqualTo(text);
        assertThat(Utf8.decodeWithLength(buffer)).isEmpty();
        assertThat(buffer.remaining()).isZero();
    }

    @Test
    void aHostileStringLengthIsACodecExceptionAndTheCursorStays() {
        CodecBuffer buffer = CodecBuffer.of(new byte[16], ByteOrder.LITTLE_ENDIAN);
        for (int length : new int[] {-1, 13, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            buffer.putInt(0, length);
            assertThatThrownBy(() -> Utf8.decodeWithLength(buffer))
                    .isInstanceOf(CodecException.class)
                    .hasMessageStartingWith("offset 0: string length " + length);
            assertThat(buffer.position()).isZero();
        }
        buffer.position(13);
        assertThatThrownBy(() -> Utf8.decodeWithLength(buffer))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("3 bytes left, need 4");
    }

    @Test
    void aStringLengthIsCheckedAgainstTheLimitNotTheCapacity() {
        // a frame's body ends at the limit: a length that fits the buffer but not the body is refused
        CodecBuffer buffer = CodecBuffer.of(new byte[64], ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(0, 20);
        buffer.limit(12);
        assertThatThrownBy(() -> Utf8.decodeWithLength(buffer))
                .isInstanceOf(CodecException.class)
                .hasMessageStartingWith("offset 0: string length 20 but 8 bytes left");
        assertThat(buffer.position()).isZero();
        buffer.limit(24);
        assertThat(Utf8.decodeWithLength(buffer)).hasSize(20);
    }

    @Test
    void everyPositionOfAnyCharInsideAndAroundTheEightCharBlocksMatchesTheJdk() {
        String[] specials = {"\u00e9", "\u20ac", "\ud83d\ude00", "\ud800", "\udc00", "\u007f", "\u0080", "\u0800"};
        for (int length = 0; length <= 40; length++) {
            for (int at = 0; at <= length; at++) {
                for (String special : specials) {
                    String text = "a".repeat(at) + special + "b".repeat(length - at);
                    byte[] expected = jdk(text);
                    for (int capacity : new int[] {expected.length, 3 * text.length() + 3}) {
                        CodecBuffer buffer = CodecBuffer.of(new byte[capacity + 1]);
                        buffer.position(1);
                        assertThat(Utf8.encode(text, buffer))
                                .as("%d %d %s", length, at, escape(special))
                                .isEqualTo(expected.length);
                        assertThat(buffer.segment().asSlice(1, expected.length).toArray(ValueLayout.JAVA_BYTE))
                                .isEqualTo(expected);
                        CodecBuffer builder = CodecBuffer.of(ByteBuffer.allocateDirect(capacity));
                        assertThat(Utf8.encode(new StringBuilder(text), builder))
                                .isEqualTo(expected.length);
                        assertThat(builder.segment().asSlice(0, expected.length).toArray(ValueLayout.JAVA_BYTE))
                                .isEqualTo(expected);
                    }
                }
            }
        }
    }

    @Test
    void theLastThreeByteCharWritesNoFourthByteBeyondTheText() {
        String text = "ab\u20ac";
        byte[] bytes = new byte[3 * text.length()]; // the room-to-spare path, exactly
        java.util.Arrays.fill(bytes, (byte) 0x55);
        assertThat(Utf8.encode(text, CodecBuffer.of(bytes))).isEqualTo(5);
        assertThat(bytes).containsExactly('a', 'b', 0xE2, 0x82, 0xAC, 0x55, 0x55, 0x55, 0x55);
        CodecBuffer exact = CodecBuffer.of(new byte[5]);
        assertThat(Utf8.encode(text, exact)).isEqualTo(5);
        assertThat(Utf8.encode("\u20ac\u20ac", CodecBuffer.of(new byte[6]))).isEqualTo(6);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void theRoomToSparePathWritesExactlyItsBytesInEveryBacking(Backings.Backing backing) {
        Random random = new Random(77);
        for (int n = 0; n < 300; n++) {
            String text = randomText(random, random.nextInt(40)).replaceAll("[\\ud800-\\udfff]", "z");
            byte[] expected = jdk(text);
            int capacity = 3 * text.length() + 16;
            CodecBuffer buffer = backing.make(capacity, ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < capacity; i++) {
                buffer.putByte(i, (byte) 0x5A);
            }
            buffer.position(5);
            assertThat(Utf8.encode(text, buffer)).isEqualTo(expected.length);
            byte[] all = buffer.segment().toArray(ValueLayout.JAVA_BYTE);
            for (int i = 0; i < capacity; i++) {
                byte want = i >= 5 && i < 5 + expected.length ? expected[i - 5] : (byte) 0x5A;
                assertThat(all[i]).as("byte %d of %s", i, escape(text)).isEqualTo(want);
            }
        }
    }

    /**
     * Short Strings (the whole-String char copy of the short paths) with two chars that are not ASCII
     * at every pair of positions: Latin-1 0x80..0xFF, U+0141 (low byte 'A'), 3-byte, a pair and lone
     * surrogates, also last (a 3-byte char last must not write a fourth byte); then the same texts
     * into one byte too few, which must leave the cursor and every byte before the cursor alone.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void shortTextsWithTwoOddCharsAtEveryPairOfPositionsMatchTheJdk(Backings.Backing backing) {
        String[] odd = {"\u00ff", "\u0141", "\u20ac", "\ud83d\ude00", "\udc00", "\ud800"};
        for (int length : new int[] {2, 9, 33, 64}) {
            for (int first = 0; first < length; first += length > 9 ? 7 : 1) {
                for (int second = first + 1; second < length; second += length > 9 ? 5 : 1) {
                    String a = odd[(first + second) % odd.length];
                    String b = odd[(first * 3 + second) % odd.length];
                    String text = "q".repeat(first)
                            + a
                            + "r".repeat(second - first - 1)
                            + b
                            + "s".repeat(length - second - 1);
                    assertEncodesLikeTheJdk(text, backing, 0);
                    int needed = jdk(text).length;
                    CodecBuffer tight = backing.make(needed + 4, ByteOrder.LITTLE_ENDIAN);
                    tight.putByte(0, (byte) 0x11);
                    tight.putByte(1, (byte) 0x22);
                    tight.position(5);
                    assertThat(Utf8.encode(text, tight)).as(escape(text)).isEqualTo(-needed);
                    assertThat(tight.position()).isEqualTo(5);
                    assertThat(tight.getByte(0)).isEqualTo((byte) 0x11);
                    assertThat(tight.getByte(1)).isEqualTo((byte) 0x22);
                }
            }
        }
    }

    // ---- the bulk paths: ASCII copies, the scratch chunks, the short/long limits

    /** Encodes at index 5 of a buffer filled with 0x5A and checks every byte, inside and outside. */
    private static void assertEncodesLikeTheJdk(String text, Backings.Backing backing, int spare) {
        byte[] expected = jdk(text);
        int capacity = 5 + Math.max(expected.length, 3 * text.length()) + spare;
        CodecBuffer buffer = backing.make(capacity, ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < capacity; i++) {
            buffer.putByte(i, (byte) 0x5A);
        }
        buffer.position(5);
        assertThat(Utf8.encode(text, buffer))
                .as("%s, %d chars", backing, text.length())
                .isEqualTo(expected.length);
        assertThat(buffer.position()).isEqualTo(5 + expected.length);
        byte[] all = buffer.segment().toArray(ValueLayout.JAVA_BYTE);
        for (int i = 0; i < capacity; i++) {
            byte want = i >= 5 && i < 5 + expected.length ? expected[i - 5] : (byte) 0x5A;
            if (all[i] != want) {
                throw new AssertionError(String.format(
                        "%s, %d chars: byte %d is %02x, not %02x", backing, text.length(), i, all[i], want));
            }
        }
    }

    /** Lengths around the short limits (32, 64), the 8-char steps and the 1,024-char chunks. */
    private static final int[] LENGTHS = {1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 100, 1023, 1024, 1025, 2047, 2049, 3000};

    /** Positions to put the odd char at: every one up to 70, then around the chunk edges and the end. */
    private static int[] positions(int length) {
        java.util.TreeSet<Integer> at = new java.util.TreeSet<>();
        for (int i = 0; i < Math.min(length, 70); i++) {
            at.add(i);
        }
        for (int edge : new int[] {1016, 1022, 1023, 1024, 1025, 2047, 2048, length - 2, length - 1}) {
            if (edge >= 0 && edge < length) {
                at.add(edge);
            }
        }
        return at.stream().mapToInt(Integer::intValue).toArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void anAsciiTextOfEveryLengthIsCopiedExactly(Backings.Backing backing) {
        for (int length : LENGTHS) {
            String text = "Hello, sympathy 42! ".repeat(length / 20 + 1).substring(0, length);
            assertEncodesLikeTheJdk(text, backing, 0);
            assertEncodesLikeTheJdk(text, backing, 9);
        }
    }

    /**
     * One char that is not ASCII at every position of Strings of every length class: Latin-1 chars
     * 0x80..0xFF (a Latin-1 String: its bytes must not be copied as if ASCII), and chars whose low
     * byte is ASCII (U+0141 'Ł' has low byte 'A': getBytes(int, int, byte[], int) would copy 'A').
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void oneCharThatIsNotAsciiAtEveryPositionMatchesTheJdk(Backings.Backing backing) {
        String[] odd = {"\u0080", "\u00e9", "\u00ff", "\u0141", "\u4e41", "\ud83d\ude00", "\ud800", "\udfff"};
        for (int length : LENGTHS) {
            if (length > 1100 && !backing.name().startsWith("byte[]")) {
                continue; // the long lengths once per array kind and once natively below, to stay fast
            }
            for (int at : positions(length)) {
                for (String special : odd) {
                    String text = "a".repeat(at) + special + "b".repeat(Math.max(0, length - at - 1));
                    assertEncodesLikeTheJdk(text, backing, 0);
                }
            }
        }
    }

    @Test
    void longTextsWithOneOddCharIntoNativeMemoryMatchTheJdk() {
        Backings.Backing direct = backings().stream()
                .filter(b -> b.name().equals("direct ByteBuffer"))
                .findFirst()
                .orElseThrow();
        for (int length : new int[] {2047, 2049, 3000}) {
            for (int at : positions(length)) {
                assertEncodesLikeTheJdk("a".repeat(at) + "\u00e9" + "b".repeat(length - at - 1), direct, 0);
                assertEncodesLikeTheJdk("a".repeat(at) + "\u0141" + "b".repeat(length - at - 1), direct, 0);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void surrogatePairsAcrossTheChunkEdgesAndLoneOnesThereMatchTheJdk(Backings.Backing backing) {
        for (int at : new int[] {1021, 1022, 1023, 1024, 2046, 2047}) {
            String head = "\u00e9" + "x".repeat(at - 1); // not ASCII from the start: the scratch path
            for (String tail : new String[] {
                "\ud83d\ude00rest", "\ud83d", "\ud83dz", "\ude00z", "\ud83d\ud83d\ude00", "\u20ac\u20ac"
            }) {
                assertEncodesLikeTheJdk(head + tail, backing, 0);
                assertEncodesLikeTheJdk("x".repeat(at) + tail, backing, 0); // ASCII first
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void randomLongTextsMatchTheJdkAndWriteNothingPastThem(Backings.Backing backing) {
        Random random = new Random(4242);
        for (int n = 0; n < 40; n++) {
            String text = randomText(random, 1 + random.nextInt(2600));
            if (random.nextBoolean()) {
                text = "ascii prefix ".repeat(random.nextInt(200)) + text;
            }
            assertEncodesLikeTheJdk(text, backing, random.nextInt(4));
        }
    }

    @Test
    void aReadOnlyTargetIsRefusedAndNothingMoves() {
        for (ByteBuffer bytes : List.of(ByteBuffer.allocate(64), ByteBuffer.allocateDirect(64))) {
            ByteBuffer readOnly = bytes.asReadOnlyBuffer();
            CodecBuffer buffer = CodecBuffer.of(readOnly);
            for (String text : List.of("short ascii", "short \u00e9", "long ascii ".repeat(3), "x\u00e9".repeat(10))) {
                assertThatThrownBy(() -> Utf8.encode(text, buffer))
                        .as(text)
                        .isInstanceOf(IllegalArgumentException.class);
                assertThat(buffer.position()).isZero();
                assertThatThrownBy(() -> Utf8.encode(text, readOnly)).isInstanceOf(IllegalArgumentException.class);
                assertThat(readOnly.position()).isZero();
            }
            assertThat(Utf8.encode("", buffer))
                    .as("nothing to write, nothing refused")
                    .isZero();
            assertThat(bytes.position()).isZero();
            while (bytes.hasRemaining()) {
                assertThat(bytes.get()).as("nothing written").isZero();
            }
        }
    }

    @Test
    void threadsEncodingAtOnceEachGetTheirOwnBytes() throws Exception {
        List<String> texts =
                List.of("ascii ".repeat(300), "mixed \u00e9\u20ac\ud83d\ude00 ".repeat(150), "short \u00fc", "plain");
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(4)) {
            List<java.util.concurrent.Future<Integer>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                results.add(pool.submit(() -> {
                    CodecBuffer heap = CodecBuffer.of(new byte[8192]);
                    CodecBuffer direct = CodecBuffer.of(ByteBuffer.allocateDirect(8192));
                    int checked = 0;
                    for (int i = 0; i < 2000; i++) {
                        String text = texts.get((i + seed) % texts.size());
                        byte[] expected = jdk(text);
                        for (CodecBuffer buffer : List.of(heap, direct)) {
                            int written = Utf8.encode(text, buffer, 0);
                            if (written != expected.length
                                    || !java.util.Arrays.equals(
                                            buffer.segment().asSlice(0, written).toArray(ValueLayout.JAVA_BYTE),
                                            expected)) {
                                throw new AssertionError("thread " + seed + " text " + i);
                            }
                            checked++;
                        }
                    }
                    return checked;
                }));
            }
            for (var result : results) {
                assertThat(result.get()).isEqualTo(4000);
            }
        }
    }
}

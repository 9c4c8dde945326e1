package mechsym.core.memory;

/** A test flyweight with one field of every type, in a packed or an aligned layout. */
final class AllTypes extends Flyweight {
    static final RecordLayout PACKED = declare(RecordLayout.packed());
    static final RecordLayout ALIGNED = declare(RecordLayout.aligned());

    // handles are per layout; keep one set per layout, as a user's flyweight class would
    private final ByteField b;
    private final ShortField s;
    private final CharField c;
    private final IntField i;
    private final LongField l;
    private final FloatField f;
    private final DoubleField d;
    private final BytesField raw;
    private final BytesField text;

    AllTypes(RecordLayout layout) {
        super(layout);
        b = layout.byteField("b");
        s = layout.shortField("s");
        c = layout.charField("c");
        i = layout.intField("i");
        l = layout.longField("l");
        f = layout.floatField("f");
        d = layout.doubleField("d");
        raw = layout.bytesField("raw");
        text = layout.bytesField("text");
    }

    private static RecordLayout declare(RecordLayout.Builder builder) {
        return builder.int8("b")
                .int64("l")
                .int16("s")
                .char16("c")
                .int32("i")
                .float32("f")
                .int8("pad")
                .float64("d")
                .bytes("raw", 5)
                .ascii("text", 7)
                .build();
    }

    /** One record's values, as plain data to compare. */
    record Values(byte b, short s, char c, int i, long l, float f, double d, byte[] raw, String text) {
        boolean sameAs(Values o) {
            return b == o.b
                    && s == o.s
                    && c == o.c
                    && i == o.i
                    && l == o.l
                    && Float.floatToRawIntBits(f) == Float.floatToRawIntBits(o.f)
                    && Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(o.d)
                    && java.util.Arrays.equals(raw, o.raw)
                    && text.equals(o.text);
        }
    }

    void write(Values v) {
        b.set(this, v.b());
        s.set(this, v.s());
        c.set(this, v.c());
        i.set(this, v.i());
        l.set(this, v.l());
        f.set(this, v.f());
        d.set(this, v.d());
        raw.set(this, v.raw());
        text.setString(this, v.text());
    }

    Values read() {
        byte[] bytes = new byte[raw.length()];
        raw.get(this, bytes);
        return new Values(
                b.get(this),
                s.get(this),
                c.get(this),
                i.get(this),
                l.get(this),
                f.get(this),
                d.get(this),
                bytes,
                text.getString(this));
    }

    long longValue() {
        return l.get(this);
    }

    void longValue(long value) {
        l.set(this, value);
    }

    BytesField textField() {
        return text;
    }

    static Values random(java.util.Random random) {
        byte[] raw = new byte[5];
        random.nextBytes(raw);
        char[] text = new char[random.nextInt(8)];
        for (int k = 0; k < text.length; k++) {
            text[k] = (char) (1 + random.nextInt(127));
        }
        return new Values(
                (byte) random.nextInt(),
                (short) random.nextInt(),
                (char) random.nextInt(),
                random.nextInt(),
                random.nextLong(),
                Float.intBitsToFloat(random.nextInt()),
                Double.longBitsToDouble(random.nextLong()),
                raw,
                new String(text));
    }

    static Values extreme(int which) {
        return switch (which % 3) {
            case 0 ->
                new Values(
                        Byte.MIN_VALUE,
                        Short.MIN_VALUE,
                        Character.MIN_VALUE,
                        Integer.MIN_VALUE,
                        Long.MIN_VALUE,
                        Float.NaN,
                        Double.NEGATIVE_INFINITY,
                        new byte[] {-128, 0, 0, 0, 0},
                        "");
            case 1 ->
                new Values(
                        Byte.MAX_VALUE,
                        Short.MAX_VALUE,
                        Character.MAX_VALUE,
                        Integer.MAX_VALUE,
                        Long.MAX_VALUE,
                        Float.MAX_VALUE,
                        Double.MIN_VALUE,
                        new byte[] {127, -1, -1, -1, -1},
                        "ABCDEFG");
            default -> new Values((byte) 0, (short) 0, (char) 0, 0, 0L, -0.0f, -0.0d, new byte[5], "x");
        };
    }
}

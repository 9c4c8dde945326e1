package mechsym.tools;

/**
 * The range checks a tool applies to the options it is started with. Each failure is an {@link
 * IllegalArgumentException} whose message is one line naming the option, what it must be and the
 * value given, e.g. {@code --size must be 1..65507 bytes, not 70000}; the CLI prints it as is. Each
 * check returns the value, so a record's {@code validate()} reads as a list of options. Stateless;
 * thread-safe.
 */
public final class OptionCheck {
    /** The highest fixed rate a load generator accepts, messages per second. */
    public static final double MAX_RATE = 1e9;

    private OptionCheck() {}

    /**
     * {@code value} if it lies in {@code [min, max]}.
     *
     * @param unit said after the range ({@code "bytes"}, {@code "ms"}), or empty
     * @throws IllegalArgumentException "OPTION must be MIN..MAX UNIT, not VALUE"
     */
    public static long inRange(String option, long value, long min, long max, String unit) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    option + " must be " + min + ".." + max + suffix(unit) + ", not " + value);
        }
        return value;
    }

    /** {@link #inRange(String, long, long, long, String)} for an int without a unit. */
    public static int inRange(String option, int value, int min, int max) {
        return (int) inRange(option, value, min, max, "");
    }

    /**
     * {@code value} if it lies in {@code [min, max]} (NaN does not).
     *
     * @throws IllegalArgumentException "OPTION must be MIN..MAX UNIT, not VALUE"
     */
    public static double inRange(String option, double value, double min, double max, String unit) {
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(
                    option + " must be " + number(min) + ".." + number(max) + suffix(unit) + ", not " + value);
        }
        return value;
    }

    /**
     * {@code value} if it is at least {@code min}.
     *
     * @throws IllegalArgumentException "OPTION must be at least MIN UNIT, not VALUE"
     */
    public static long atLeast(String option, long value, long min, String unit) {
        if (value < min) {
            throw new IllegalArgumentException(option + " must be at least " + min + suffix(unit) + ", not " + value);
        }
        return value;
    }

    /**
     * A TCP or UDP port: {@code 1..65535}, or {@code 0} too where {@code zeroAllowed} (a listener that
     * lets the system pick a free one).
     *
     * @throws IllegalArgumentException "--port must be 0..65535, not VALUE" (or 1..65535)
     */
    public static int port(String option, int value, boolean zeroAllowed) {
        return inRange(option, value, zeroAllowed ? 0 : 1, 65_535);
    }

    /**
     * A load generator's rate: 0 for a closed loop (the next message after each answer), else
     * messages per second up to {@link #MAX_RATE}.
     *
     * @throws IllegalArgumentException "--rate must be 0 (closed loop) or up to 1e9 per second, not VALUE"
     */
    public static double rate(String option, double value) {
        if (!(value >= 0 && value <= MAX_RATE)) {
            throw new IllegalArgumentException(
                    option + " must be 0 (closed loop) or up to 1e9 per second, not " + value);
        }
        return value;
    }

    /**
     * {@code value} if it is above 0 (NaN is not); a whole number is written without ".0".
     *
     * @throws IllegalArgumentException "OPTION must be positive, not VALUE"
     */
    public static double positive(String option, double value) {
        if (!(value > 0)) {
            throw new IllegalArgumentException(option + " must be positive, not " + number(value));
        }
        return value;
    }

    /**
     * Throws with {@code message} unless {@code condition}: for a check between options, whose
     * message names them both.
     *
     * @throws IllegalArgumentException {@code message}
     */
    public static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    private static String suffix(String unit) {
        return unit.isEmpty() ? "" : " " + unit;
    }

    /** A whole number without ".0"; others as Java writes them. */
    public static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : Double.toString(value);
    }
}

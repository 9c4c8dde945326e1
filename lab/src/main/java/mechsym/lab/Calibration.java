package mechsym.lab;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The machine's own drift during a lab run: the same two short kernels timed at the start and at the
 * end, a dependent integer loop (the core's clock and pipeline) and a random walk over 32 MiB (the
 * memory system and TLB). Both do fixed work, so a change between start and end is the machine's (its
 * clock, its neighbours on a shared host), not the code's. About a second each time; milliseconds in
 * the tiny profile, whose smaller kernels fit the caches.
 *
 * @param start the kernels before the first experiment
 * @param end the kernels after the last one; null while the run is under way or when it was cut short
 */
public record Calibration(Kernels start, Kernels end) {
    /** A change between start and end beyond this fraction makes the run warn that the machine drifted. */
    public static final double DRIFT_WARNING = 0.10;

    /** The kernels' sizes in the quick and full profiles: the walk's 8 Mi ints (32 MiB) far beyond the caches. */
    private static final Sizes MEASURED = new Sizes(20_000_000, 8 << 20, 1 << 20);

    /**
     * The tiny profile's: the same code on a walk that fits the caches, in milliseconds rather than
     * seconds. The tiny profile measures nothing (its caveat says so), so neither do its kernels.
     */
    private static final Sizes TINY = new Sizes(1_000_000, 1 << 16, 1 << 14);

    private static final int REPETITIONS = 8; // the first is warm-up (interpreter, OSR) and is dropped

    /** Steps of the integer loop, slots of the walk's cycle, loads of one walk. */
    private record Sizes(int integerSteps, int walkSlots, int walkSteps) {}

    /**
     * One timing of both kernels: the fastest of seven repetitions of each. The fastest, not the median:
     * at a run's start the lab's own JVM is still compiling and probing the machine, which slows some
     * repetitions; the fastest is what the machine itself can do, and what drifts with it.
     *
     * @param integerNs nanoseconds per step of a dependent xorshift chain
     * @param memoryNs nanoseconds per load of a random pointer chase over 32 MiB
     */
    public record Kernels(double integerNs, double memoryNs) {
        public String text() {
            return String.format(
                    Locale.ROOT, "integer loop %.3f ns/step, memory walk %.1f ns/load", integerNs, memoryNs);
        }
    }

    /** Times both kernels now, at the sizes of {@code profile}: the tiny profile's are small. */
    public static Kernels measure(Profile profile) {
        return measure(profile == Profile.TINY ? TINY : MEASURED);
    }

    private static Kernels measure(Sizes sizes) {
        double[] integer = new double[REPETITIONS - 1];
        double[] memory = new double[REPETITIONS - 1];
        int[] walk = cycle(sizes.walkSlots(), new SplittableRandom(20261206));
        long sink = 0;
        for (int r = 0; r < REPETITIONS; r++) {
            long t0 = System.nanoTime();
            sink += integerChain(sizes.integerSteps(), r + 1);
            long t1 = System.nanoTime();
            sink += pointerChase(walk, sizes.walkSteps(), r);
            long t2 = System.nanoTime();
            if (r > 0) {
                integer[r - 1] = (t1 - t0) / (double) sizes.integerSteps();
                memory[r - 1] = (t2 - t1) / (double) sizes.walkSteps();
            }
        }
        if (sink == 42) {
            System.out.print(""); // keeps the kernels' results alive
        }
        return new Kernels(fastest(integer), fastest(memory));
    }

    /** The run's calibration with its end measured. */
    public Calibration ended(Kernels end) {
        return new Calibration(start, end);
    }

    /** The largest relative change of either kernel from start to end, or NaN before the end. */
    public double drift() {
        if (start == null || end == null) {
            return Double.NaN;
        }
        return Math.max(
                Math.abs(end.integerNs() / start.integerNs() - 1), Math.abs(end.memoryNs() / start.memoryNs() - 1));
    }

    /** A warning when the machine drifted more than {@link #DRIFT_WARNING} during the run, else null. */
    public String warning() {
        double drift = drift();
        if (!(drift > DRIFT_WARNING)) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "the machine drifted during the run: calibration kernels moved %.0f%% from start to end (integer"
                        + " loop %.3f -> %.3f ns/step, memory walk %.1f -> %.1f ns/load; more than %.0f%% warns):"
                        + " figures measured apart in time compare less well",
                drift * 100,
                start.integerNs(),
                end.integerNs(),
                start.memoryNs(),
                end.memoryNs(),
                DRIFT_WARNING * 100);
    }

    /** "start: ...; end: ... (drift 3%)". */
    public String text() {
        return "start: " + (start == null ? "not measured" : start.text()) + "; end: "
                + (end == null ? "not measured" : end.text())
                + (Double.isNaN(drift()) ? "" : String.format(Locale.ROOT, " (drift %.1f%%)", drift() * 100));
    }

    private static long integerChain(int steps, long seed) {
        long x = seed * 0x9E3779B97F4A7C15L | 1;
        for (int i = 0; i < steps; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    private static long pointerChase(int[] next, int steps, int from) {
        int at = from;
        for (int i = 0; i < steps; i++) {
            at = next[at];
        }
        return at;
    }

    /** One random cycle through every slot (Sattolo's algorithm), so the walk never settles in a short loop. */
    private static int[] cycle(int slots, SplittableRandom random) {
        int[] next = new int[slots];
        for (int i = 0; i < slots; i++) {
            next[i] = i;
        }
        for (int i = slots - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
        return next;
    }

    private static double fastest(double[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }
}

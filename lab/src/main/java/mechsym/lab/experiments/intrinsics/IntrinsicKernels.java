package mechsym.lab.experiments.intrinsics;

import mechsym.lab.ForkedJvm;

/**
 * One small method per intrinsic, compiled on its own so that its machine code can be printed
 * ({@code -XX:CompileCommand=print,...IntrinsicKernels::*}) and read for the instruction the
 * intrinsic becomes. {@link #main} calls each often enough for C2 to compile it, and prints a
 * checksum so that nothing is dead code.
 */
public final class IntrinsicKernels {
    private IntrinsicKernels() {}

    static double sqrt(double x) {
        return Math.sqrt(x);
    }

    static double abs(double x) {
        return Math.abs(x);
    }

    static int bitCount(int x) {
        return Integer.bitCount(x);
    }

    static int trailingZeros(long x) {
        return Long.numberOfTrailingZeros(x);
    }

    static double fma(double a, double b, double c) {
        return Math.fma(a, b, c);
    }

    static long nanoTime() {
        return System.nanoTime();
    }

    static void copy(byte[] from, byte[] to) {
        System.arraycopy(from, 0, to, 0, from.length);
    }

    /** How many times to call every kernel. */
    public record Input(int calls) {}

    /** Calls every kernel {@link Input#calls} times and prints a checksum. */
    public static void main(String[] args) {
        int n = ForkedJvm.input(args, Input.class).calls();
        byte[] from = new byte[32];
        byte[] to = new byte[32];
        double d = 0;
        long l = 0;
        for (int i = 1; i <= n; i++) {
            d += sqrt(i) + abs(-i) + fma(i, 0.5, d * 1e-9);
            l += bitCount(i) + trailingZeros(i) + (nanoTime() & 1);
            from[i & 31] = (byte) i;
            copy(from, to);
            l += to[i & 31];
        }
        System.out.println("checksum " + d + " " + l);
    }
}

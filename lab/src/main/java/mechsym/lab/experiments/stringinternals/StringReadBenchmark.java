package mechsym.lab.experiments.stringinternals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import mechsym.core.codec.Latin1Strings;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading every char of an ASCII String, the post's motive for breaking into String: the public
 * API copies, in-place reads do not.
 *
 * <ul>
 *   <li>{@code getBytes}: {@code getBytes(ISO_8859_1)}, a new array, then a pass over it;
 *   <li>{@code getChars}: {@code getChars} into a reused {@code char[]} (a copy, widened), then a pass;
 *   <li>{@code charAt}: a {@code charAt} loop, no copy, a check per char;
 *   <li>{@code latin1Strings}: core's {@code Latin1Strings.latin1View}, the String's own bytes as a
 *       read-only segment (needs {@code --add-opens java.base/java.lang=ALL-UNNAMED});
 *   <li>{@code unsafe}: the post's way, {@code Unsafe.getObject} of the {@code value} field.
 * </ul>
 *
 * Each returns the sum of the chars; the set-up checks that every way gives the same sum. How to run:
 * {@code ./mechsym jmh StringReadBenchmark -f 1 -wi 3 -i 5 -jvmArgsAppend
 * "--add-opens=java.base/java.lang=ALL-UNNAMED"}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.lang=ALL-UNNAMED")
@State(Scope.Thread)
public class StringReadBenchmark {
    @Param({"16", "1024", "65536"})
    public int length;

    private String text;
    private char[] chars;

    @Setup
    public void setUp() {
        text = StringInternals.asciiText(length);
        chars = new char[length];
        long expected = charAt();
        long[] sums = {getBytes(), getChars(), latin1Strings(), unsafe()};
        for (long sum : sums) {
            if (sum != expected) {
                throw new IllegalStateException("a way read another text: sum " + sum + ", expected " + expected);
            }
        }
    }

    @Benchmark
    public long getBytes() {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        long sum = 0;
        for (byte b : bytes) {
            sum += b & 0xFF;
        }
        return sum;
    }

    @Benchmark
    public long getChars() {
        text.getChars(0, length, chars, 0);
        long sum = 0;
        for (int i = 0; i < length; i++) {
            sum += chars[i];
        }
        return sum;
    }

    @Benchmark
    public long charAt() {
        String s = text;
        long sum = 0;
        for (int i = 0; i < s.length(); i++) {
            sum += s.charAt(i);
        }
        return sum;
    }

    @Benchmark
    public long latin1Strings() {
        MemorySegment view = Latin1Strings.latin1View(text);
        if (view == null) {
            throw new IllegalStateException("Latin1Strings is not available: java.lang is not opened");
        }
        int n = (int) view.byteSize(); // an int loop: C2 drops the bounds checks of a counted loop
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += view.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
        }
        return sum;
    }

    @Benchmark
    public long unsafe() {
        byte[] bytes = StringInternals.unsafeLatin1(text);
        long sum = 0;
        for (byte b : bytes) {
            sum += b & 0xFF;
        }
        return sum;
    }
}

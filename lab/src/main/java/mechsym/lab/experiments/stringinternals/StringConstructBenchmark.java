package mechsym.lab.experiments.stringinternals;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
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
 * A String from Latin-1 bytes: {@code new String(bytes, ISO_8859_1)} copies them; the package-private
 * {@code String(byte[], byte)} constructor, reached through a private lookup with java.lang opened,
 * takes the array itself (the post's "hack your way into the package private String constructor").
 * The zero-copy String shares the array: whoever writes to it afterwards changes the String. The
 * set-up checks both give the same text. How to run: {@code ./mechsym jmh StringConstructBenchmark
 * -f 1 -wi 3 -i 5 -jvmArgsAppend "--add-opens=java.base/java.lang=ALL-UNNAMED"}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.lang=ALL-UNNAMED")
@State(Scope.Thread)
public class StringConstructBenchmark {
    @Param({"16", "1024", "65536"})
    public int length;

    private byte[] bytes;

    @Setup
    public void setUp() {
        bytes = StringInternals.asciiText(length).getBytes(StandardCharsets.ISO_8859_1);
        if (!newString().equals(zeroCopy())) {
            throw new IllegalStateException("the zero-copy String reads another text");
        }
    }

    @Benchmark
    public String newString() {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    @Benchmark
    public String zeroCopy() {
        return StringInternals.zeroCopy(bytes);
    }
}

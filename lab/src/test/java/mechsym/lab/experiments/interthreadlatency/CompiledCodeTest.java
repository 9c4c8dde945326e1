package mechsym.lab.experiments.interthreadlatency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CompiledCodeTest {
    /** Lines as JDK 25 prints them without hsdis: a C1 method, then a C2 one with a volatile store. */
    private static final List<String> DUMP = List.of(
            "Compiled method (c1) 68  107 %     3       PingPong::ping @ 9 (66 bytes)",
            "  0x00007f6a9040e8dc: f083 4424 | c000 0148 | be78 78d0",
            "Compiled method (c2) 92  110 %     4       PingPong::ping @ 9 (66 bytes)",
            "  0x00007f6a97ed12e0: 4d8b 5730 ",
            "  0x00007f6a97ed1310: ;   {oop(a 'PaddedCell'{0x000000069ed07878})}",
            "  0x00007f6a97ed1310: 0249 ba78 | 78d0 9e06 | 0000 004d | 8982 9000 | 0000 f083 | 4424 c000 | 4d8b e8eb",
            "  0x00007f6a97ed1330: ;   {runtime_call os::javaTimeNanos()}",
            "  0x00007f6a97ed1330: 2449 bad0 | 1868 af6a | 7f00 0041 ",
            "Compiled method (c2) 96  111       4       PingPong::pong (66 bytes)",
            "  0x00007f6a97ed1580: 4889 0424 | f083 0424 | 0090 90");

    @Test
    void countsTheFencesOfC2MethodsOnly() {
        CompiledCode.Scan scan = CompiledCode.scan(DUMP);
        assertThat(scan.c2Methods()).isEqualTo(2);
        // the C1 method's f0 83 44 24 is not counted; the c2 ping has one (-0x40), the c2 pong one (0)
        assertThat(scan.lockAddl()).isEqualTo(2);
        assertThat(scan.bytes()).isEqualTo(4 + 28 + 12 + 11);
    }

    @Test
    void aFenceMustStartOnAByteBoundaryAndEndWithAZeroImmediate() {
        assertThat(CompiledCode.countFences("0f0834424c000")).isZero(); // shifted by a nibble
        assertThat(CompiledCode.countFences("f0834424c001")).isZero(); // lock addl $1: not the fence idiom
        assertThat(CompiledCode.countFences("90f0834424c00090f083042400")).isEqualTo(2);
    }

    @Test
    void noC2CodeMeansNothingFound() {
        assertThat(CompiledCode.scan(List.of("nothing", "  0x0: f083 0424 00")))
                .isEqualTo(new CompiledCode.Scan(0, 0, 0));
    }
}

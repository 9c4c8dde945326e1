package mechsym.lab.experiments.interthreadlatency;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the post's fence in HotSpot's {@code -XX:CompileCommand=print} output without a
 * disassembler: with no hsdis library the JVM prints each compiled method's code as hex ("abstract
 * disassembly"), and the fence after a volatile store has a fixed encoding, {@code lock addl
 * $0x0,DISP(%rsp)}:
 *
 * <pre>
 *   f0 83 44 24 c0 00     lock addl $0x0,-0x40(%rsp)   what HotSpot emits today (c0 = -0x40)
 *   f0 83 04 24 00        lock addl $0x0,(%rsp)        what the post's Java 7 emitted
 * </pre>
 *
 * Only the C2 ("Compiled method (c2)") sections are read: the bytes of each hex line, in address
 * order, joined per method. A match is a byte-exact encoding at any offset, so an unrelated
 * instruction sequence could in principle contain it; the report shows counts per variant, and
 * the variants differ only in their access mode, so the difference is the fence.
 */
final class CompiledCode {
    private static final Pattern HEX_LINE = Pattern.compile("^\\s*0x[0-9a-f]+:\\s+([0-9a-f]{2,}[0-9a-f |]*)$");

    /** What the scan found in one JVM's output. */
    record Scan(int c2Methods, int bytes, int lockAddl) {}

    private CompiledCode() {}

    static Scan scan(List<String> output) {
        int methods = 0;
        int bytes = 0;
        int fences = 0;
        StringBuilder code = null;
        for (String line : output) {
            if (line.startsWith("Compiled method")) {
                if (code != null) {
                    fences += countFences(code);
                    bytes += code.length() / 2;
                }
                code = line.startsWith("Compiled method (c2)") ? new StringBuilder() : null;
                if (code != null) {
                    methods++;
                }
                continue;
            }
            if (code != null) {
                Matcher m = HEX_LINE.matcher(line);
                if (m.matches()) {
                    code.append(m.group(1).replace(" ", "").replace("|", ""));
                }
            }
        }
        if (code != null) {
            fences += countFences(code);
            bytes += code.length() / 2;
        }
        return new Scan(methods, bytes, fences);
    }

    /** Counts lock addl $0x0,(%rsp) and lock addl $0x0,disp8(%rsp) starting on a byte boundary. */
    static int countFences(CharSequence hex) {
        String code = hex.toString();
        int count = 0;
        for (int i = 0; i + 10 <= code.length(); i += 2) {
            if (code.startsWith("f083042400", i)) {
                count++;
            } else if (code.startsWith("f0834424", i) && i + 12 <= code.length() && code.startsWith("00", i + 10)) {
                count++;
            }
        }
        return count;
    }
}

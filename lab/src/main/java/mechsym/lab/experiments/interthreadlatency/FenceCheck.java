package mechsym.lab.experiments.interthreadlatency;

import java.nio.file.Files;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import mechsym.lab.ChildInput;
import mechsym.lab.ExperimentResult;
import mechsym.lab.RunContext;
import mechsym.lab.Table;
import mechsym.lab.experiments.interthreadlatency.PingPong.Mode;
import mechsym.tools.asm.AsmListing;
import mechsym.tools.asm.Hsdis;
import mechsym.tools.asm.PrintAssembly;

/**
 * The post's observation checked on this JDK: the C2 code of {@link PingPong}'s ping and pong per
 * Java access mode, and whether only the volatile store is followed by a {@code lock addl} fence.
 * Read as instructions through mechsym's disassembler when there is one, else as HotSpot's hex dump.
 * Stateless.
 */
final class FenceCheck {
    private FenceCheck() {}

    /**
     * The post's observation, checked on this JDK: one short fork per Java variant prints the C2
     * code of ping and pong, and {@link CompiledCode} counts the lock addl fences in it.
     *
     * @return the fences found; null when some variant printed no C2 code
     */
    static Fences fences(RunContext context, ExperimentResult.Builder result) throws Exception {
        Table.Builder table = Table.measured("fences", "lock addl fences in the C2 code of ping() and pong()")
                .column("variant")
                .column("C2 methods printed", "count")
                .column("code scanned", "bytes")
                .column("lock addl $0,DISP(%rsp)", "count")
                .note("Each variant in a fork with -XX:CompileCommand=print for PingPong::ping and ::pong (OSR and"
                        + " normal compilations). The bytes are HotSpot's hex dump, searched for the fence's encoding"
                        + " (f0 83 44 24 xx 00 or f0 83 04 24 00).");
        boolean all = true;
        Map<Mode, Integer> fences = new EnumMap<>(Mode.class);
        for (Variant v : Variant.JAVA) {
            String name = "asm-" + v.javaMode();
            context.fork(PingPong.class)
                    .name(name)
                    .jvmArgs(
                            "-Xmx64m",
                            "-D" + PingPong.MODE_PROPERTY + "=" + v.javaMode(),
                            "-XX:+UnlockDiagnosticVMOptions",
                            "-XX:CompileCommand=quiet",
                            "-XX:CompileCommand=print," + PingPong.class.getName() + "::ping",
                            "-XX:CompileCommand=print," + PingPong.class.getName() + "::pong")
                    .input(new PingPong.Input(context.profile().pick(100, 300, 300), 1))
                    .timeoutSeconds(120)
                    .run(PingPong.Run.class);
            CompiledCode.Scan scan =
                    CompiledCode.scan(Files.readAllLines(context.workDir().resolve(name + ".log")));
            all &= scan.c2Methods() > 0;
            fences.put(v.javaMode(), scan.lockAddl());
            table.row(v.label(), scan.c2Methods(), scan.bytes(), scan.lockAddl());
        }
        return fenceFinding(result, table, fences, all);
    }

    /**
     * The same check as {@link #fences}, read from real instructions: one fork per Java variant
     * prints the C2 code of ping and pong through mechsym's disassembler plugin; the table names the
     * store in {@code publish} and the instruction after it ({@code lock addl} or none).
     */
    static Fences disassembledFences(RunContext context, ExperimentResult.Builder result, Hsdis hsdis)
            throws Exception {
        Table.Builder table = Table.measured("fences", "the store in publish() and the instruction after it, C2 code")
                .column("variant")
                .column("C2 methods printed", "count")
                .column("code scanned", "instructions")
                .column("lock addl $0,DISP(%rsp)", "count")
                .column("the store (pong)")
                .column("instruction after the store")
                .note("Each variant in a fork with -XX:CompileCommand=print for PingPong::ping and ::pong (OSR and"
                        + " normal compilations), disassembled by native/hsdis (capstone, AT&T syntax). The store is"
                        + " the mov that HotSpot's debug info ties to PingPong::publish; the fence count covers all"
                        + " printed C2 code.");
        boolean all = true;
        Map<Mode, Integer> fences = new EnumMap<>(Mode.class);
        for (Variant v : Variant.JAVA) {
            PrintAssembly.Output output = new PrintAssembly(
                            PingPong.class.getName(), System.getProperty("java.class.path"))
                    .method(PingPong.class.getName() + "::ping")
                    .method(PingPong.class.getName() + "::pong")
                    .jvmArgs(List.of("-Xmx64m", "-D" + PingPong.MODE_PROPERTY + "=" + v.javaMode()))
                    .args(List.of(ChildInput.write(
                            new PingPong.Input(context.profile().pick(100, 300, 300), 1))))
                    .hsdis(hsdis)
                    .timeoutSeconds(120)
                    .run(context.workDir().resolve("asm-" + v.javaMode() + ".log"));
            if (output.exitCode() != 0) {
                throw new IllegalStateException("PingPong with -XX:CompileCommand=print exited with "
                        + output.exitCode() + " (log: " + output.log() + ")");
            }
            List<AsmListing.CompiledMethod> c2 = output.listing().c2();
            int fenceCount = c2.stream().mapToInt(m -> m.stackFences().size()).sum();
            String store = "not found";
            String after = "";
            for (AsmListing.CompiledMethod m : c2) {
                int i = m.storeAt(PingPong.class.getSimpleName() + "::publish");
                if (i >= 0 && (store.equals("not found") || (m.method().endsWith("::pong") && !m.osr()))) {
                    store = m.instructions().get(i).text();
                    AsmListing.Instruction next = m.after(i);
                    after = next == null ? "(end)" : next.isStackFence() ? next.text() : "none (" + next.text() + ")";
                }
            }
            all &= !c2.isEmpty();
            fences.put(v.javaMode(), fenceCount);
            int instructions =
                    c2.stream().mapToInt(m -> m.instructions().size()).sum();
            table.row(v.label(), c2.size(), instructions, fenceCount, store, after);
        }
        return fenceFinding(result, table, fences, all);
    }

    /**
     * The lock addl fences C2 put in ping and pong, per Java access mode.
     *
     * @param counts fences per mode, in {@link Variant#JAVA} order
     */
    record Fences(Map<Mode, Integer> counts) {
        Fences {
            counts = Collections.unmodifiableMap(new EnumMap<>(counts));
        }

        /** The post's claim: the volatile store is followed by a fence. */
        boolean volatileFenced() {
            return counts.getOrDefault(Mode.VOLATILE, 0) > 0;
        }

        /** "volatile 2, release 0, opaque 0". */
        String text() {
            return counts.entrySet().stream()
                    .map(e -> e.getKey().name().toLowerCase(Locale.ROOT) + " " + e.getValue())
                    .collect(Collectors.joining(", "));
        }
    }

    /** Records the fence table and its headline; null when some variant printed no C2 code. */
    private static Fences fenceFinding(
            ExperimentResult.Builder result, Table.Builder table, Map<Mode, Integer> counts, boolean allPrinted) {
        result.table(table.build());
        Fences fences = new Fences(counts);
        result.headline("lock addl in the C2 code of ping/pong: " + fences.text());
        if (!allPrinted) {
            result.note("C2 code was not printed for every variant (a run too short for C2 to compile ping and"
                    + " pong), so the fence table is not evidence either way.");
            return null;
        }
        return fences;
    }
}

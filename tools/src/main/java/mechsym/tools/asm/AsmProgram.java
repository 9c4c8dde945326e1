package mechsym.tools.asm;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import mechsym.tools.OptionCheck;

/**
 * The program behind {@code mechsym asm}: which child JVM to run for a method pattern or for the
 * {@link StoreDemo}, and what to print of the code it compiled. The caller runs the {@link
 * PrintAssembly} and prints the {@link Report}. Stateless; thread-safe.
 */
public final class AsmProgram {
    private static final String CLASS_NAME = "[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*";

    private AsmProgram() {}

    /**
     * The child JVM that prints the code of {@code target}, or of the demo's stores when {@code
     * target} is null.
     *
     * @param target a method pattern {@code CLASS::METHOD}, or null for the demo
     * @param mainClass the class whose main runs, or null for the class of {@code target}
     * @param classPath where the main class is, or null for the current directory; the child's
     *     class path continues with {@code ownClassPath}
     * @param ownClassPath mechsym's own class path (the demo's classes are on it)
     * @throws IllegalArgumentException one line naming the argument that is wrong
     */
    public static PrintAssembly plan(
            String target,
            String mainClass,
            String classPath,
            List<String> programArgs,
            List<String> jvmArgs,
            long timeoutSeconds,
            String ownClassPath) {
        OptionCheck.atLeast("--timeout", timeoutSeconds, 1, "s");
        for (String flag : jvmArgs) {
            if (!flag.startsWith("-")) {
                throw new IllegalArgumentException("--jvm-arg: '" + flag + "' is not a JVM flag (flags start with -)");
            }
        }
        if (target == null) {
            return new PrintAssembly(StoreDemo.class.getName(), ownClassPath)
                    .method(StoreDemo.METHODS)
                    .jvmArgs(StoreDemo.JVM_ARGS)
                    .jvmArgs(jvmArgs)
                    .timeoutSeconds(timeoutSeconds);
        }
        if (!PrintAssembly.isMethodPattern(target)) {
            throw new IllegalArgumentException("CLASS::METHOD: '" + target + "' is not a method like com.acme.Foo::bar"
                    + " (a class name, '::', a method name; '*' only at the start or end of a name)");
        }
        String main = mainClass != null
                ? mainClass
                : target.substring(0, target.indexOf("::")).replace('/', '.');
        if (!main.matches(CLASS_NAME)) {
            throw new IllegalArgumentException(
                    mainClass != null
                            ? "--main: '" + mainClass + "' is not a class name like com.acme.Main"
                            : "CLASS::METHOD: the class '" + main
                                    + "' is a pattern; name the class to run with --main");
        }
        String cp = (classPath != null ? classPath : ".") + File.pathSeparator + ownClassPath;
        return new PrintAssembly(main, cp)
                .method(target)
                .args(programArgs)
                .jvmArgs(jvmArgs)
                .timeoutSeconds(timeoutSeconds);
    }

    /**
     * What to print, or why there is nothing to print.
     *
     * @param lines the text, lock-prefixed lines marked with {@link ListingPrinter#LOCK_MARK}
     * @param failure null when there is a listing; else one line saying what was not compiled
     */
    public record Report(List<String> lines, String failure) {
        public Report {
            lines = List.copyOf(lines);
        }

        public boolean ok() {
            return failure == null;
        }

        static Report failed(String reason) {
            return new Report(List.of(), reason);
        }
    }

    /**
     * The demo's stores, each with what follows it, and whether that is what the post says; or a
     * failure when C2 did not compile them.
     *
     * @param disassembler the plugin's name, said in the heading
     */
    public static Report demo(AsmListing listing, String disassembler) {
        List<StoreDemo.Finding> findings = StoreDemo.analyse(listing);
        if (findings.isEmpty()) {
            return Report.failed("C2 did not compile the demo's store methods during the run");
        }
        List<String> lines = new ArrayList<>();
        lines.add("The C2 code of three one-line methods, each storing 0x5eed to a field: a volatile write,");
        lines.add("VarHandle.setRelease and AtomicLong.lazySet (disassembler: " + disassembler + ").");
        lines.add("");
        lines.addAll(ListingPrinter.demo(findings));
        lines.add("");
        lines.add(
                ListingPrinter.asThePostSays(findings)
                        ? "As the post says: the volatile store is followed by a lock-prefixed add of 0 to the stack,"
                                + " a full fence that waits for the store buffer to drain; the release stores (setRelease,"
                                + " lazySet) are the plain mov alone."
                        : "NOT as the post says: see the summary above (a store not found, or a fence where the post"
                                + " has none).");
        return new Report(lines, null);
    }

    /**
     * The code of every compilation of {@code target} (C2 only unless {@code withC1}); or a failure
     * saying what was compiled instead.
     */
    public static Report methods(AsmListing listing, String target, boolean withC1, String disassembler) {
        List<AsmListing.CompiledMethod> methods =
                listing.methods().stream().filter(m -> withC1 || m.isC2()).toList();
        if (methods.isEmpty()) {
            return Report.failed("no " + (withC1 ? "" : "C2 ") + "compilation of " + target + " during the run ("
                    + (listing.methods().isEmpty()
                            ? "nothing matched: check the class and method names, or run the program longer"
                            : listing.methods().size() + " C1 compilation(s) only: run it longer, or add --c1")
                    + ")");
        }
        List<String> lines = new ArrayList<>();
        lines.add("Code of " + target + " (disassembler: " + disassembler + ")");
        for (AsmListing.CompiledMethod m : methods) {
            lines.add("");
            lines.addAll(ListingPrinter.method(m));
        }
        return new Report(lines, null);
    }
}

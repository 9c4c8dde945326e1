package mechsym.tools.asm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.JavaCommand;

/**
 * A child JVM (this JVM's own {@code java}) that runs a program and prints the JIT's code of the
 * chosen methods: {@code -XX:+UnlockDiagnosticVMOptions -XX:CompileCommand=print,PATTERN}, plus
 * {@code -XX:+DebugNonSafepoints} so that HotSpot's comments name the source line of more
 * instructions, with the disassembler plugin put on the child's {@code LD_LIBRARY_PATH}.
 *
 * <p>The child's stdout and stderr go to one log file, read back when it ends. Without a plugin
 * the same run prints hex ({@link AsmListing#isHexOnly}). Not thread-safe; one run per object.
 */
public final class PrintAssembly {
    /**
     * A HotSpot CompileCommand method pattern, {@code package.Class::method}; HotSpot allows {@code
     * *} only at the start or end of the class and of the method name.
     */
    private static final Pattern METHOD_PATTERN = Pattern.compile(
            "(?=[^:]*[\\p{L}\\p{N}_$*][^:]*::)\\*?([\\p{L}_$][\\p{L}\\p{N}_$]*([./][\\p{L}_$][\\p{L}\\p{N}_$]*)*([./](?=\\*))?)?\\*?"
                    + "::(?=.)\\*?([\\p{L}_$][\\p{L}\\p{N}_$]*|<init>|<clinit>)?\\*?");

    private final String mainClass;
    private final String classPath;
    private final List<String> methods = new ArrayList<>();
    private final List<String> jvmArgs = new ArrayList<>();
    private final List<String> args = new ArrayList<>();
    private Hsdis hsdis;
    private boolean intel;
    private long timeoutSeconds = 120;

    public PrintAssembly(String mainClass, String classPath) {
        this.mainClass = mainClass;
        this.classPath = classPath;
    }

    /** Whether {@code pattern} is a method pattern HotSpot accepts: {@code Class::method}. */
    public static boolean isMethodPattern(String pattern) {
        return pattern != null && METHOD_PATTERN.matcher(pattern).matches();
    }

    /** Prints the code of the methods matching {@code pattern}, e.g. {@code com.acme.Foo::bar}. */
    public PrintAssembly method(String pattern) {
        if (!isMethodPattern(pattern)) {
            throw new IllegalArgumentException("not a method pattern CLASS::METHOD: '" + pattern + "'");
        }
        methods.add(pattern);
        return this;
    }

    public PrintAssembly jvmArgs(List<String> flags) {
        jvmArgs.addAll(flags);
        return this;
    }

    public PrintAssembly args(List<String> arguments) {
        args.addAll(arguments);
        return this;
    }

    /** The plugin for the child; without one (or null) HotSpot prints hex. */
    public PrintAssembly hsdis(Hsdis plugin) {
        this.hsdis = plugin;
        return this;
    }

    /** Intel syntax instead of AT&T ({@code -XX:PrintAssemblyOptions=intel}). */
    public PrintAssembly intel(boolean on) {
        this.intel = on;
        return this;
    }

    public PrintAssembly timeoutSeconds(long seconds) {
        this.timeoutSeconds = seconds;
        return this;
    }

    /** The child's command line. */
    public List<String> command() {
        List<String> flags = new ArrayList<>();
        flags.add("-XX:+UnlockDiagnosticVMOptions");
        flags.add("-XX:+DebugNonSafepoints");
        flags.add("-XX:CompileCommand=quiet");
        for (String m : methods) {
            flags.add("-XX:CompileCommand=print," + m);
        }
        if (intel) {
            flags.add("-XX:PrintAssemblyOptions=intel");
        }
        flags.addAll(jvmArgs);
        return JavaCommand.main(classPath, mainClass).flags(flags).args(args).build();
    }

    /** What the child printed, and how it ended. */
    public record Output(List<String> lines, int exitCode, Path log) {
        public AsmListing listing() {
            return AsmListing.parse(lines);
        }

        /**
         * Up to {@code n} lines saying why the program failed: from the launcher's {@code Error:} or
         * the uncaught exception on, when the output has one (HotSpot's printing of methods compiled
         * at startup can bury it), else the last {@code n} lines.
         */
        public String failure(int n) {
            if (lines.size() <= n) {
                return tail(n); // all of it, e.g. "Unrecognized VM option 'X'" before the launcher's "Error:"
            }
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("Error")
                        || line.startsWith("Unrecognized ")
                        || line.startsWith("Exception in thread ")) {
                    int end = i + 1; // the message's own lines: its causes and stack frames
                    while (end < lines.size()
                            && end < i + n
                            && (lines.get(end).startsWith("\t")
                                    || lines.get(end).startsWith("Caused by: "))) {
                        end++;
                    }
                    return String.join(System.lineSeparator(), lines.subList(i, end));
                }
            }
            return tail(n);
        }

        /** The last {@code n} lines, for error messages. */
        public String tail(int n) {
            return String.join(System.lineSeparator(), lines.subList(Math.max(0, lines.size() - n), lines.size()));
        }
    }

    /**
     * Runs the child to its end, its output going to {@code log}.
     *
     * @throws IOException when it cannot start or outlives the timeout (then it is killed)
     */
    public Output run(Path log) throws IOException, InterruptedException {
        if (methods.isEmpty()) {
            throw new IllegalStateException("no method to print");
        }
        ChildProcess.Launch launch = ChildProcess.command(command()).name(mainClass);
        if (hsdis != null && hsdis.isAvailable()) {
            launch.environment("LD_LIBRARY_PATH", hsdis.libraryPath(System.getenv("LD_LIBRARY_PATH")));
        }
        Files.deleteIfExists(log); // this run's output alone: it is read back whole
        ChildProcess.Outcome outcome = launch.log(log).run(Duration.ofSeconds(timeoutSeconds));
        if (outcome.timedOut()) { // a non-zero exit is returned with its output: the caller shows why
            throw new IOException(outcome.failure().orElseThrow());
        }
        // lenient decoding: a program's own output need not be UTF-8
        List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8)
                .lines()
                .toList();
        return new Output(lines, outcome.exitCode(), log);
    }
}

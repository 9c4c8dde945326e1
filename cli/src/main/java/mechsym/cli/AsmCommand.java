package mechsym.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mechsym.tools.asm.AsmListing;
import mechsym.tools.asm.AsmProgram;
import mechsym.tools.asm.Hsdis;
import mechsym.tools.asm.ListingPrinter;
import mechsym.tools.asm.PrintAssembly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "asm",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Prints the machine code the JIT made of a method, lock-prefixed instructions marked.",
            "Runs a child JVM with -XX:CompileCommand=print,CLASS::METHOD and",
            "mechsym's own disassembler plugin (native/hsdis over capstone; built, and",
            "libcapstone-dev installed when root, on first use).",
            "With no CLASS::METHOD: the built-in demo, the post's point - a volatile store is",
            "followed by a lock addl fence, a release store (setRelease, lazySet) is not."
        },
        footer = {
            "",
            "Examples:",
            "  mechsym asm                    the demo: volatile store vs release store",
            "  mechsym asm --intel            the same in Intel syntax",
            "  mechsym asm 'mechsym.lab.experiments.interthreadlatency.PingPong::*ng' \\",
            "      -- 300 2                   a class with a main, run with the args 300 2",
            "  mechsym asm 'com.acme.Book::add*' --main com.acme.Bench -cp app.jar",
            "",
            "The method must be compiled during the run: C2 compiles after ~10000 calls",
            "or loop iterations. CLASS::METHOD is a HotSpot CompileCommand pattern: '*'",
            "may start or end the class or the method name.",
            "Exit codes: 0 printed; 1 no disassembler plugin, the program failed or",
            "nothing was compiled; 2 bad usage."
        })
final class AsmCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "CLASS::METHOD",
            description = "The method(s) to print, e.g. com.acme.Foo::bar. None: the demo.")
    String target;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments for the main class (after --).")
    List<String> programArgs = new ArrayList<>();

    @Option(
            names = "--main",
            paramLabel = "MAIN",
            description = "The class whose main runs the method (default: the class of CLASS::METHOD).")
    String mainClass;

    @Option(
            names = {"--class-path", "-cp"},
            paramLabel = "CP",
            description = "Where MAIN and its classes are (default: .); mechsym's own classes follow it.")
    String classPath;

    @Option(names = "--intel", description = "Intel syntax instead of AT&T (HotSpot's usual).")
    boolean intel;

    @Option(names = "--c1", description = "Also print the C1 (tier 1-3) compilations, not only C2.")
    boolean c1;

    @Option(names = "--demo", description = "The built-in demo (the default without CLASS::METHOD).")
    boolean demo;

    @Option(names = "--raw", description = "Print HotSpot's whole output as it came, not the summary.")
    boolean raw;

    @Option(
            names = "--jvm-arg",
            paramLabel = "FLAG",
            description = "A flag for the child JVM, e.g. --jvm-arg=-Xbatch (repeatable).")
    List<String> jvmArgs = new ArrayList<>();

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "120",
            description = "Kill the child after this long (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintAssembly run = plan();
        Hsdis hsdis = Hsdis.find();
        if (!hsdis.isAvailable()) {
            System.err.println(
                    "mechsym asm: no disassembler plugin, so HotSpot can print only hex. " + hsdis.problem());
            return Main.EXIT_FAILED;
        }
        Path log = Files.createTempFile("mechsym-asm-", ".log");
        PrintAssembly.Output output = run.hsdis(hsdis).intel(intel).run(log);
        PrintStream out = System.out;
        if (raw) {
            output.lines().forEach(out::println);
        }
        if (output.exitCode() != 0) {
            System.err.println("mechsym asm: the program exited with " + output.exitCode() + "; its output says:");
            System.err.println(output.failure(15));
            System.err.println("(all of its output: " + log + ")");
            return Main.EXIT_FAILED;
        }
        AsmListing listing = output.listing();
        if (listing.isHexOnly()) {
            System.err.println("mechsym asm: HotSpot printed hex, not instructions: it did not load " + hsdis.library()
                    + " (its output: " + log + ")");
            return Main.EXIT_FAILED;
        }
        String disassembler = hsdis.library().toString();
        AsmProgram.Report report = target == null
                ? AsmProgram.demo(listing, disassembler)
                : AsmProgram.methods(listing, target, c1, disassembler);
        if (!report.ok()) {
            System.err.println("mechsym asm: " + report.failure());
            System.err.println("(HotSpot's whole output: " + log + ")");
            return Main.EXIT_FAILED;
        }
        report.lines().forEach(line -> out.println(highlight(line)));
        deleteQuietly(log);
        return Main.EXIT_OK;
    }

    /** Checks the arguments (exit 2 naming the bad one) and prepares the child JVM. */
    private PrintAssembly plan() {
        if (demo && (target != null || mainClass != null)) {
            throw new Main.UsageError("--demo runs the built-in demo: give it no CLASS::METHOD and no --main");
        }
        if (target == null && (mainClass != null || classPath != null || !programArgs.isEmpty())) {
            throw new Main.UsageError("--main, --class-path and program arguments need a CLASS::METHOD to print");
        }
        return Main.UsageError.check(() -> AsmProgram.plan(
                target,
                mainClass,
                classPath,
                programArgs,
                jvmArgs,
                timeoutSeconds,
                System.getProperty("java.class.path")));
    }

    /** Lock-prefixed lines in bold red on a terminal (not when NO_COLOR is set or output is piped). */
    private static String highlight(String line) {
        boolean colour = System.console() != null && System.console().isTerminal() && System.getenv("NO_COLOR") == null;
        return colour && line.contains(ListingPrinter.LOCK_MARK) ? "\u001b[1;31m" + line + "\u001b[0m" : line;
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package mechsym.cli;

import java.io.IOException;
import java.util.function.Supplier;
import mechsym.tools.platform.IoReasons;
import mechsym.tools.platform.TerminalText;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code mechsym} command line.
 *
 * <p>Exit codes: 0 success; 1 the work failed (an experiment failed, a file could not be read or
 * written); 2 bad usage (unknown option or experiment id, unwritable output folder, bad argument).
 */
@Command(
        name = "mechsym",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "A mechanical-sympathy toolkit and lab for the JVM.",
        subcommands = {
            LabCommand.class,
            EnvCommand.class,
            JmhCommand.class,
            DumpCommand.class,
            TradesCommand.class,
            AsmCommand.class,
            AnalyserCommand.class,
            PingCommand.class,
            EchoCommand.class,
            GatewayCommand.class,
            LoadCommand.class,
            JmsServiceCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = {"", "Exit codes: 0 success, 1 work failed, 2 bad usage.", "Start with: mechsym lab --list"})
public final class Main implements java.util.concurrent.Callable<Integer> {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;
    /** `lab compare`: a figure got worse beyond both runs' noise. */
    public static final int EXIT_WORSE = 3;
    /** A server that ran out of memory (it exits rather than linger answering nothing). */
    public static final int EXIT_OUT_OF_MEMORY = 3;
    /** `lab`: a part of an experiment failed (its remote server) while the rest of it stands. */
    public static final int EXIT_PART_FAILED = 4;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** No command: the usage, on stderr, as bad usage. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("mechsym: which command? (mechsym --help lists them)");
        spec.commandLine().usage(spec.commandLine().getErr());
        return EXIT_USAGE;
    }

    public static void main(String[] args) {
        int code;
        try {
            code = execute(args);
        } catch (OutOfMemoryError e) {
            // no stack trace for a user: say what ran out, and how to give it more
            System.err.println("mechsym: out of memory (" + e.getMessage() + "); the JVM's heap is "
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB, set MECHSYM_JAVA_OPTS=-Xmx... for more");
            code = EXIT_FAILED;
        } catch (InternalError e) {
            // SIGBUS on a mapped file: the commands that write one turn it into a message naming the file
            System.err.println("mechsym: " + TerminalText.escape(e.getMessage())
                    + ": a memory-mapped file could not be read or written"
                    + " (truncated by another program while in use, or no space left on the device?)");
            code = EXIT_FAILED;
        }
        System.exit(code);
    }

    /** An I/O failure in words, naming the file: {@link IoReasons#describe}. */
    static String describe(IOException e) {
        return IoReasons.describe(e);
    }

    /** Runs the command line and returns its exit code (used by tests). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        // JMH's own options (-f 1 -wi 3 ...) go to JMH in the order given
        cl.getSubcommands().get("jmh").setUnmatchedOptionsArePositionalParams(true);
        // `lab compare A1 A2 -- B1 B2`: "--" separates the sides, it does not end the options
        CommandLine compare = cl.getSubcommands().get("lab").getSubcommands().get("compare");
        compare.setEndOfOptionsDelimiter("--end-of-options");
        compare.setUnmatchedOptionsArePositionalParams(true);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof UsageError) {
                commandLine.getErr().println("mechsym: " + TerminalText.escape(ex.getMessage()));
                return EXIT_USAGE;
            }
            // a message may quote a peer or a file: escaped, it cannot drive the terminal
            commandLine
                    .getErr()
                    .println("mechsym: "
                            + TerminalText.escape(ex instanceof IOException io ? describe(io) : ex.getMessage()));
            if (System.getenv("MECHSYM_DEBUG") != null) {
                ex.printStackTrace(commandLine.getErr());
            }
            return EXIT_FAILED;
        });
        return cl;
    }

    /** Thrown by commands for bad usage that picocli cannot see (exit 2). */
    static final class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }

        /** What {@code check} returns; its IllegalArgumentException (a tool's check) becomes a usage error. */
        static <T> T check(Supplier<T> check) {
            try {
                return check.get();
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
        }
    }

    /** The version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {
                "mechsym " + (v != null ? v : "(development build)"),
                "JVM: " + System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version")
            };
        }
    }
}

package mechsym.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mechsym.lab.runner.JmhLock;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "jmh",
        description = {
            "Runs the lab's JMH benchmarks, with JMH's own command line.",
            "For example:",
            "  mechsym jmh -l                       list the benchmarks",
            "  mechsym jmh MemoryWalk -f 1 -wi 3    run some of them",
            "  mechsym jmh -h                       JMH's own help"
        })
final class JmhCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "JMH-ARGS", description = "passed to org.openjdk.jmh.Main")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (asksForHelp(args)) {
            new picocli.CommandLine(this).setCommandName("mechsym jmh").usage(System.out);
            System.out.println();
        }
        List<String> jmhArgs = jmhArguments(args);
        CommandLineOptions options = checkOptions(jmhArgs);
        if (runsBenchmarks(options) && JmhLock.isHeld()) {
            System.err.println("mechsym jmh: another JMH run holds the machine's JMH lock (" + JmhLock.file()
                    + "); run again when it is done (two runs at once would measure each other)");
            return Main.EXIT_FAILED;
        }
        // JMH's Main calls System.exit itself when done
        org.openjdk.jmh.Main.main(jmhArgs.toArray(String[]::new));
        return Main.EXIT_OK;
    }

    /**
     * Parses the arguments as JMH will, so that a bad one is a usage error (exit 2, one line)
     * instead of JMH's "Error parsing command line" and exit 1.
     */
    static CommandLineOptions checkOptions(List<String> jmhArgs) {
        try {
            return new CommandLineOptions(jmhArgs.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new Main.UsageError("jmh: " + e.getMessage().strip() + " ('mechsym jmh -h' lists JMH's options)");
        }
    }

    /** Whether JMH will run benchmarks (and take its lock), not only list or explain. */
    private static boolean runsBenchmarks(CommandLineOptions options) {
        return !options.shouldHelp()
                && !options.shouldList()
                && !options.shouldListWithParams()
                && !options.shouldListProfilers()
                && !options.shouldListResultFormats();
    }

    private static boolean asksForHelp(List<String> args) {
        return args.contains("--help");
    }

    /**
     * The arguments for JMH's Main, in the order given (Main makes unknown options positional here).
     * JMH knows only {@code -h}: {@code --help}, what users type, becomes that (after this command's
     * own usage), instead of JMH's "help is not a recognized option".
     */
    static List<String> jmhArguments(List<String> args) {
        return asksForHelp(args) ? List.of("-h") : List.copyOf(args);
    }
}

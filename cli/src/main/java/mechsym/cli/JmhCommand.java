package mechsym.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mechsym.lab.runner.JmhLock;
import mechsym.lab.runner.ProfilerOptions;
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
     * own usage), instead of JMH's "help is not a recognized option". {@code -prof async} is given
     * async-profiler's library from its jar, {@code output=flamegraph} and the CPU event this
     * machine allows, unless the options name them (see {@link ProfilerOptions}).
     */
    static List<String> jmhArguments(List<String> args) {
        if (asksForHelp(args)) {
            return List.of("-h");
        }
        List<String> jmhArgs = new ArrayList<>(args);
        for (int i = 0; i + 1 < jmhArgs.size(); i++) {
            if (jmhArgs.get(i).equals("-prof") && isProfiledWithDefaults(jmhArgs.get(i + 1))) {
                jmhArgs.set(i + 1, completed(jmhArgs.get(i + 1)));
            }
        }
        return List.copyOf(jmhArgs);
    }

    /** async and jfr get this machine's defaults: async-profiler's library, flame graphs, the event. */
    private static boolean isProfiledWithDefaults(String profiler) {
        return profiler.equals("async") || profiler.startsWith("async:") || profiler.equals("jfr");
    }

    private static String completed(String profiler) {
        try {
            return ProfilerOptions.complete(profiler, null);
        } catch (IllegalStateException e) {
            throw new Main.UsageError("jmh: -prof " + profiler + ": " + e.getMessage());
        }
    }
}

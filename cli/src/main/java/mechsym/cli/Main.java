package mechsym.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The mechsym command line. */
@Command(
        name = "mechsym",
        mixinStandardHelpOptions = true,
        description = "A mechanical-sympathy toolkit and lab for the JVM.",
        subcommands = {TradesCommand.class})
public final class Main implements Runnable {
    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}

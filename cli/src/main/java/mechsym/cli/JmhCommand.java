package mechsym.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "jmh",
        description = {
            "Runs the lab's JMH benchmarks with JMH's own command line, e.g.",
            "  mechsym jmh -l                       list the benchmarks",
            "  mechsym jmh MemoryWalk -f 1 -wi 3    run some of them",
            "  mechsym jmh -h                       JMH's own help"
        })
final class JmhCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "JMH-ARGS", description = "passed to org.openjdk.jmh.Main")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        // Main makes unknown options positional here, so JMH gets every argument in its order
        List<String> all = new ArrayList<>(args);
        // JMH's Main calls System.exit itself when done
        org.openjdk.jmh.Main.main(all.toArray(String[]::new));
        return Main.EXIT_OK;
    }
}

package mechsym.tools.analyser;

import java.nio.file.Path;

/**
 * A JVM that starts the clock source and then waits to be killed: the orphan tests' child. Prints
 * "ready SOURCE_PID" once the source runs.
 */
public final class ClockSourceHost {
    private ClockSourceHost() {}

    public static void main(String[] args) throws Exception {
        ClockQueue queue = ClockQueue.create(Path.of(args[1]), 1_000, 100_000);
        ClockSource source = ClockSource.start(Path.of(args[0]), queue);
        System.out.println("ready " + source.pid());
        System.out.flush();
        Thread.sleep(60_000); // killed long before
        source.close();
        queue.close();
    }
}

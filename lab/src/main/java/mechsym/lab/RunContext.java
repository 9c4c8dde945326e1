package mechsym.lab;

import java.nio.file.Path;

/**
 * What an experiment gets from the runner: the profile, a scratch folder inside the run's output,
 * progress, the user's own servers if any, and the means to fork JVMs and run JMH.
 */
public interface RunContext {

    /** Sizes and run counts to use. */
    Profile profile();

    /** This experiment's own folder under --out (logs, JFR files, JMH output). */
    Path workDir();

    /** For long work. */
    Progress progress();

    /** The user's own servers (--broker-url, --jdbc-url); {@link ServerTargets#NONE} when none was given. */
    ServerTargets servers();

    /** A JVM forked from this one's classpath, for experiments that need their own flags. */
    ForkedJvm fork(Class<?> mainClass);

    /** JMH, run through its own runner, with output and progress routed to this run. */
    JmhBenchmarks jmh();
}

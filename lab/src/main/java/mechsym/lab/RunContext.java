package mechsym.lab;

import java.nio.file.Path;

/**
 * What an experiment gets from the runner: the profile, a scratch folder inside the run's output,
 * progress, and the means to fork JVMs and run JMH.
 */
public interface RunContext {

    /** Sizes and run counts to use. */
    Profile profile();

    /** This experiment's own folder under --out (logs, JFR files, JMH output). */
    Path workDir();

    /** For long work. */
    Progress progress();
 *
 * @param profile sizes and run counts to use
 * @param workDir this experiment's own folder under --out (logs, JFR files, JMH output)
 * @param progress for long work
 * @param servers the user's own servers (--broker-url, --jdbc-url), if any
 */
public record RunContext(Profile profile, Path workDir, Progress progress, ServerTargets servers) {

    /** A context with no server of the user's. */
    public RunContext(Profile profile, Path workDir, Progress progress) {
        this(profile, workDir, progress, ServerTargets.NONE);
    }

    /** A JVM forked from this one's classpath, for experiments that need their own flags. */
    ForkedJvm fork(Class<?> mainClass);

    /** JMH, run through its own runner, with output and progress routed to this run. */
    JmhBenchmarks jmh();
}

package mechsym.lab;

import java.io.IOException;
import java.util.List;
import mechsym.tools.platform.JvmFlags;

/**
 * A child JVM on this JVM's classpath, for runs that need their own heap, GC or flags: configure it,
 * then {@link #run} it. Get one from {@link RunContext#fork}.
 *
 * <p>The child's {@code main} reports each result with {@link #emit} (one JSON object per call) and
 * may show progress with {@link #progress}; its other output and its stderr go to a log file in the
 * experiment's folder, and the VM's own output is kept away from the results. A result line that
 * is not whole, a child that exits non-zero or outlives its timeout: each is an {@link IOException}
 * naming the log, never a figure silently missing.
 */
public interface ForkedJvm {
    /** Flags every JVM of mechsym needs on JDK 25 (see docs/toolchain.md). */
    List<String> BASE_FLAGS = JvmFlags.REQUIRED;

    /** Starts the stdout line that carries one result (JSON) from the child to the parent. */
    String RESULT_PREFIX = ChildOutput.RESULT_PREFIX;

    /** Starts the stdout line that carries one progress message from the child to the parent. */
    String PROGRESS_PREFIX = ChildOutput.PROGRESS_PREFIX;

    ForkedJvm jvmArgs(String... flags);

    ForkedJvm jvmArgs(List<String> flags);

    /**
     * Gives the child its one typed input: {@code input} (a record) as JSON, the child's only
     * argument, read there by {@link #input(String[], Class)}. Long inputs travel in a file in the
     * experiment's folder.
     */
    ForkedJvm input(Object input);

    /**
     * Positional string arguments, for mains that are not forked mains of the lab (a tool's own
     * command line); the lab's forked mains take one {@link #input(Object)}.
     */
    ForkedJvm args(Object... arguments);

    /** Runs the JVM under another program, e.g. {@code perf stat -o FILE --}. */
    ForkedJvm wrapWith(List<String> command);

    /** Names the run in logs and file names, e.g. "g1-run3". */
    ForkedJvm name(String runName);

    /**
     * Profiles this fork when the lab runs with a profiler ({@code --profiler async} or {@code jfr}):
     * async-profiler as a Java agent (the same event and interval as the JMH runs' flame graphs) writes
     * the experiment's {@code profiles/<profileName>/flame-cpu-forward.html}, or JFR writes {@code
     * profile.jfr} there; the report links the flame graph with its sample count. Without a lab
     * profiler it changes nothing. Forks given the same name share the folder, and the last one's
     * files are kept: profile one representative fork per variant.
     */
    ForkedJvm profiled(String profileName);

    /** How long the child may run before it is killed (default 600 s). */
    ForkedJvm timeoutSeconds(long seconds);

    /** The full command line this fork runs. */
    List<String> command();

    /** Runs the child to completion and returns the JSON results it emitted, as {@code type}. */
    <T> List<T> run(Class<T> type) throws IOException, InterruptedException;

    /** Called in the child: writes one result for the parent. */
    static void emit(Object result) {
        ChildOutput.emit(result);
    }

    /**
     * Called in the child's {@code main}: reads the one input its parent gave with {@link
     * #input(Object)}. A malformed input throws an IllegalArgumentException of one line naming the
     * main and the field.
     */
    static <T> T input(String[] args, Class<T> type) {
        Class<?> main = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .getCallerClass();
        return ChildInput.read(args, type, main);
    }

    /** Called in the child: a progress line the parent shows. */
    static void progress(String line) {
        ChildOutput.progress(line);
    }
}

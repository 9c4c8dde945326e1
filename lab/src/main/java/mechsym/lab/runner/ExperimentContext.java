package mechsym.lab.runner;

import java.nio.file.Path;
import java.util.List;
import mechsym.lab.ForkedJvm;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.RunContext;
import mechsym.lab.ServerTargets;

/**
 * The runner's {@link RunContext}: forks and JMH runs write into the experiment's own folder.
 *
 * @param servers the user's own servers (--broker-url, --jdbc-url), if any
 * @param jmhProfilers JMH profilers added to every JMH run, as JMH's {@code -prof} takes them
 *     ({@code gc}, {@code perfasm:intelSyntax=true}); async and jfr also profile the forks an
 *     experiment marks {@linkplain ForkedJvm#profiled profiled}
 */
public record ExperimentContext(
        Profile profile, Path workDir, Progress progress, ServerTargets servers, List<String> jmhProfilers)
        implements RunContext {

    public ExperimentContext {
        jmhProfilers = List.copyOf(jmhProfilers);
    }

    /** A context with no server of the user's and no JMH profiler. */
    public ExperimentContext(Profile profile, Path workDir, Progress progress) {
        this(profile, workDir, progress, ServerTargets.NONE, List.of());
    }

    @Override
    public ForkedJvm fork(Class<?> mainClass) {
        return new ChildJvmLauncher(mainClass, workDir, progress, jmhProfilers);
    }

    @Override
    public JmhBenchmarks jmh() {
        return new JmhLauncher(workDir, progress, jmhProfilers);
    }
}

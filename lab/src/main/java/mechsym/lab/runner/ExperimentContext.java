package mechsym.lab.runner;

import java.nio.file.Path;
import java.util.List;
import mechsym.lab.ForkedJvm;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.RunContext;

/**
 * The runner's {@link RunContext}: forks and JMH runs write into the experiment's own folder.
 *
 * @param jmhProfilers JMH profilers added to every JMH run, as JMH's {@code -prof} takes them
 *     ({@code gc}, {@code perfasm:intelSyntax=true})
 */
public record ExperimentContext(Profile profile, Path workDir, Progress progress, List<String> jmhProfilers)
        implements RunContext {

    public ExperimentContext {
        jmhProfilers = List.copyOf(jmhProfilers);
    }

    public ExperimentContext(Profile profile, Path workDir, Progress progress) {
        this(profile, workDir, progress, List.of());
    }

    @Override
    public ForkedJvm fork(Class<?> mainClass) {
        return new ChildJvmLauncher(mainClass, workDir, progress);
    }

    @Override
    public JmhBenchmarks jmh() {
        return new JmhLauncher(workDir, progress, jmhProfilers);
    }
}

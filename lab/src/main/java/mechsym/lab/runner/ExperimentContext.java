package mechsym.lab.runner;

import java.nio.file.Path;
import mechsym.lab.ForkedJvm;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.RunContext;
import mechsym.lab.ServerTargets;

/** The runner's {@link RunContext}: forks and JMH runs write into the experiment's own folder. */
public record ExperimentContext(Profile profile, Path workDir, Progress progress, ServerTargets servers)
        implements RunContext {

    /** A context with no server of the user's. */
    public ExperimentContext(Profile profile, Path workDir, Progress progress) {
        this(profile, workDir, progress, ServerTargets.NONE);
    }

    @Override
    public ForkedJvm fork(Class<?> mainClass) {
        return new ChildJvmLauncher(mainClass, workDir, progress);
    }

    @Override
    public JmhBenchmarks jmh() {
        return new JmhLauncher(workDir, progress);
    }
}

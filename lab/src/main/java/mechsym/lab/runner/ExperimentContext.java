package mechsym.lab.runner;

import java.nio.file.Path;
import mechsym.lab.ForkedJvm;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.RunContext;

/** The runner's {@link RunContext}: forks and JMH runs write into the experiment's own folder. */
public record ExperimentContext(Profile profile, Path workDir, Progress progress) implements RunContext {

    @Override
    public ForkedJvm fork(Class<?> mainClass) {
        return new ChildJvmLauncher(mainClass, workDir, progress);
    }

    @Override
    public JmhBenchmarks jmh() {
        return new JmhLauncher(workDir, progress);
    }
}

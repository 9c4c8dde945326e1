package mechsym.lab.experiments.herding;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mechsym.tools.platform.ChildProcess;

/**
 * Another process that keeps one CPU busy: a shell loop, started unpinned, so the scheduler places it
 * wherever it likes, as it would a neighbour's batch job, or herded onto one CPU with taskset, as the
 * post moves everybody else. Closing it kills it (and waits for it); a reaper kills it if the lab dies
 * first.
 */
final class NoisyNeighbour implements AutoCloseable {
    private final ChildProcess process;

    private NoisyNeighbour(ChildProcess process) {
        this.process = process;
    }

    /** A neighbour pinned to {@code cpu} (taskset), or roaming when {@code cpu} is negative. */
    static NoisyNeighbour start(int cpu) throws IOException, InterruptedException {
        return start(cpu < 0 ? List.of() : List.of("taskset", "-c", Integer.toString(cpu)));
    }

    private static NoisyNeighbour start(List<String> pinning) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(pinning);
        command.addAll(List.of("sh", "-c", "echo busy; while :; do :; done"));
        ChildProcess process = ChildProcess.command(command)
                .name("the noisy neighbour")
                .grace(Duration.ZERO) // nothing to stop gracefully
                .start("busy"::equals, Duration.ofSeconds(10));
        return new NoisyNeighbour(process);
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.close();
    }
}

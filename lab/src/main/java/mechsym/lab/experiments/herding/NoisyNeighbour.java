package mechsym.lab.experiments.herding;

import java.io.IOException;
import java.time.Duration;
import mechsym.tools.platform.ChildProcess;

/**
 * Another process that keeps one CPU busy: a shell loop, started unpinned, so the scheduler places it
 * wherever it likes, as it would a neighbour's batch job. Closing it kills it (and waits for it); a
 * reaper kills it if the lab dies first.
 */
final class NoisyNeighbour implements AutoCloseable {
    private final ChildProcess process;

    private NoisyNeighbour(ChildProcess process) {
        this.process = process;
    }

    static NoisyNeighbour start() throws IOException, InterruptedException {
        ChildProcess process = ChildProcess.command("sh", "-c", "echo busy; while :; do :; done")
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

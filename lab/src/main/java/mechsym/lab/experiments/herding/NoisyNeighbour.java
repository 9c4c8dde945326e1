package mechsym.lab.experiments.herding;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Another process that keeps one CPU busy: a shell loop, started unpinned, so the scheduler places it
 * wherever it likes, as it would a neighbour's batch job. Closing it kills it (and waits for it).
 */
final class NoisyNeighbour implements AutoCloseable {
    private final Process process;

    private NoisyNeighbour(Process process) {
        this.process = process;
    }

    static NoisyNeighbour start() throws IOException {
        Process process = new ProcessBuilder("sh", "-c", "while :; do :; done")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new NoisyNeighbour(process);
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // killed already; the wait was only for its exit
        }
    }
}

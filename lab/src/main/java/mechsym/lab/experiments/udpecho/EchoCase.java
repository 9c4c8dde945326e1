package mechsym.lab.experiments.udpecho;

import mechsym.lab.rigs.latency.Measured;

/**
 * One udp-echo case as its forked JVM emits it: the latencies and CPU under load, and the CPU the
 * server's threads burned while idle (no datagrams) afterwards.
 *
 * @param load the round trips, and the server threads' CPU over the measured part
 * @param idleCpuNanos the server threads' CPU while idle; -1 when not measured
 * @param idleWallNanos how long it was idle
 * @param consumerThreads the server's threads that wait on a strategy (2 for the ring pipelines)
 */
public record EchoCase(Measured load, long idleCpuNanos, long idleWallNanos, int consumerThreads) {

    /** Idle CPU per waiting thread in percent of one CPU, or -1 when not measured. */
    public double idleCpuPercentPerThread() {
        return idleCpuNanos < 0 || idleWallNanos <= 0 || consumerThreads == 0
                ? -1
                : 100.0 * idleCpuNanos / idleWallNanos / consumerThreads;
    }
}

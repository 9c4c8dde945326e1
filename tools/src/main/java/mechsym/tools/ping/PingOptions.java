package mechsym.tools.ping;

import java.nio.file.Path;
import java.util.BitSet;
import mechsym.tools.latency.CpuAffinity;

/**
 * What a ping client does: where to, how, how much. Immutable; {@link #validate()} checks the
 * ranges and names what is wrong.
 *
 * @param host the server's name or address
 * @param port the server's port (ipc: the port its file is named after)
 * @param transport how to send and wait
 * @param size bytes per message (the first 8 carry the intended send time when there is room)
 * @param count messages measured
 * @param warmup messages sent first and not measured
 * @param rate messages per second (fixed rate), or 0 for a closed loop
 * @param cpu the CPU to pin the client's thread to, or null
 * @param timeoutMillis how long to wait for an answer (TCP, ipc: then fail; UDP: then count a loss)
 * @param ipcPath the ipc file, or null for the server's default
 */
public record PingOptions(
        String host,
        int port,
        Transport transport,
        int size,
        long count,
        long warmup,
        double rate,
        Integer cpu,
        long timeoutMillis,
        Path ipcPath) {

    /**
     * Throws when an option is out of range.
     *
     * @throws IllegalArgumentException naming the option and its valid range
     */
    public PingOptions validate() {
        if (port < 0 || port > 65_535 || (port == 0 && transport != Transport.IPC)) {
            throw new IllegalArgumentException("--port must be 1..65535, not " + port);
        }
        // one limit for every transport: a UDP datagram's; a TCP message this size fits the socket
        // buffers, so the client's write cannot wait on the server's write back
        if (size < 1 || size > PingServer.MAX_MESSAGE) {
            throw new IllegalArgumentException("--size must be 1.." + PingServer.MAX_MESSAGE + " bytes, not " + size);
        }
        if (count < 1) {
            throw new IllegalArgumentException("--count must be at least 1, not " + count);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup cannot be negative: " + warmup);
        }
        if (rate < 0 || Double.isNaN(rate) || rate > 1e9) {
            throw new IllegalArgumentException("--rate must be 0 (closed loop) or up to 1e9 per second, not " + rate);
        }
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("--timeout must be at least 1 ms, not " + timeoutMillis);
        }
        checkCpu(cpu);
        return this;
    }

    /**
     * Throws unless {@code cpu} is null or one this process may run on.
     *
     * @throws IllegalArgumentException naming the CPUs allowed
     */
    static void checkCpu(Integer cpu) {
        if (cpu == null) {
            return;
        }
        if (!CpuAffinity.isSupported()) {
            throw new IllegalArgumentException("--cpu needs Linux's sched_setaffinity, not available here");
        }
        BitSet allowed = CpuAffinity.allowedCpus();
        if (cpu < 0 || !allowed.get(cpu)) {
            throw new IllegalArgumentException(
                    "--cpu " + cpu + " is not a CPU this process may use (" + CpuAffinity.describe(allowed) + ")");
        }
    }
}

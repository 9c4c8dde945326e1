package mechsym.tools.ping;

import java.nio.file.Path;
import java.util.BitSet;
import mechsym.tools.OptionCheck;
import mechsym.tools.platform.CpuAffinity;

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
        OptionCheck.port("--port", port, transport == Transport.IPC);
        // one limit for every transport: a UDP datagram's; a TCP message this size fits the socket
        // buffers, so the client's write cannot wait on the server's write back
        OptionCheck.inRange("--size", size, 1, PingServer.MAX_MESSAGE, "bytes");
        OptionCheck.atLeast("--count", count, 1, "");
        OptionCheck.atLeast("--warmup", warmup, 0, "");
        OptionCheck.rate("--rate", rate);
        OptionCheck.atLeast("--timeout", timeoutMillis, 1, "ms");
        checkCpu(cpu);
        return this;
    }

    /**
     * {@code cpu} if it is null or one this process may run on.
     *
     * @throws IllegalArgumentException naming the CPUs allowed
     */
    public static Integer checkCpu(Integer cpu) {
        if (cpu == null) {
            return null;
        }
        if (!CpuAffinity.isSupported()) {
            throw new IllegalArgumentException("--cpu needs Linux's sched_setaffinity, not available here");
        }
        BitSet allowed = CpuAffinity.allowedCpus();
        if (cpu < 0 || !allowed.get(cpu)) {
            throw new IllegalArgumentException(
                    "--cpu " + cpu + " is not a CPU this process may use (" + CpuAffinity.describe(allowed) + ")");
        }
        return cpu;
    }
}

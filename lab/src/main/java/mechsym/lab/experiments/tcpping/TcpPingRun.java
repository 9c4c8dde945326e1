package mechsym.lab.experiments.tcpping;

import java.nio.file.Path;
import mechsym.lab.ForkedJvm;
import mechsym.lab.rigs.latency.Measured;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;
import mechsym.tools.ping.PingClient;
import mechsym.tools.ping.PingOptions;
import mechsym.tools.ping.PingServer;
import mechsym.tools.ping.Transport;

/**
 * The Java side of the tcp-ping experiment, in a forked JVM: for each case, a {@link PingServer} with
 * its serving thread pinned and a {@link PingClient} on this thread pinned, over loopback; emits one
 * {@link Measured} per case. The server is closed after each case, also when the case fails.
 *
 * <p>Arguments: {@code COUNT WARMUP MAX_MILLIS IPC_DIR CASE...}, each case {@code
 * transport:serverCpu:clientCpu:name}.
 */
public final class TcpPingRun {
    private TcpPingRun() {}

    public static void main(String[] args) throws Exception {
        long count = Long.parseLong(args[0]);
        long warmup = Long.parseLong(args[1]);
        long maxNanos = Long.parseLong(args[2]) * 1_000_000L;
        Path ipcDir = Path.of(args[3]);
        for (int i = 4; i < args.length; i++) {
            String[] c = args[i].split(":", 4);
            Transport transport = Transport.parse(c[0]);
            int serverCpu = Integer.parseInt(c[1]);
            int clientCpu = Integer.parseInt(c[2]);
            ForkedJvm.progress(c[3]);
            try (PingServer server = PingServer.start(
                    "127.0.0.1",
                    transport == Transport.IPC ? 1 : 0,
                    transport,
                    serverCpu,
                    ipcDir.resolve("ping.ipc"))) {
                PingOptions options = new PingOptions(
                        "127.0.0.1", server.port(), transport, 32, count, warmup, 0, clientCpu, 5000, server.ipcPath());
                LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
                // a thread of its own per case: pinning is per thread and inherited, so main stays unpinned
                PingClient.Outcome[] outcome = new PingClient.Outcome[1];
                Exception[] failure = new Exception[1];
                Thread client = new Thread(() -> {
                    try {
                        outcome[0] = PingClient.run(options, recorder, maxNanos);
                    } catch (Exception e) {
                        failure[0] = e;
                    }
                });
                client.start();
                client.join();
                if (failure[0] != null) {
                    throw new IllegalStateException(c[3] + ": " + failure[0].getMessage(), failure[0]);
                }
                ForkedJvm.emit(
                        new Measured(c[3], Measured.encode(recorder.totalHistogram()), outcome[0].lost(), -1, 0));
            }
        }
    }
}

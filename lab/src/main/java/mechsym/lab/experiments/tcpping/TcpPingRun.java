package mechsym.lab.experiments.tcpping;

import java.nio.file.Path;
import java.util.List;
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
 * <p>Its {@link Input}: the pings per case and their warm-up, a case's time limit, the folder of the
 * IPC file, and the cases.
 */
public final class TcpPingRun {
    private TcpPingRun() {}

    /** One case: its transport, the CPUs of server and client, and its name in the results. */
    public record Case(Transport transport, int serverCpu, int clientCpu, String name) {}

    /** One fork's work. */
    public record Input(long count, long warmup, long maxMillis, String ipcDir, List<Case> cases) {}

    public static void main(String[] args) throws Exception {
        Input input = ForkedJvm.input(args, Input.class);
        long count = input.count();
        long warmup = input.warmup();
        long maxNanos = input.maxMillis() * 1_000_000L;
        Path ipcDir = Path.of(input.ipcDir());
        for (Case c : input.cases()) {
            Transport transport = c.transport();
            int serverCpu = c.serverCpu();
            int clientCpu = c.clientCpu();
            ForkedJvm.progress(c.name());
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
                    throw new IllegalStateException(c.name() + ": " + failure[0].getMessage(), failure[0]);
                }
                ForkedJvm.emit(
                        new Measured(c.name(), Measured.encode(recorder.totalHistogram()), outcome[0].lost(), -1, 0));
            }
        }
    }
}

package mechsym.lab.experiments.udpecho;

import java.util.List;
import mechsym.lab.ForkedJvm;
import mechsym.lab.rigs.latency.Measured;
import mechsym.tools.echo.EchoClient;
import mechsym.tools.echo.EchoServer;
import mechsym.tools.echo.Pipeline;
import mechsym.tools.echo.WaitKind;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;

/**
 * The udp-echo experiment's cases in a forked JVM: for each, an {@link EchoServer} on an ephemeral
 * port, a warm-up, the measured load from {@link EchoClient} threads (the post's blocking clients,
 * closed loop), then an idle spell in which only the server's CPU is measured; the server is closed
 * after each case, also when it fails. Emits one {@link EchoCase} per case.
 *
 * <p>Its {@link Input}: the measured load's and the warm-up's time limits, the idle spell, and the
 * cases.
 */
public final class UdpEchoRun {
    private UdpEchoRun() {}

    /** One case: the server's pipeline and wait, the client threads, and its name in the results. */
    public record Case(Pipeline pipeline, WaitKind waitKind, int clientThreads, String name) {}

    /** One fork's work. */
    public record Input(long maxMillis, long warmupMillis, long idleMillis, List<Case> cases) {}

    public static void main(String[] args) throws Exception {
        Input input = ForkedJvm.input(args, Input.class);
        long maxNanos = input.maxMillis() * 1_000_000L;
        long warmupNanos = input.warmupMillis() * 1_000_000L;
        long idleMillis = input.idleMillis();
        for (Case c : input.cases()) {
            Pipeline pipeline = c.pipeline();
            WaitKind wait = c.waitKind();
            int threads = c.clientThreads();
            ForkedJvm.progress(c.name());
            try (EchoServer server = EchoServer.start("127.0.0.1", 0, pipeline, wait)) {
                EchoClient.Options options =
                        new EchoClient.Options("127.0.0.1", server.port(), threads, Long.MAX_VALUE, 32, 0, 1000);
                EchoClient.run(options, new LatencyRecorder(LoadMode.CLOSED_LOOP), warmupNanos);

                LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
                long cpu0 = server.cpuNanos();
                long t0 = System.nanoTime();
                EchoClient.Outcome outcome = EchoClient.run(options, recorder, maxNanos);
                long wall = System.nanoTime() - t0;
                long cpu = server.cpuNanos() - cpu0;

                long idleCpu = -1;
                long idleWall = 0;
                if (idleMillis > 0 && pipeline != Pipeline.THREADS) {
                    long idle0 = server.cpuNanos();
                    long i0 = System.nanoTime();
                    Thread.sleep(idleMillis);
                    idleWall = System.nanoTime() - i0;
                    idleCpu = server.cpuNanos() - idle0;
                }
                Measured load = new Measured(
                        c.name(),
                        Measured.encode(recorder.totalHistogram()),
                        outcome.lost(),
                        cpu0 < 0 ? -1 : cpu,
                        wall);
                ForkedJvm.emit(new EchoCase(load, idleCpu, idleWall, pipeline == Pipeline.THREADS ? 0 : 2));
            }
        }
    }
}

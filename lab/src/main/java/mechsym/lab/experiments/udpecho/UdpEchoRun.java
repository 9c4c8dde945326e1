package mechsym.lab.experiments.udpecho;

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
 * <p>Arguments: {@code MAX_MILLIS WARMUP_MILLIS IDLE_MILLIS CASE...}, each case {@code
 * pipeline:wait:clientThreads:name}.
 */
public final class UdpEchoRun {
    private UdpEchoRun() {}

    public static void main(String[] args) throws Exception {
        long maxNanos = Long.parseLong(args[0]) * 1_000_000L;
        long warmupNanos = Long.parseLong(args[1]) * 1_000_000L;
        long idleMillis = Long.parseLong(args[2]);
        for (int i = 3; i < args.length; i++) {
            String[] c = args[i].split(":", 4);
            Pipeline pipeline = Pipeline.parse(c[0]);
            WaitKind wait = WaitKind.parse(c[1]);
            int threads = Integer.parseInt(c[2]);
            ForkedJvm.progress(c[3]);
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
                        c[3], Measured.encode(recorder.totalHistogram()), outcome.lost(), cpu0 < 0 ? -1 : cpu, wall);
                ForkedJvm.emit(new EchoCase(load, idleCpu, idleWall, pipeline == Pipeline.THREADS ? 0 : 2));
            }
        }
    }
}

package mechsym.lab.experiments.udpecho;

import java.io.IOException;
import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.RunContext;
import mechsym.lab.Table;
import mechsym.lab.remote.HostPort;
import mechsym.lab.remote.NetworkPath;
import mechsym.lab.remote.RemoteEnvironment;
import mechsym.lab.rigs.latency.CaseLatency;
import mechsym.lab.rigs.latency.Findings;
import mechsym.tools.echo.EchoClient;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;

/**
 * udp-echo's remote row ({@code --remote}): one client thread, closed loop, against the echo server
 * the user started on another host, in the lab's JVM; then the table "latency-by-path" with it beside
 * the loopback case of the same shape (ring pipeline, sleeping wait, one client: the server's
 * defaults), each labelled with its path, and both hosts' environments. Figures only: the verdict
 * judges the post's loopback claims.
 */
final class UdpEchoRemote {
    private UdpEchoRemote() {}

    static void addTo(
            RunContext context,
            ExperimentResult.Builder result,
            HostPort server,
            CaseLatency loopback,
            long warmupMillis,
            long maxMillis)
            throws IOException, InterruptedException {
        NetworkPath path = NetworkPath.to(server);
        context.progress().message("remote " + server + " over " + path.label());
        EchoClient.Options options = new EchoClient.Options(
                server.address().getAddress().getHostAddress(), server.port(), 1, Long.MAX_VALUE, 32, 0, 1000);
        EchoClient.run(options, new LatencyRecorder(LoadMode.CLOSED_LOOP), warmupMillis * 1_000_000L);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        EchoClient.Outcome outcome = EchoClient.run(options, recorder, maxMillis * 1_000_000L);
        if (outcome.answered() == 0) {
            // a server that answered the probe, then nothing or garbage: no figure, not a p50 of 0
            throw new IOException(outcome.whyNothingMeasured(options));
        }
        CaseLatency remote = CaseLatency.recorded(
                "remote 1 client", recorder.totalHistogram(), outcome.lost(), -1, context.workDir());

        Table.Builder table = CaseLatency.summaryTable(
                        "latency-by-path",
                        "round trip of a 32-byte datagram by network path: loopback and the remote server",
                        List.of("path", "server", "client threads"))
                .note("One client thread, closed loop, " + warmupMillis + " ms warm-up then " + maxMillis
                        + " ms measured. Loopback: the ring pipeline with sleeping waits started by this run; remote:"
                        + " the echo server at " + server + " over " + path.label() + ", its --pipeline and --wait as"
                        + " started there. The loopback client ran in the round's forked JVM beside its server, the remote"
                        + " one in the lab's JVM. Figures only: the verdict judges the post's loopback claims.");
        if (loopback != null) {
            table.row(loopback.summaryRow(NetworkPath.LOOPBACK.label(), "ring, sleeping (this run's)", 1));
        }
        table.row(remote.summaryRow(path.label(), server + " (as started there)", 1));
        result.table(table.build());
        result.table(RemoteEnvironment.table(context.servers().remote()));
        result.headline("p50/p99 over " + path.label() + ", 1 client: " + Findings.us(remote.p50Us()) + "/"
                + Findings.us(remote.p99Us()));
    }
}

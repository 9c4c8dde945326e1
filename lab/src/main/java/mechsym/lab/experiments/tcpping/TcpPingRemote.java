package mechsym.lab.experiments.tcpping;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.RunContext;
import mechsym.lab.Table;
import mechsym.lab.remote.HostPort;
import mechsym.lab.remote.NetworkPath;
import mechsym.lab.remote.RemoteEnvironment;
import mechsym.lab.rigs.latency.CaseLatency;
import mechsym.lab.rigs.latency.Findings;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;
import mechsym.tools.ping.PingClient;
import mechsym.tools.ping.PingOptions;
import mechsym.tools.ping.Transport;
import mechsym.tools.platform.NativePrograms;
import org.HdrHistogram.Histogram;

/**
 * tcp-ping's remote rows ({@code --remote}): the Java spin and blocking clients, and the C spin client
 * where there is one, against the ping server the user started on another host, pinned as the
 * loopback cases' main placement's client; then the table "rtt-by-path" with these beside the same
 * cases over loopback, each labelled with its path, and both hosts' environments. Figures only: the
 * verdict judges the post's loopback claims, and the post's NIC rows (seed-nics) were another network.
 */
final class TcpPingRemote {
    private static final List<String> JAVA = List.of(Transport.SPIN.id(), Transport.BLOCKING.id());

    private TcpPingRemote() {}

    static void addTo(
            RunContext context,
            ExperimentResult.Builder result,
            HostPort server,
            Map<String, CaseLatency> loopback,
            TcpPingExperiment.Placement placement,
            NativePrograms.Program c,
            long count,
            long warmup,
            long maxMillis)
            throws IOException, InterruptedException {
        NetworkPath path = NetworkPath.to(server);
        List<CaseLatency> remote = new ArrayList<>();
        context.progress().message("remote " + server + " over " + path.label());
        for (String transport : JAVA) {
            remote.add(javaCase(context, server, transport, placement.clientCpu(), count, warmup, maxMillis));
        }
        if (c.isAvailable()) {
            String name = "c spin remote";
            try {
                List<String> lines = c.run(
                        context.workDir().resolve(CaseLatency.fileName(name) + "-client.log"),
                        120,
                        "client",
                        server.address().getAddress().getHostAddress(),
                        server.port(),
                        "spin",
                        32,
                        count,
                        warmup,
                        placement.clientCpu(),
                        maxMillis);
                Histogram h = new Histogram(3);
                lines.forEach(line -> h.recordValue(Long.parseLong(line.strip())));
                remote.add(CaseLatency.recorded(name, h, 0, -1, context.workDir()));
            } catch (IOException | RuntimeException e) {
                result.note("The C client against " + server + " failed: " + e.getMessage());
            }
        }

        Table.Builder table = CaseLatency.summaryTable(
                        "rtt-by-path",
                        "round trip of 32 bytes by network path: loopback and the remote server",
                        List.of("path", "server", "language", "transport"))
                .note("The same clients, pinned to CPU " + placement.clientCpu() + ", over loopback (server on this"
                        + " host, " + placement.kind().words() + ") and to the ping server at " + server + " over "
                        + path.label() + " (that server waits its own way: its --transport and --cpu as started"
                        + " there). The loopback Java clients ran in the round's forked JVM, the remote ones in the lab's"
                        + " JVM after the same warm-up. Figures only: the verdict judges the post's loopback claims. The post's own NIC"
                        + " rows (seed-nics, p50 18 µs on 10Gb A, 30 µs on 10Gb B, 83 µs on 1Gb C) were measured on"
                        + " its own network, not this one.");
        for (String language : List.of("java", "c")) {
            for (String transport : language.equals("java") ? JAVA : List.of("spin")) {
                CaseLatency here = loopback.get(TcpPingExperiment.caseName(language, transport, placement));
                if (here != null) {
                    table.row(here.summaryRow(
                            NetworkPath.LOOPBACK.label(),
                            "this run's, " + placement.kind().words(),
                            language,
                            transport));
                }
                String remoteName = language + " " + transport + " remote";
                remote.stream()
                        .filter(r -> r.name().equals(remoteName))
                        .forEach(r -> table.row(r.summaryRow(path.label(), server.toString(), language, transport)));
            }
        }
        result.table(table.build());
        result.table(RemoteEnvironment.table(context.servers().remote()));
        remote.stream()
                .filter(r -> r.name().equals("java spin remote"))
                .findFirst()
                .ifPresent(
                        r -> result.headline("p50 RTT over " + path.label() + ": Java spin " + Findings.us(r.p50Us())));
    }

    private static CaseLatency javaCase(
            RunContext context, HostPort server, String transport, int cpu, long count, long warmup, long maxMillis)
            throws IOException, InterruptedException {
        String name = "java " + transport + " remote";
        PingOptions options = new PingOptions(
                server.host(), server.port(), Transport.parse(transport), 32, count, warmup, 0, cpu, 5000, null);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.Outcome[] outcome = new PingClient.Outcome[1];
        IOException[] failure = new IOException[1];
        // a thread of its own: the client pins the thread it runs on, and the lab's must stay unpinned
        Thread client = Thread.ofPlatform().name("remote-ping").start(() -> {
            try {
                outcome[0] = PingClient.run(options, recorder, maxMillis * 1_000_000L);
            } catch (IOException e) {
                failure[0] = e;
            }
        });
        client.join();
        if (failure[0] != null) {
            throw new IOException(name + ": " + failure[0].getMessage(), failure[0]);
        }
        return CaseLatency.recorded(name, recorder.totalHistogram(), outcome[0].lost(), -1, context.workDir());
    }
}

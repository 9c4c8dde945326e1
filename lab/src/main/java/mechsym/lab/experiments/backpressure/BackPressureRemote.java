package mechsym.lab.experiments.backpressure;

import java.io.IOException;
import java.net.URI;
import mechsym.lab.ExperimentResult;
import mechsym.lab.RunContext;
import mechsym.lab.Table;
import mechsym.lab.remote.HostPort;
import mechsym.lab.remote.NetworkPath;
import mechsym.lab.remote.RemoteEnvironment;
import mechsym.tools.load.LoadResult;

/**
 * back-pressure's remote row ({@code --remote}): the speed-goal measurement (capacity under a
 * saturating load, then p99 at half of it) against the gateway the user started on another host,
 * beside the same on this run's do-nothing gateway over loopback, each labelled with its path; and
 * both hosts' environments (the remote gateway's {@code GET /env}). Figures only: the verdict judges
 * the post's queueing claims on the gateways this run starts.
 */
final class BackPressureRemote {
    private BackPressureRemote() {}

    static void addTo(
            RunContext context,
            ExperimentResult.Builder result,
            URI gateway,
            BackPressureExperiment.Params p,
            double loopbackCapacity,
            double loopbackP99Millis)
            throws IOException {
        NetworkPath path =
                NetworkPath.to(new HostPort(gateway.getHost(), gateway.getPort() < 0 ? 80 : gateway.getPort()));
        context.progress().message("remote gateway " + gateway + " over " + path.label());
        double capacity = BackPressureExperiment.saturate(gateway, p).perSecond();
        LoadResult half = BackPressureExperiment.load(gateway, capacity * 0.5, p.speedSeconds(), 64, 1.0);
        double p99 = BackPressureExperiment.millis(
                half.byOutcome().containsKey("200")
                        ? half.byOutcome().get("200").p99Nanos()
                        : -1);
        Table.Builder table = Table.measured("by-path", "the gateway by network path: loopback and the remote one")
                .column("path")
                .column("gateway")
                .column("capacity", "answers/s")
                .column("p99 at half capacity", "ms")
                .note("Capacity: 200 answers per second under a saturating load on 32 connections (after a warm-up"
                        + " of the same length); p99: a fixed rate of half that for " + p.speedSeconds()
                        + " s on 64 connections, from the intended start. Loopback: this run's do-nothing gateway"
                        + " (reject, queue 1024, no transaction time); remote: " + gateway + " over " + path.label()
                        + ", as started there. Figures only: not part of the verdict.");
        table.row(NetworkPath.LOOPBACK.label(), "this run's, do-nothing", loopbackCapacity, loopbackP99Millis);
        table.row(path.label(), gateway + " (as started there)", capacity, p99);
        result.table(table.build());
        result.table(RemoteEnvironment.table(context.servers().remote()));
        result.headline(String.format(
                java.util.Locale.ROOT,
                "remote gateway over %s: capacity %.0f/s, p99 at half %.2f ms",
                path.label(),
                capacity,
                p99));
    }
}

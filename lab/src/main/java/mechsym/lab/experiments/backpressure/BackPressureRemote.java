package mechsym.lab.experiments.backpressure;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Measure;
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
 *
 * <p>A remote gateway that is not there, or answers no {@code 200} (garbage, an endless head, a body
 * that never ends), throws one line naming what its requests got; the experiment runs this part
 * through {@link mechsym.lab.remote.RemotePart}, so that failure fails this part alone (report,
 * results.json, the lab's exit code) and the loopback tables, verdict and goals stand.
 */
final class BackPressureRemote {
    private BackPressureRemote() {}

    /** The remote gateway's figures. */
    record Remote(String path, double capacityPerSecond, double p99Millis) {}

    /**
     * The by-path table and both hosts' environments; throws when the remote gateway cannot be
     * measured (run it through {@link mechsym.lab.remote.RemotePart}, which fails only this part).
     */
    static void addTo(
            RunContext context,
            ExperimentResult.Builder result,
            URI gateway,
            BackPressureExperiment.Params p,
            List<BackPressureGoals.Round> loopback)
            throws IOException {
        context.progress().message("remote gateway " + gateway);
        Remote remote = measure(gateway, p);
        result.table(Table.measured("by-path", "the gateway by network path: loopback and the remote one")
                .column("path")
                .column("gateway")
                .column("capacity", "answers/s")
                .column("p99 at half capacity", "ms")
                .row(
                        NetworkPath.LOOPBACK.label(),
                        "this run's, do-nothing",
                        median(loopback.stream()
                                .map(BackPressureGoals.Round::gatewayPerSecond)
                                .toList()),
                        median(loopback.stream()
                                .map(BackPressureGoals.Round::gatewayP99Millis)
                                .toList()))
                .row(remote.path(), gateway + " (as started there)", remote.capacityPerSecond(), remote.p99Millis())
                .note("Capacity: 200 answers per second under a saturating load on "
                        + BackPressureExperiment.SATURATING_CONNECTIONS + " connections; p99: a fixed rate of half"
                        + " that for " + p.speedSeconds() + " s on " + BackPressureExperiment.HALF_CAPACITY_CONNECTIONS
                        + " connections, from the intended start. Loopback: this run's do-nothing gateway (reject,"
                        + " queue 1024, no transaction time), the median of its rounds; remote: " + gateway
                        + ", as started there. Figures only: not part of the verdict.")
                .build());
        result.table(RemoteEnvironment.table(context.servers().remote()));
        result.headline(String.format(
                Locale.ROOT,
                "remote gateway over %s: capacity %.0f/s, p99 at half %.2f ms",
                remote.path(),
                remote.capacityPerSecond(),
                remote.p99Millis()));
    }

    /**
     * The remote gateway's capacity and p99 at half of it; an {@link IOException} naming what the
     * requests got when it gave no {@code 200}.
     */
    static Remote measure(URI gateway, BackPressureExperiment.Params p) throws IOException {
        NetworkPath path =
                NetworkPath.to(new HostPort(gateway.getHost(), gateway.getPort() < 0 ? 80 : gateway.getPort()));
        BackPressureExperiment.saturate(gateway, p); // warm-up, as the loopback gateway had
        double capacity = BackPressureExperiment.saturate(gateway, p).perSecond();
        if (!(capacity > 0)) {
            LoadResult probe = BackPressureExperiment.load(gateway, 100, 0.2, 4, 1.0);
            throw new IOException("the remote /txn gave no 200 answer under a saturating load (a probe of 20"
                    + " requests got " + outcomes(probe) + ")");
        }
        LoadResult half = BackPressureExperiment.load(
                gateway, capacity * 0.5, p.speedSeconds(), BackPressureExperiment.HALF_CAPACITY_CONNECTIONS, 1.0);
        return new Remote(path.label(), capacity, BackPressureExperiment.p99Millis(half));
    }

    /** "error 20 (malformed response: bad Content-Length '...')": what the requests got, in a line. */
    static String outcomes(LoadResult load) {
        StringBuilder text = new StringBuilder();
        load.byOutcome().forEach((outcome, summary) -> {
            if (!text.isEmpty()) {
                text.append(", ");
            }
            text.append(outcome).append(' ').append(summary.count());
        });
        if (!load.errors().isEmpty()) {
            text.append(" (").append(load.errors()).append(')');
        }
        return text.isEmpty() ? "nothing" : text.toString();
    }

    private static double median(List<Double> values) {
        List<Double> numbers = values.stream().filter(v -> !Double.isNaN(v)).toList();
        return numbers.isEmpty() ? Double.NaN : Measure.of(numbers, "").value();
    }
}

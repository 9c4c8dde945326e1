package mechsym.lab.experiments.jmsload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import mechsym.tools.jms.EmbeddedBroker;
import mechsym.tools.jms.JmsConnections;
import mechsym.tools.jms.Ramp;
import mechsym.tools.jms.UpperCaseService;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Gatling's own JMS support runs the post's simulation on JDK 25 against the real broker and service. */
class GatlingRunTest {
    @TempDir
    Path dir;

    @Test
    void gatlingRunsThePostsSimulationAndWritesItsReport() throws Exception {
        Optional<Path> home = GatlingRun.home();
        Assumptions.assumeTrue(home.isPresent(), "the gatling module is not packaged (gatling/target/lib)");
        try (EmbeddedBroker broker = EmbeddedBroker.start(dir, Duration.ofSeconds(60));
                UpperCaseService service = UpperCaseService.start(
                        JmsConnections.forUrl(broker.url()), JmsLoadExperiment.QUEUE, 1, System.err)) {
            GatlingRun.Outcome outcome =
                    GatlingRun.run(home.get(), dir, broker.url(), new Ramp(5, 15, 2), GatlingRun.REPLY_TIMEOUT);
            assertThat(outcome.run().failure()).as("how Gatling ended").isEmpty();
            String[] requests = outcome.stats().get("request count");
            assertThat(requests).as("Gatling's summary").isNotNull();
            long total = count(requests[0]);
            assertThat(total).isPositive();
            long ok = count(requests[1]);
            long ko = count(requests[2]);
            assertThat(ok + ko).as("OK and KO add up to the requests").isEqualTo(total);
            assertThat(ok).as("requests answered and checked").isPositive();
            // A reply later than the timeout is the load on a shared 2-vCPU machine, not a defect; a failed
            // body check or any other error is.
            assertThat(outcome.errors().keySet())
                    .as("Gatling's errors (log: " + dir.resolve("gatling.log") + ")")
                    .allMatch(error -> error.toLowerCase(java.util.Locale.ROOT).contains("timeout"));
            assertThat(outcome.errors().values().stream()
                            .mapToLong(Long::longValue)
                            .sum())
                    .as("every KO is one of Gatling's errors: " + outcome.errors())
                    .isEqualTo(ko);
            assertThat(outcome.report()).isPresent();
            assertThat(service.served()).isGreaterThanOrEqualTo(total);
        }
    }

    /** A count of Gatling's summary: "-" when there were none. */
    private static long count(String cell) {
        return cell.equals("-") ? 0 : Long.parseLong(cell.replace(",", ""));
    }
}

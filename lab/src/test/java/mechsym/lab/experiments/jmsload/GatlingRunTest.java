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
            GatlingRun.Outcome outcome = GatlingRun.run(home.get(), dir, broker.url(), new Ramp(5, 15, 2));
            assertThat(outcome.exitCode())
                    .as("Gatling's exit code (log: " + dir.resolve("gatling.log") + ")")
                    .isZero();
            String[] requests = outcome.stats().get("request count");
            assertThat(requests).as("Gatling's summary").isNotNull();
            long total = Long.parseLong(requests[0].replace(",", ""));
            assertThat(total).isPositive();
            assertThat(requests[1]).as("every check OK").isEqualTo(requests[0]);
            assertThat(outcome.report()).isPresent();
            assertThat(service.served()).isGreaterThanOrEqualTo(total);
        }
    }
}

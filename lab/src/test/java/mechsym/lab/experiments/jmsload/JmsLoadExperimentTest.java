package mechsym.lab.experiments.jmsload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JmsLoadExperimentTest {
    private static final long MS = 1_000_000L;

    @Test
    void tinyRunDrivesTheRealBrokerAndServiceAndLeavesNothingBehind() throws Exception {
        JmsLoadExperiment experiment = new JmsLoadExperiment();
        mechsym.lab.ExperimentResult result = mechsym.lab.rigs.threads.TinyRun.run(experiment);
        java.nio.file.Path dir =
                mechsym.lab.rigs.threads.TinyRun.shared(experiment).dir();
        mechsym.lab.Table summary = result.table("summary");
        assertThat(mechsym.lab.rigs.threads.TinyRun.texts(summary, "mode"))
                .containsExactly("persistent", "non-persistent");
        int ok = summary.columnIndex("ok");
        int requests = summary.columnIndex("requests");
        for (List<Object> row : summary.rows()) {
            assertThat(((Number) row.get(ok)).longValue())
                    .as("replies checked OK")
                    .isPositive();
            assertThat(((Number) row.get(requests)).longValue()).isPositive();
        }
        assertThat(result.table("per-second").rows()).isNotEmpty();
        assertThat(dir.resolve("jms-load/broker-data"))
                .as("the journal is removed")
                .doesNotExist();
        assertThat(dir.resolve("jms-load/latency-persistent.hgrm")).isNotEmptyFile();
        assertThat(ProcessHandle.current()
                        .descendants()
                        .filter(ProcessHandle::isAlive)
                        .count())
                .as("no broker JVM left running")
                .isZero();
    }

    static Knee.SecondFigures ok(double rate) {
        return new Knee.SecondFigures(rate, (long) rate, (long) rate, 0, 0, 5 * MS);
    }

    static Knee.SecondFigures slow(double rate) {
        return new Knee.SecondFigures(rate, (long) rate, (long) rate, 0, 0, 400 * MS);
    }

    @Test
    void aKneeIsTheFirstOfTwoSecondsThatDoNotKeepUp() {
        Knee.Result high = Knee.find(List.of(ok(10), ok(100), ok(200), slow(250), slow(300)));
        assertThat(high.kneeRate()).isEqualTo(250);
        assertThat(high.lastKeptUpRate()).isEqualTo(200);
        assertThat(Knee.find(List.of(ok(10), ok(100), ok(300))).keptUpThroughout())
                .isTrue();
    }

    @Test
    void oneBadSecondIsNotAKnee() {
        Knee.Result knee = Knee.find(List.of(ok(10), slow(50), ok(100), ok(300)));
        assertThat(knee.keptUpThroughout()).isTrue();
    }

    @Test
    void timeoutsUnansweredRequestsAndFailedChecksDoNotKeepUp() {
        assertThat(new Knee.SecondFigures(10, 10, 10, 0, 1, MS).keptUp()).isFalse();
        assertThat(new Knee.SecondFigures(10, 10, 9, 0, 0, MS).keptUp()).isFalse();
        assertThat(new Knee.SecondFigures(10, 10, 10, 1, 0, MS).keptUp()).isFalse();
    }

    @Test
    void gatlingsSummaryIsReadFromItsConsoleOutput() {
        List<String> lines = List.of(
                "---- Global Information -------------------------------------------------------------|---Total---|-----OK----|----KO----",
                "> request count                                                                      |       275 |       270 |         5",
                "> response time 99th percentile (ms)                                                 |     1,468 |     1,468 |         -",
                "---- Response Time Distribution ----------------------------------------------------------------------------------------",
                "> OK: t < 800 ms                                                                                             45 (16.36%)");
        var stats = GatlingRun.parseSummary(lines);
        assertThat(stats).containsOnlyKeys("request count", "response time 99th percentile (ms)");
        assertThat(stats.get("request count")).containsExactly("275", "270", "5");
        assertThat(stats.get("response time 99th percentile (ms)")).containsExactly("1,468", "1,468", "-");
    }

    @Test
    void gatlingsErrorsAreReadFromTheLastSummary() {
        List<String> lines = List.of(
                "---- Errors ------------------------------------------------------------------------------------",
                "> Reply timeout after 1000 ms                                                         4   (100%)",
                "",
                "---- JMS DSL test ----------------------------------------------------------------------------",
                "---- Global Information ---------------------------------------------|---Total---|-----OK----|----KO----",
                "> request count                                                      |         9 |         3 |         6",
                "---- Errors ------------------------------------------------------------------------------------",
                "> Reply timeout after 1000 ms                                                         5 (83.33%)",
                "> jms check failed: body was 'x'                                                      1 (16.67%)",
                "================================================================================================");
        assertThat(GatlingRun.parseErrors(lines))
                .containsExactly(
                        java.util.Map.entry("Reply timeout after 1000 ms", 5L),
                        java.util.Map.entry("jms check failed: body was 'x'", 1L));
    }
}

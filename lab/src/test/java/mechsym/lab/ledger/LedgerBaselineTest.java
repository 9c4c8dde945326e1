package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import mechsym.lab.Environment;
import mechsym.lab.results.LabRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerBaselineTest {
    @TempDir
    Path dir;

    @Test
    void theLastRunsOfTheMachineAndProfileGiveEachFiguresBetweenRunNoise() throws Exception {
        Environment xeon = LedgerFixtures.machine("Intel Xeon 8375C", 2, "25.0.3");
        LedgerLocation location = LedgerLocation.file(dir.resolve("ledger.db"));
        LabRun current = LedgerFixtures.run(xeon, "2026-12-09T00:00:00Z", 3.0, "lazyset");
        try (Ledger ledger = Ledger.open(location)) {
            ledger.record(LedgerFixtures.run(xeon, "2026-12-01T00:00:00Z", 9.0, "lazyset"), null, null);
            double[] ratios = {2.4, 2.6, 2.5};
            for (int i = 0; i < ratios.length; i++) {
                ledger.record(
                        LedgerFixtures.run(xeon, "2026-12-0" + (i + 2) + "T00:00:00Z", ratios[i], "lazyset"),
                        dir.resolve("r" + i + "/results.json"),
                        null);
            }
            ledger.record(current, null, null);
            // another machine's runs never count
            ledger.record(
                    LedgerFixtures.run(LedgerFixtures.machine("AMD", 8, "25"), "2026-12-05T00:00:00Z", 7.0, "lazyset"),
                    null,
                    null);
        }
        LedgerBaseline baseline = LedgerBaseline.forRun(location, current, 3);
        assertThat(baseline.runs())
                .extracting(RecordedRun::startedAt)
                .containsExactly("2026-12-02T00:00:00Z", "2026-12-03T00:00:00Z", "2026-12-04T00:00:00Z");
        assertThat(baseline.resultsFiles())
                .containsExactly(
                        dir.resolve("r0/results.json"), dir.resolve("r1/results.json"), dir.resolve("r2/results.json"));
        LedgerBaseline.Noise volatileMedian =
                baseline.noise(new FigureKey("lazyset", "measured", "volatile", "median"));
        assertThat(volatileMedian.values()).containsExactly(24.0, 26.0, 25.0);
        assertThat(volatileMedian.median()).isEqualTo(25.0);
        assertThat(volatileMedian.relativeSpread()).isCloseTo(0.08, within(1e-9));
        assertThat(volatileMedian.relativeMad()).isCloseTo(0.04, within(1e-9));
        // a figure that does not move between runs has no noise
        assertThat(baseline.noise(new FigureKey("lazyset", "measured", "lazy", "median"))
                        .relativeSpread())
                .isZero();
        // another profile's runs are another baseline
        LabRun quick = new LabRun(
                current.schema(),
                current.mechsymVersion(),
                current.startedAt(),
                1,
                "quick",
                current.command(),
                current.environment(),
                current.experiments());
        assertThat(LedgerBaseline.forRun(location, quick, 3).runs()).isEmpty();
    }
}

package mechsym.lab.experiments.herding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.herding.HerdingFigures.RoundTrip;
import mechsym.lab.rigs.pingpong.MadeUpMachine;
import mechsym.tools.platform.CpuTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The post's recipe: judged with three CPUs on both sides of mechsym's line and across it, not below. */
class HerdingClaimsTest {
    @TempDir
    Path sys;

    /** Herded p99 1 µs in every round; not herded that times {@code ratios[round]}. */
    static HerdingFigures notHerdedOverHerded(double... ratios) {
        List<RoundTrip> herded = new ArrayList<>();
        List<RoundTrip> roaming = new ArrayList<>();
        for (double r : ratios) {
            herded.add(new RoundTrip(500, 1_000, 2_000));
            roaming.add(new RoundTrip(500, 1_000 * r, 2_000));
        }
        return new HerdingFigures(Map.of(Arrangement.HERDED, herded, Arrangement.NOT_HERDED, roaming));
    }

    private Verdict judge(HerdingFigures figures) throws IOException {
        return HerdingClaims.judge(figures, MadeUpMachine.of(sys, 1, 4, 1));
    }

    @Test
    void aLowerTailWhenHerdedInEveryRoundReproduces() throws IOException {
        Verdict v = judge(notHerdedOverHerded(3, 12, 40));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims()).singleElement().satisfies(c -> {
            assertThat(c.lineIsOurs()).isTrue();
            assertThat(c.reason()).contains("12.0x").contains("n=3");
        });
    }

    @Test
    void aHigherTailWhenHerdedIsNotReproducedAndAcrossTheLineUndecided() throws IOException {
        assertThat(judge(notHerdedOverHerded(0.5, 0.8, 0.9)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(judge(notHerdedOverHerded(0.8, 1.5, 3)).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(judge(notHerdedOverHerded(5)).outcome()).as("one round").isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(judge(new HerdingFigures(Map.of())).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void belowThreeCpusTheRecipeIsNotMeasurableHere() throws IOException {
        CpuTopology vm = MadeUpMachine.of(sys, 1, 2, 1);
        Verdict v = HerdingClaims.judge(notHerdedOverHerded(3, 12, 40), vm);
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(v.claims().getFirst().reason()).contains("2 CPU(s)").contains("Needs: >= 3 CPUs");
    }

    @Test
    void theHerdTakesTheFirstCpuAndTheBenchmarkTwoCoresOfTheRest() throws IOException {
        assertThat(HerdingExperiment.herd(MadeUpMachine.of(sys.resolve("vm"), 1, 2, 1)))
                .isEmpty();
        assertThat(HerdingExperiment.herd(MadeUpMachine.of(sys.resolve("three"), 1, 3, 1)))
                .contains(new HerdingExperiment.Herd(0, 1, 2, 2));
        // 2 cores x 2 threads: CPUs 0,2 share core 0, CPUs 1,3 core 1: the benchmark avoids the herd's core
        assertThat(HerdingExperiment.herd(MadeUpMachine.of(sys.resolve("smt"), 1, 2, 2)))
                .hasValueSatisfying(h -> {
                    assertThat(h.neighbourCpu()).isZero();
                    assertThat(h.pingCpu()).isEqualTo(1);
                    assertThat(h.neighbours()).isEqualTo(3);
                });
        assertThat(HerdingExperiment.herd(MadeUpMachine.of(sys.resolve("big"), 2, 16, 2)))
                .hasValueSatisfying(h -> assertThat(h.neighbours()).isEqualTo(16));
    }
}

package mechsym.lab.experiments.packetanalyser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.tools.analyser.Strategy;
import mechsym.tools.platform.NativePrograms;
import org.junit.jupiter.api.Test;

class PacketAnalyserExperimentTest {
    @Test
    void tinyRunMeasuresEveryStrategyWithHeapAndNativeBuffers() throws Exception {
        ExperimentResult result = TinyRun.run(new PacketAnalyserExperiment());
        Table batch = result.table("batch");
        assertThat(TinyRun.texts(batch, "configuration"))
                .contains(
                        "G1 Dummy",
                        "G1 Allocation",
                        "G1 Mix",
                        "G1 Pooling",
                        "Native G1 Pooling",
                        "Native G1, flat parse Pooling");
        TinyRun.positives(batch, "median");
        boolean cpp = NativePrograms.program("packet_analyser").isAvailable();
        if (cpp) {
            assertThat(TinyRun.texts(batch, "configuration")).contains("C++ Pooling", "C++ flat Pooling");
        }
        assertThat(result.table("gc").rows()).hasSize(6);
        assertThat(result.verdict().claims()).isNotEmpty();
        assertThat(result.goals()).hasSize(3);
        assertThat(result.verdict().claims())
                .allMatch(c -> c.measure() == null || c.measure().n() <= 2, "tiny runs two rounds");
        assertThat(TinyRun.texts(result.table("batch-summary"), "marks")).anyMatch(m -> m.contains("best Java in"));
        if (NativePrograms.program("clock_source").isAvailable()) {
            // G1 pool at the post's 1,000 ns (a sub-claim's cell), the best Java configuration at 200 ns,
            // and flat C++ pool at 200 ns
            assertThat(result.table("realtime").rows()).hasSize(cpp ? 3 : 2);
            assertThat(TinyRun.texts(result.table("realtime"), "interval")).containsOnly("1000", "200");
        }
    }

    @Test
    void everyConfigurationOfEveryProfileHasItsOwnNameAndLogFile() {
        for (Profile profile : Profile.values()) {
            List<JavaConfig> configs = Plan.of(profile).javaConfigs();
            assertThat(configs.stream().map(c -> c.solution().name()))
                    .as(profile.label())
                    .doesNotHaveDuplicates();
            assertThat(configs.stream().map(c -> c.fileName("B-pool"))).doesNotHaveDuplicates();
        }
        List<JavaConfig> full = Plan.of(Profile.FULL).javaConfigs();
        assertThat(full.stream().map(c -> c.solution().name()))
                .contains("Parallel (the post's 'CMS')", "Native ZGC", "Shenandoah", "Native Shenandoah generational");
    }

    @Test
    void theSeedsTwentyOneTablesAreThere() {
        List<Table> seed = new PacketAnalyserExperiment().seedFigures();
        assertThat(seed.stream().filter(t -> t.id().matches("seed-\\d\\d-.*"))).hasSize(21);
        assertThat(seed).allMatch(t -> t.source() == Table.Source.SEED);
    }

    @Test
    void theSeedsSummaryAgreesWithItsSectionTables() {
        // the batch summary repeats each section's figures: a typo in one of them shows here
        List<Table> seed = new PacketAnalyserExperiment().seedFigures();
        Table flat = seed.stream()
                .filter(t -> t.id().equals("seed-18-batch-cpp-flat"))
                .findFirst()
                .orElseThrow();
        Table summary = seed.stream()
                .filter(t -> t.id().equals("seed-20-batch-summary"))
                .findFirst()
                .orElseThrow();
        for (List<Object> row : flat.rows()) {
            if (row.getFirst().equals("Dummy")) {
                continue;
            }
            List<Object> inSummary = summary.rows().stream()
                    .filter(r -> r.get(0).equals("C++ flat") && r.get(1).equals(row.getFirst()))
                    .findFirst()
                    .orElseThrow();
            assertThat(inSummary.subList(2, 5)).isEqualTo(row.subList(1, 4));
        }
    }

    @Test
    void theSummaryMarksTheBestOfEachColumnAndTheBestJava() {
        List<BatchFigure> batch = List.of(
                Figures.heap(Collector.G1, Strategy.POOL, "B", 300, 310),
                Figures.heap(Collector.ZGC, Strategy.POOL, "B", 250, 260),
                Figures.heap(Collector.G1, Strategy.DUMMY, "B", 10, 10),
                Figures.of(Solution.CPP_FLAT, Strategy.POOL, "B", 150, 150));
        Table t = PacketAnalyserReport.batchSummary(batch, Plan.of(Profile.QUICK));
        assertThat(TinyRun.texts(t, "marks")).containsExactly("second-best Java in B", "best Java in B", "best in B");
        assertThat(PacketAnalyserExperiment.bestJava(batch, "B").orElseThrow().median())
                .isEqualTo(255);
    }

    @Test
    void theQuickPlanRunsWhatDecidesTheBatchSubClaimsAndGoalsInRounds() {
        Plan quick = Plan.of(Profile.QUICK);
        assertThat(quick.rounds()).isGreaterThanOrEqualTo(3);
        assertThat(quick.realTimeRounds()).isGreaterThanOrEqualTo(2);
        assertThat(quick.search()).isFalse();
        List<String> jobs = quick.batch().stream()
                .map(j -> j.solution().name() + " " + j.strategy().label() + " "
                        + j.analyserCase().label())
                .toList();
        for (Collector collector : List.of(Collector.PARALLEL, Collector.G1, Collector.ZGC)) {
            assertThat(jobs).contains(collector.label() + " alloc B", collector.label() + " pool B");
        }
        assertThat(jobs).contains("G1 mix A", "G1 pool A", "C++ flat pool B", "C++ flat pool A");
        assertThat(jobs).noneMatch(j -> j.endsWith(" C"));
        // real time: case A at the post's 1,000 ns decides pooling against allocation and G1 and ZGC
        // against Parallel, one trial per round each
        assertThat(quick.referenceTrials())
                .extracting(j -> j.solution().name() + " " + j.strategy().label() + " "
                        + j.analyserCase().label())
                .containsExactlyInAnyOrder(
                        Collector.PARALLEL.label() + " pool A",
                        Collector.PARALLEL.label() + " alloc A",
                        "G1 pool A",
                        "ZGC pool A");
        assertThat(quick.referenceTrials()).allMatch(j -> j.kind() == RealTimeJob.Kind.REFERENCE);
        assertThat(Plan.of(Profile.FULL).referenceTrials()).isEmpty();
    }
}

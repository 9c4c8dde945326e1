package mechsym.lab.experiments.packetanalyser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.tools.platform.NativePrograms;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PacketAnalyserExperimentTest {
    @TempDir
    Path dir;

    @Test
    void tinyRunMeasuresEveryStrategyWithHeapAndNativeBuffers() throws Exception {
        ExperimentResult result = TinyRun.run(new PacketAnalyserExperiment(), dir);
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
        assertThat(result.goals()).hasSize(2);
        assertThat(TinyRun.texts(result.table("batch-summary"), "marks")).anyMatch(m -> m.contains("best Java in"));
        if (NativePrograms.program("clock_source").isAvailable()) {
            // the best Java configuration at 200 ns, and flat C++ pool at 200 ns
            assertThat(result.table("realtime").rows()).hasSize(cpp ? 2 : 1);
            assertThat(TinyRun.texts(result.table("realtime"), "interval")).containsOnly("200");
        }
    }

    @Test
    void everyConfigurationOfEveryProfileHasItsOwnNameAndLogFile() {
        for (Profile profile : Profile.values()) {
            List<JavaConfig> configs = Plan.of(profile).javaConfigs();
            assertThat(configs.stream().map(JavaConfig::solution))
                    .as(profile.label())
                    .doesNotHaveDuplicates();
            assertThat(configs.stream().map(c -> c.fileName("B-pool"))).doesNotHaveDuplicates();
        }
        List<JavaConfig> full = Plan.of(Profile.FULL).javaConfigs();
        assertThat(full.stream().map(JavaConfig::solution))
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
        List<PacketAnalyserExperiment.BatchFigure> batch = List.of(
                PacketAnalyserVerdictTest.java(Collector.G1, "pool", "B", 300),
                PacketAnalyserVerdictTest.java(Collector.ZGC, "pool", "B", 250),
                PacketAnalyserVerdictTest.java(Collector.G1, "dummy", "B", 10),
                PacketAnalyserVerdictTest.cpp("C++ flat", "pool", "B", 150));
        Table t = PacketAnalyserReport.batchSummary(batch, Plan.of(Profile.QUICK));
        assertThat(TinyRun.texts(t, "marks")).containsExactly("second-best Java in B", "best Java in B", "best in B");
        assertThat(PacketAnalyserExperiment.bestJava(batch).get("B").nsPerPacket())
                .isEqualTo(250);
        assertThat(PacketAnalyserExperiment.bestFlat(batch).get("B").nsPerPacket())
                .isEqualTo(150);
    }
}

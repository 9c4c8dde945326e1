package mechsym.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import mechsym.lab.Experiment;
import mechsym.lab.Table;
import org.junit.jupiter.api.Test;

class ExperimentCatalogTest {
    @Test
    void idsAreUniqueAndIncludeTheFoundationExperiments() {
        List<String> ids = ExperimentCatalog.ids();
        assertThat(new HashSet<>(ids)).hasSameSizeAs(ids);
        assertThat(ids).contains("memory-access", "dispatch");
    }

    @Test
    void emptySelectionMeansAll() {
        assertThat(ExperimentCatalog.select(List.of())).isEqualTo(ExperimentCatalog.all());
    }

    @Test
    void selectionKeepsTheGivenOrderAndDropsRepeats() {
        assertThat(ExperimentCatalog.select(List.of("dispatch", "memory-access", "dispatch")))
                .extracting(Experiment::id)
                .containsExactly("dispatch", "memory-access");
    }

    @Test
    void unknownIdNamesItAndListsTheValidOnes() {
        assertThatThrownBy(() -> ExperimentCatalog.select(List.of("memory-access", "nope")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nope")
                .hasMessageContaining("memory-access")
                .hasMessageContaining("dispatch");
        // quoted, so that an empty id or one with spaces can be seen
        assertThatThrownBy(() -> ExperimentCatalog.select(List.of("", "a b")))
                .hasMessageStartingWith("unknown experiment ids '', 'a b'; valid ids: memory-access");
    }

    @Test
    void everyExperimentDeclaresItsSeedAndLabelledSeedFigures() {
        for (Experiment e : ExperimentCatalog.all()) {
            assertThat(e.claim()).as(e.id()).isNotBlank();
            assertThat(e.seed().file()).as(e.id()).matches("\\d{3}_.*\\.txt");
            assertThat(e.seedFigures()).as(e.id()).isNotEmpty().allSatisfy(t -> {
                assertThat(t.source()).isEqualTo(Table.Source.SEED);
                assertThat(t.machine()).isNotBlank();
            });
        }
    }
}

package mechsym.lab.experiments.cachefallacy;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.TinyRun;
import org.junit.jupiter.api.Test;

class CacheFallacyExperimentTest {
    @Test
    void tinyRunScoresEveryStoreModeAndBothLayouts() throws Exception {
        ExperimentResult result = TinyRun.run(new CacheFallacyExperiment());
        Table stores = result.table("store-cost");
        assertThat(TinyRun.texts(stores, "store"))
                .containsExactly(
                        "set (plain)",
                        "setOpaque",
                        "setRelease (lazySet)",
                        "volatile store",
                        "core Sequence setRelease",
                        "core Sequence setVolatile");
        TinyRun.positives(stores, "score");
        Table sharing = result.table("false-sharing");
        assertThat(TinyRun.texts(sharing, "layout"))
                .containsExactly(
                        "unpadded (same line)",
                        "padded (two lines apart)",
                        "unpadded (same line)",
                        "padded (two lines apart)",
                        "core Sequence (padded)");
        assertThat(TinyRun.texts(sharing, "writes"))
                .containsExactly(
                        "opaque (plain mov)",
                        "opaque (plain mov)",
                        "volatile (mov + lock addl)",
                        "volatile (mov + lock addl)",
                        "volatile (mov + lock addl)");
        TinyRun.positives(sharing, "score");
        // tiny figures decide little, but the store scores reach the verdict's sub-claims
        assertThat(result.verdict().claims()).hasSize(3);
        assertThat(result.verdict().claims())
                .filteredOn(c -> c.claim().equals(CacheFallacyClaims.LAZY_SET))
                .allSatisfy(c -> assertThat(c.measure().n()).isEqualTo(2));
    }
}

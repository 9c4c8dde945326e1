package mechsym.lab.experiments.interthreadlatency;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.tools.asm.Hsdis;
import mechsym.tools.platform.NativePrograms;
import org.junit.jupiter.api.Test;

class InterThreadLatencyExperimentTest {
    @Test
    void tinyRunMeasuresEveryVariantWithPositiveRoundTrips() throws Exception {
        InterThreadLatencyExperiment experiment = new InterThreadLatencyExperiment();
        ExperimentResult result = TinyRun.run(experiment);
        Path dir = TinyRun.shared(experiment).dir();
        Table rtt = result.table("rtt");
        boolean cpp = NativePrograms.program("pingpong").isAvailable();
        assertThat(TinyRun.texts(rtt, "variant"))
                .contains("Java volatile (the post)", "Java setRelease/getAcquire", "Java setOpaque/getOpaque")
                .hasSize(cpp ? 5 : 3);
        TinyRun.positives(rtt, "median");
        TinyRun.positives(rtt, "round trips");
        if (cpp) {
            assertThat(TinyRun.positives(rtt, "median / C++ release")).hasSize(5);
        }
        assertThat(result.notes()).anyMatch(n -> n.contains("hsdis"));
        // the distribution: the post's unpadded cells, padded ones and core's Sequence, pinned and not
        Table distribution = result.table("rtt-distribution");
        assertThat(TinyRun.texts(distribution, "cells"))
                .contains("the post's: two fields on one line", "core's Sequence (padded)");
        assertThat(TinyRun.texts(distribution, "placement")).contains("unpinned");
        TinyRun.positives(distribution, "p50");
        TinyRun.positives(distribution, "max");
        try (var files = java.nio.file.Files.walk(dir)) {
            assertThat(files.filter(f -> f.toString().endsWith(".hgrm")))
                    .hasSize(distribution.rows().size());
        }
        // the post's observation on this JDK: C2 fences the volatile store, not the release store
        Table fences = result.table("fences");
        assertThat(TinyRun.texts(fences, "variant")).hasSize(3);
        List<Object> volatileRow = fences.rows().get(0);
        List<Object> releaseRow = fences.rows().get(1);
        if (((Number) volatileRow.get(1)).intValue() > 0) {
            assertThat(((Number) volatileRow.get(3)).intValue()).isPositive();
        }
        if (((Number) releaseRow.get(1)).intValue() > 0) {
            assertThat(((Number) releaseRow.get(3)).intValue()).isZero();
        }
        // with mechsym's hsdis the table also names the instruction after the store
        if (Hsdis.find().isAvailable() && ((Number) volatileRow.get(1)).intValue() > 0) {
            List<String> after = TinyRun.texts(fences, "instruction after the store");
            List<String> stores = TinyRun.texts(fences, "the store (pong)");
            // a tiny run may end before C2 compiles a variant's pong: its store is then "not found", its
            // fence count is of the code that was printed, and there is no instruction after to read
            for (int variant = 0; variant < 3; variant++) {
                if (!stores.get(variant).equals("not found")) {
                    assertThat(after.get(variant))
                            .as(stores.get(variant))
                            .startsWith(variant == 0 ? "lock addl" : "none");
                }
            }
            assertThat(stores).allMatch(store -> store.startsWith("mov") || store.equals("not found"));
        }
    }

    @Test
    void aForkedRunAcknowledgesEveryRoundTrip() throws Exception {
        PingPong.Run run = PingPong.runOnce(0, 20);
        assertThat(run.roundTrips()).isPositive();
        assertThat(run.rttNs()).isPositive();
        assertThat(run.mode()).isEqualTo("VOLATILE");
    }
}

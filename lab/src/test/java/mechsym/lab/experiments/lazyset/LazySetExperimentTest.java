package mechsym.lab.experiments.lazyset;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.experiments.lazyset.Counters.Storage;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.tools.platform.CpuTopology.Placement;
import org.junit.jupiter.api.Test;

class LazySetExperimentTest {
    @Test
    void tinyRunFillsBothExperimentsForEverySetMethod() throws Exception {
        LazySetExperiment experiment = new LazySetExperiment();
        ExperimentResult result = TinyRun.run(experiment);
        Path dir = TinyRun.shared(experiment).dir();
        for (String id : List.of("ping-pong", "catch-up")) {
            Table table = result.table(id);
            assertThat(TinyRun.texts(table, "set")).contains("volatile", "lazy", "direct");
            assertThat(TinyRun.texts(table, "storage")).contains("field");
            TinyRun.positives(table, "min");
            TinyRun.positives(table, "median");
        }
        Table ratios = result.table("ratios");
        assertThat(TinyRun.texts(ratios, "comparison")).contains("volatile / lazy"); // direct may fail its guard
        TinyRun.positives(ratios, "ratio");
        TinyRun.positives(ratios, "median"); // the ratio within each round: one round in the tiny profile
        // volatile and lazy publication are ordered: their catch-up sums must always be right
        Table catchUp = result.table("catch-up");
        List<String> sets = TinyRun.texts(catchUp, "set");
        List<String> guards = TinyRun.texts(catchUp, "guard");
        for (int i = 0; i < sets.size(); i++) {
            if (!sets.get(i).equals("direct")) {
                assertThat(guards.get(i)).as(sets.get(i)).isEqualTo("ok");
            }
        }
        // the timed ping-pong: every set method, the post's unpadded cells and core's Sequence, pinned
        if (mechsym.tools.platform.CpuAffinity.isSupported()) {
            Table distribution = result.table("ping-pong-distribution");
            assertThat(TinyRun.texts(distribution, "store"))
                    .contains("volatile", "lazy (setRelease)", "direct (plain)");
            assertThat(TinyRun.texts(distribution, "cells"))
                    .contains("the post's: two fields on one line", "core's Sequence (padded)");
            assertThat(TinyRun.texts(distribution, "placement")).anyMatch(p -> p.startsWith("one logical CPU"));
            if (CpuPair.here(Placement.CROSS_CORE).isPresent()) {
                assertThat(TinyRun.texts(distribution, "placement")).anyMatch(p -> p.startsWith("two cores"));
            }
            TinyRun.positives(distribution, "p50");
            TinyRun.positives(distribution, "max");
            try (var files = java.nio.file.Files.walk(dir)) {
                assertThat(files.filter(f -> f.getFileName().toString().startsWith("ping-pong-")
                                && f.toString().endsWith(".hgrm")))
                        .hasSize(distribution.rows().size());
            }
        }
    }

    @Test
    void everyStoragePublishesEveryValueInCatchUpAndPingPong() throws Exception {
        // this JVM runs the default set method, VOLATILE; pinned as the experiment pins them where it can
        LazySetRun.Cpus cpus = CpuPair.here(Placement.CROSS_CORE)
                .map(p -> new LazySetRun.Cpus(p.first(), p.second()))
                .orElse(LazySetRun.Cpus.UNPINNED);
        try (Arena arena = Arena.ofShared()) {
            for (Storage storage : Storage.values()) {
                LazySetRun.Run catchUp =
                        LazySetRun.catchUp(storage, Counters.pair(storage, arena)[0], new long[4096], 3, cpus);
                assertThat(catchUp.checksumOk()).as(storage.name()).isTrue();
                assertThat(catchUp.ops()).isEqualTo(4096);
                LazySetRun.Run pingPong = LazySetRun.pingPong(storage, Counters.pair(storage, arena), 0, 5, cpus);
                assertThat(pingPong.checksumOk()).as(storage.name()).isTrue();
                assertThat(pingPong.ops()).isPositive();
            }
        }
    }

    @Test
    void paddedSegmentCountersAreACacheLinePairApartAndUnpaddedOnesShareALine() {
        try (Arena arena = Arena.ofConfined()) {
            Counters.Counter[] padded = Counters.pair(Storage.SEGMENT_PADDED, arena);
            Counters.Counter[] unpadded = Counters.pair(Storage.SEGMENT, arena);
            padded[0].set(1);
            padded[1].set(2);
            unpadded[0].set(3);
            unpadded[1].set(4);
            assertThat(List.of(padded[0].get(), padded[1].get(), unpadded[0].get(), unpadded[1].get()))
                    .containsExactly(1L, 2L, 3L, 4L);
        }
    }
}

package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every field type round-trips at the first, a middle and the last index, in every storage. */
class RoundTripTest {
    private static final long CAPACITY = 1001;
    private static final long[] INDEXES = {0, CAPACITY / 2, CAPACITY - 1};

    @TempDir
    Path dir;

    enum Backing {
        ARENA,
        ARENA_HUGE_PAGES,
        FILE
    }

    static Stream<Arguments> storages() {
        List<Arguments> all = new ArrayList<>();
        for (StorageForm form : StorageForm.values()) {
            for (RecordLayout layout : List.of(AllTypes.PACKED, AllTypes.ALIGNED)) {
                for (Backing backing : Backing.values()) {
                    all.add(Arguments.of(form, layout.isPacked() ? "packed" : "aligned", backing));
                }
            }
        }
        return all.stream();
    }

    private RecordStore open(StorageForm form, RecordLayout layout, Backing backing) throws IOException {
        RecordStore.Builder builder = RecordStore.builder(layout).form(form).capacity(CAPACITY);
        return switch (backing) {
            case ARENA -> builder.allocate();
            case ARENA_HUGE_PAGES -> builder.pagePolicy(PagePolicy.HUGE_PAGES).allocate();
            case FILE -> builder.create(dir.resolve("records.bin"));
        };
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("storages")
    void everyFieldTypeRoundTripsAtFirstMiddleAndLastIndex(StorageForm form, String packing, Backing backing)
            throws IOException {
        RecordLayout layout = packing.equals("packed") ? AllTypes.PACKED : AllTypes.ALIGNED;
        Random random = new Random(42 + form.ordinal() * 7 + packing.length() + backing.ordinal() * 31);
        AllTypes.Values[] written = new AllTypes.Values[INDEXES.length * 2];
        try (RecordStore store = open(form, layout, backing)) {
            AllTypes record = store.bind(new AllTypes(layout));
            store.setSize(CAPACITY);
            for (int k = 0; k < INDEXES.length; k++) {
                written[k] = AllTypes.extreme(k);
                written[INDEXES.length + k] = AllTypes.random(random);
            }
            for (int round = 0; round < 2; round++) {
                for (int k = 0; k < INDEXES.length; k++) {
                    record.moveTo(INDEXES[k]);
                    record.write(written[round * INDEXES.length + k]);
                }
                // read all back after all were written: neighbours must not overwrite each other
                for (int k = 0; k < INDEXES.length; k++) {
                    record.moveTo(INDEXES[k]);
                    AllTypes.Values read = record.read();
                    assertThat(read.sameAs(written[round * INDEXES.length + k]))
                            .as("index %d round %d: %s", INDEXES[k], round, read)
                            .isTrue();
                }
            }
            // an index next to the written ones is untouched (fresh memory is zero)
            record.moveTo(1);
            assertThat(record.longValue()).isZero();
            record.moveTo(CAPACITY - 2);
            assertThat(record.read().text()).isEmpty();
            store.flush();
        }
        if (backing == Backing.FILE) {
            try (RecordStore reopened = RecordStore.builder(layout).openReadOnly(dir.resolve("records.bin"))) {
                assertThat(reopened.form()).isEqualTo(form);
                assertThat(reopened.size()).isEqualTo(CAPACITY);
                AllTypes record = reopened.bind(new AllTypes(layout));
                for (int k = 0; k < INDEXES.length; k++) {
                    record.moveTo(INDEXES[k]);
                    assertThat(record.read().sameAs(written[INDEXES.length + k]))
                            .isTrue();
                }
            }
        }
    }
}

package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The padding claims, checked on the real field layout of this JVM (JOL) rather than by reading the
 * declarations: fields written by different threads are at least 128 bytes apart, and a written
 * field is at least 128 bytes from either end of the object, so no other object shares its lines.
 */
class PaddingLayoutTest {
    private static final int PAD = 128;

    @Test
    void sequenceValueIsAloneOnItsLines() {
        assertIsolated(Sequence.class, List.of(Set.of("value")), true);
    }

    @Test
    void spscProducerAndConsumerFieldsAreOnSeparateLines() {
        assertIsolated(
                SpscQueue.class,
                List.of(
                        Set.of("mask", "buffer", "threshold"),
                        Set.of("producerIndex", "producerLimit", "consumerIndexCache", "thresholdLimit"),
                        Set.of("consumerIndex")),
                true);
    }

    @Test
    void mpscClaimCounterLimitAndConsumerIndexAreOnSeparateLines() {
        assertIsolated(
                MpscQueue.class,
                List.of(
                        Set.of("mask", "buffer", "threshold"),
                        Set.of("producerIndex"),
                        Set.of("producerLimit"),
                        Set.of("consumerIndex")),
                true);
    }

    @Test
    void singleProducerClaimStateIsAloneOnItsLines() {
        assertIsolated(SingleProducerSequencer.class, List.of(Set.of("nextValue", "cachedGatingSequence")), false);
    }

    @Test
    void ringBufferFieldsArePaddedFromNeighbours() {
        assertIsolated(RingBuffer.class, List.of(Set.of("entries", "mask", "sequencer")), true);
    }

    /**
     * Every pair of groups is {@link #PAD} bytes apart; the last group is {@code PAD} bytes from the
     * end; with {@code fromStart}, the first group is {@code PAD} bytes from the start too (the
     * read-only fields of a queue and a ring buffer, read on every operation, are kept away from
     * whatever object the heap placed before this one).
     */
    private static void assertIsolated(Class<?> type, List<Set<String>> groups, boolean fromStart) {
        ClassLayout layout = ClassLayout.parseClass(type);
        List<long[]> spans = new ArrayList<>(); // [first offset, end offset] per group
        for (Set<String> group : groups) {
            List<FieldLayout> fields = layout.fields().stream()
                    .filter(field -> group.contains(field.name()))
                    .toList();
            assertThat(fields)
                    .as("fields %s of %s", group, type.getSimpleName())
                    .hasSize(group.size());
            long first = fields.stream().mapToLong(FieldLayout::offset).min().orElseThrow();
            long end = fields.stream()
                    .mapToLong(field -> field.offset() + field.size())
                    .max()
                    .orElseThrow();
            spans.add(new long[] {first, end});
        }
        spans.sort((a, b) -> Long.compare(a[0], b[0]));
        String printable = layout.toPrintable();
        for (int i = 1; i < spans.size(); i++) {
            assertThat(spans.get(i)[0] - spans.get(i - 1)[1])
                    .as("gap between field groups of %s%n%s", type.getSimpleName(), printable)
                    .isGreaterThanOrEqualTo(PAD);
        }
        assertThat(layout.instanceSize() - spans.getLast()[1])
                .as("bytes after the last group of %s", type.getSimpleName())
                .isGreaterThanOrEqualTo(PAD);
        if (fromStart) {
            assertThat(spans.getFirst()[0])
                    .as("bytes before the first group of %s", type.getSimpleName())
                    .isGreaterThanOrEqualTo(PAD);
        }
    }
}

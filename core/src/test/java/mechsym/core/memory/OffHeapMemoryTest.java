package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OffHeapMemoryTest {
    @ParameterizedTest
    @EnumSource(PagePolicy.class)
    void everyPolicyGivesZeroedMemoryOfTheSizeAskedThatDiesWithItsArena(PagePolicy policy) {
        long bytes = 3 * OffHeapMemory.HUGE_PAGE_SIZE + 123;
        MemorySegment segment;
        try (Arena arena = Arena.ofConfined()) {
            OffHeapMemory.Allocation allocation = OffHeapMemory.allocate(arena, bytes, policy);
            segment = allocation.segment();
            assertThat(segment.byteSize()).isEqualTo(bytes);
            assertThat(segment.address() % 64).isZero();
            for (long at = 0; at < bytes; at += 4093) {
                assertThat(segment.get(ValueLayout.JAVA_BYTE, at)).isZero();
            }
            segment.set(ValueLayout.JAVA_LONG_UNALIGNED, bytes - 8, -1L);
            assertThat(segment.get(ValueLayout.JAVA_LONG_UNALIGNED, bytes - 8)).isEqualTo(-1L);
            if (OffHeapMemory.nativePagingAvailable() && policy != PagePolicy.DEFAULT) {
                assertThat(allocation.mapped()).isTrue();
                assertThat(allocation.preTouched()).isEqualTo(policy.preTouch());
                assertThat(allocation.hugePagesAdvised()).isEqualTo(policy.hugePages());
                if (policy.hugePages()) {
                    assertThat(segment.address() % OffHeapMemory.HUGE_PAGE_SIZE).isZero();
                }
            } else {
                assertThat(allocation.hugePagesAdvised()).isFalse();
            }
        }
        assertThatThrownBy(() -> segment.get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
    }

    @org.junit.jupiter.api.Test
    void preTouchRefusesReadOnlyAndClosedMemoryAsItsJavadocSays() {
        MemorySegment closed;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment memory = arena.allocate(3 * 4096 + 1);
            memory.set(ValueLayout.JAVA_BYTE, 4096, (byte) 9);
            assertThatThrownBy(() -> OffHeapMemory.preTouch(memory.asReadOnly()))
                    .isInstanceOf(IllegalArgumentException.class);
            OffHeapMemory.preTouch(memory);
            assertThat(memory.get(ValueLayout.JAVA_BYTE, 4096))
                    .as("a zero byte is written")
                    .isZero();
            closed = memory;
        }
        assertThatThrownBy(() -> OffHeapMemory.preTouch(closed)).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest
    @EnumSource(PagePolicy.class)
    void zeroBytesIsAnEmptySegment(PagePolicy policy) {
        try (Arena arena = Arena.ofConfined()) {
            assertThat(OffHeapMemory.allocate(arena, 0, policy).segment().byteSize())
                    .isZero();
        }
    }
}

package mechsym.core.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ObjectPoolTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void aFixedPoolHandsOutItsObjectsThenNull() {
        AtomicInteger made = new AtomicInteger();
        ObjectPool<int[]> pool = ObjectPool.fixed(3, () -> new int[] {made.incrementAndGet()});
        assertThat(made.get()).isEqualTo(3);
        assertThat(pool.available()).isEqualTo(3);
        List<int[]> lent = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            lent.add(pool.acquire());
        }
        assertThat(lent).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(pool.acquire()).isNull();
        assertThat(made.get()).isEqualTo(3);
        assertThat(pool.outstanding()).isEqualTo(3);
        lent.forEach(pool::release);
        assertThat(pool.available()).isEqualTo(3);
        assertThat(pool.leakCheck()).isNull();
    }

    @Test
    void theLastReleasedIsTheNextAcquired() {
        ObjectPool<Object> pool = ObjectPool.fixed(2, Object::new);
        Object a = pool.acquire();
        Object b = pool.acquire();
        pool.release(a);
        assertThat(pool.acquire()).isSameAs(a);
        pool.release(b);
    }

    @Test
    void anAllocatingPoolMakesObjectsWhenEmptyAndDropsWhenFull() {
        AtomicInteger made = new AtomicInteger();
        ObjectPool<Object> pool = ObjectPool.allocatingWhenEmpty(2, () -> {
            made.incrementAndGet();
            return new Object();
        });
        Object a = pool.acquire();
        Object b = pool.acquire();
        Object c = pool.acquire(); // empty: made by the factory
        assertThat(c).isNotNull().isNotSameAs(a).isNotSameAs(b);
        assertThat(made.get()).isEqualTo(3);
        assertThat(pool.allocatedWhenEmptyCount()).isEqualTo(1);
        assertThat(pool.release(a)).isTrue();
        assertThat(pool.release(b)).isTrue();
        assertThat(pool.release(c)).isFalse(); // full: dropped
        assertThat(pool.droppedCount()).isEqualTo(1);
        assertThat(pool.available()).isEqualTo(2);
        assertThat(pool.leakCheck()).isNull();
    }

    @Test
    void aPacketNeverReturnedIsReported() {
        ObjectPool<Object> pool = ObjectPool.fixed(4, Object::new);
        Object kept = pool.acquire();
        pool.release(pool.acquire());
        pool.acquire();
        assertThat(pool.outstanding()).isEqualTo(2);
        assertThat(pool.leakCheck()).isEqualTo("2 objects were acquired and never released (acquired 3, released 1)");
        pool.release(kept);
        assertThat(pool.leakCheck()).startsWith("1 object was acquired and never released");
    }

    @Test
    void anExtraReleaseIsReportedToo() {
        ObjectPool<Object> pool = ObjectPool.allocatingWhenEmpty(1, Object::new);
        Object a = pool.acquire();
        pool.release(a);
        pool.release(new Object());
        assertThat(pool.leakCheck()).startsWith("1 more release than acquires");
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> ObjectPool.fixed(-1, Object::new)).hasMessageContaining("capacity must be >= 0");
        assertThatThrownBy(() -> ObjectPool.fixed(1, () -> null)).hasMessageContaining("factory returned null");
        ObjectPool<Object> pool = ObjectPool.fixed(1, Object::new);
        assertThatThrownBy(() -> pool.release(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void acquireAndReleaseAllocateNothing() {
        ObjectPool<Object> pool = ObjectPool.allocatingWhenEmpty(64, Object::new);
        long[] sink = new long[1];
        Runnable operations = () -> {
            for (int i = 0; i < 100_000; i++) {
                Object a = pool.acquire();
                Object b = pool.acquire();
                sink[0] += a.hashCode() & 1;
                pool.release(b);
                pool.release(a);
            }
        };
        operations.run();
        long before = THREADS.getCurrentThreadAllocatedBytes();
        operations.run();
        long bytes = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertThat(bytes).isLessThan(4_096);
        assertThat(pool.allocatedWhenEmptyCount()).isZero();
    }

    @Test
    void eachObjectComesBackWithTheTagItWasReleasedWith() {
        AtomicInteger made = new AtomicInteger();
        ObjectPool<int[]> pool =
                ObjectPool.allocatingWhenEmpty(2, () -> new int[] {made.incrementAndGet()}, a -> a[0] * 100L);
        int[] first = pool.acquire();
        assertThat(pool.acquiredTag()).isEqualTo(first[0] * 100L); // tagged by tagOf when made
        int[] second = pool.acquire();
        int[] third = pool.acquire(); // made when empty, tagged too
        assertThat(pool.acquiredTag()).isEqualTo(300L);
        assertThat(pool.release(first, 7)).isTrue();
        assertThat(pool.release(second, 8)).isTrue();
        assertThat(pool.release(third, 9)).isFalse(); // full: dropped, its tag with it
        assertThat(pool.acquire()).isSameAs(second);
        assertThat(pool.acquiredTag()).isEqualTo(8);
        assertThat(pool.acquire()).isSameAs(first);
        assertThat(pool.acquiredTag()).isEqualTo(7);
        pool.release(first);
        pool.acquire();
        assertThat(pool.acquiredTag()).isZero(); // released without a tag
    }
}

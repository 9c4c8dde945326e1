package mechsym.lab.experiments.memoryaccess;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import mechsym.lab.ForkedJvm;

/**
 * The post's TestMemoryAccessPatterns, run in a forked JVM: one stride over one storage, several
 * runs, each emitting its ns/op. One JVM per (storage, stride) like the post, so each walk's call
 * site stays monomorphic.
 *
 * <pre>
 * args: STORAGE(long[]|segment) STRIDE BYTES RUNS
 * </pre>
 *
 * The walks are the post's code, word for word, with the array size a parameter; the segment
 * variant replaces {@code memory[pos]} by {@code segment.getAtIndex(JAVA_LONG, pos)}.
 */
public final class MemoryWalk {
    static final int LONG_SIZE = 8;
    static final int PAGE_SIZE = 2 * 1024 * 1024;
    static final int WORDS_PER_PAGE = PAGE_SIZE / LONG_SIZE;
    static final int PAGE_MASK = WORDS_PER_PAGE - 1;
    static final int PRIME_INC = 514229;
    static final long LARGE_PRIME_INC = 70368760954879L;
    static final long FILL = 777;

    /** The post's strides; RANDOM_HEAP_WALK_LARGE_PRIME is its 06-Aug-2012 update. */
    public enum Stride {
        LINEAR_WALK {
            @Override
            int next(int arrayMask, int pageOffset, int wordOffset, int pos) {
                return (pos + 1) & arrayMask;
            }
        },
        RANDOM_PAGE_WALK {
            @Override
            int next(int arrayMask, int pageOffset, int wordOffset, int pos) {
                return pageOffset + ((pos + PRIME_INC) & PAGE_MASK);
            }
        },
        RANDOM_HEAP_WALK {
            @Override
            int next(int arrayMask, int pageOffset, int wordOffset, int pos) {
                return (pos + PRIME_INC) & arrayMask;
            }
        },
        RANDOM_HEAP_WALK_LARGE_PRIME {
            @Override
            int next(int arrayMask, int pageOffset, int wordOffset, int pos) {
                return (int) (pos + LARGE_PRIME_INC) & arrayMask;
            }
        };

        abstract int next(int arrayMask, int pageOffset, int wordOffset, int pos);
    }

    /** One run's figure, sent to the parent. */
    public record Run(String storage, String stride, long bytes, int run, double nsPerOp, long checksum) {}

    private MemoryWalk() {}

    /**
     * What the parent asks of one fork: the storage ({@code heap}, {@code segment}), its walk, its
     * size in bytes, and how many runs.
     */
    public record Input(String storage, Stride stride, long bytes, int runs) {}

    public static void main(String[] args) {
        Input input = ForkedJvm.input(args, Input.class);
        String storage = input.storage();
        Stride stride = input.stride();
        long bytes = input.bytes();
        int runs = input.runs();
        int arraySize = Math.toIntExact(bytes / LONG_SIZE);
        if (Integer.bitCount(arraySize) != 1 || arraySize < WORDS_PER_PAGE) {
            throw new IllegalArgumentException("size must be a power of two of at least one 2 MiB page: " + bytes);
        }
        long expected = FILL * arraySize;
        if (storage.equals("segment")) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment memory = arena.allocate(bytes, PAGE_SIZE);
                for (long i = 0; i < arraySize; i++) {
                    memory.setAtIndex(ValueLayout.JAVA_LONG, i, FILL);
                }
                for (int run = 0; run < runs; run++) {
                    long start = System.nanoTime();
                    long result = walk(memory, arraySize, stride);
                    emit(storage, stride, bytes, run, start, arraySize, result, expected);
                }
            }
        } else {
            long[] memory = new long[arraySize];
            java.util.Arrays.fill(memory, FILL);
            for (int run = 0; run < runs; run++) {
                long start = System.nanoTime();
                long result = walk(memory, stride);
                emit(storage, stride, bytes, run, start, arraySize, result, expected);
            }
        }
    }

    private static void emit(
            String storage, Stride stride, long bytes, int run, long start, int arraySize, long result, long expected) {
        double nsOp = (System.nanoTime() - start) / (double) arraySize;
        // the post's checksum: every word is read once, so a fast wrong walk cannot pass
        if (result != expected) {
            throw new IllegalStateException("checksum " + result + " != " + expected + " for " + stride);
        }
        ForkedJvm.emit(new Run(storage, stride.name(), bytes, run, nsOp, result));
    }

    /** The post's perfTest loop over a long[]. */
    static long walk(long[] memory, Stride stride) {
        final int arraySize = memory.length;
        final int arrayMask = arraySize - 1;
        int pos = -1;
        long result = 0;
        for (int pageOffset = 0; pageOffset < arraySize; pageOffset += WORDS_PER_PAGE) {
            for (int wordOffset = pageOffset, limit = pageOffset + WORDS_PER_PAGE; wordOffset < limit; wordOffset++) {
                pos = stride.next(arrayMask, pageOffset, wordOffset, pos);
                result += memory[pos];
            }
        }
        return result;
    }

    /** The same loop over an off-heap segment (FFM, bounds-checked). */
    static long walk(MemorySegment memory, int arraySize, Stride stride) {
        final int arrayMask = arraySize - 1;
        int pos = -1;
        long result = 0;
        for (int pageOffset = 0; pageOffset < arraySize; pageOffset += WORDS_PER_PAGE) {
            for (int wordOffset = pageOffset, limit = pageOffset + WORDS_PER_PAGE; wordOffset < limit; wordOffset++) {
                pos = stride.next(arrayMask, pageOffset, wordOffset, pos);
                result += memory.getAtIndex(ValueLayout.JAVA_LONG, pos);
            }
        }
        return result;
    }
}

package mechsym.core.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Fresh off-heap memory with control over paging: anonymous {@code mmap}, {@code madvise(...,
 * MADV_HUGEPAGE)} and pre-touching, through FFM {@link Linker} downcalls. Thread-safe (stateless
 * after class initialisation).
 *
 * <p>Linux on x86-64 or AArch64 only; elsewhere, or when the JVM denies native access
 * ({@code --illegal-native-access=deny} without {@code --enable-native-access}), or when a call
 * fails, {@link #allocate} falls back silently to {@link Arena#allocate(long, long)}. Whether the
 * kernel then backs the range with huge pages depends on {@code
 * /sys/kernel/mm/transparent_hugepage/enabled} ({@code always} or {@code madvise} grant them,
 * {@code never} does not) and on free contiguous memory; {@code AnonHugePages} in {@code
 * /proc/self/smaps} shows what was granted. Memory from {@code mmap} is unmapped when the arena
 * closes.
 *
 * <p>Native access: {@link PagePolicy#DEFAULT} never leaves the arena and makes no restricted call.
 * Any other policy looks the downcalls up on first use and gives the mapped range its size with
 * {@code reinterpret}: restricted operations, which the JVM allows with a warning unless native
 * access is enabled for mechsym ({@code --enable-native-access=mechsym.core} on the
 * module path, {@code ALL-UNNAMED} on the class path, or {@code Enable-Native-Access} in an
 * executable jar's manifest).
 */
public final class OffHeapMemory {
    /** The size of a transparent huge page on x86-64 and AArch64 with 4 KiB base pages. */
    public static final long HUGE_PAGE_SIZE = 2L * 1024 * 1024;

    private static final long PAGE_SIZE = 4096;
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final int MADV_HUGEPAGE = 14;

    /**
     * The downcalls, looked up when first used: a lazy holder, so that a program that only ever asks
     * for {@link PagePolicy#DEFAULT} makes no restricted FFM call, and a JVM without {@code
     * --enable-native-access} prints no warning on its behalf.
     */
    private static final class Native {
        static final MethodHandle MMAP;
        static final MethodHandle MUNMAP;
        static final MethodHandle MADVISE;

        static {
            MethodHandle[] handles = lookupNativeCalls();
            MMAP = handles[0];
            MUNMAP = handles[1];
            MADVISE = handles[2];
        }

        private Native() {}
    }

    @SuppressWarnings("restricted") // downcalls need native access; without it we fall back
    private static MethodHandle[] lookupNativeCalls() {
        MethodHandle mmap = null;
        MethodHandle munmap = null;
        MethodHandle madvise = null;
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (os.startsWith("linux") && (arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            try {
                Linker linker = Linker.nativeLinker();
                var lookup = linker.defaultLookup();
                mmap = linker.downcallHandle(
                        lookup.find("mmap").orElseThrow(),
                        FunctionDescriptor.of(
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_LONG));
                munmap = linker.downcallHandle(
                        lookup.find("munmap").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
                madvise = linker.downcallHandle(
                        lookup.find("madvise").orElseThrow(),
                        FunctionDescriptor.of(
                                ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_INT));
            } catch (RuntimeException | Error unavailable) {
                mmap = null;
                munmap = null;
                madvise = null;
            }
        }
        return new MethodHandle[] {mmap, munmap, madvise};
    }

    private OffHeapMemory() {}

    /**
     * Whether the native calls are available here (so huge-page advice can be given at all). The
     * first call looks them up, a restricted FFM operation: without {@code --enable-native-access}
     * for mechsym's module (or {@code ALL-UNNAMED} on the class path) the JVM prints a warning then,
     * once.
     */
    public static boolean nativePagingAvailable() {
        return Native.MMAP != null;
    }

    /**
     * The result of {@link #allocate}: the memory and what was actually done to it. Immutable; the
     * segment lives as long as the arena passed to {@code allocate} (an {@code mmap}ed one is
     * unmapped when that arena closes) and is confined or shared as that arena is.
     *
     * @param segment the zeroed memory, {@code bytes} long, aligned to at least 64 bytes
     * @param mapped whether it came from {@code mmap} rather than from the arena itself
     * @param hugePagesAdvised whether {@code madvise(MADV_HUGEPAGE)} was given and accepted
     * @param preTouched whether every page was written once before returning
     */
    public record Allocation(MemorySegment segment, boolean mapped, boolean hugePagesAdvised, boolean preTouched) {}

    /**
     * Allocates {@code bytes} of zeroed memory whose lifetime is that of {@code arena}, aligned to
     * at least 64 bytes (2 MiB when huge pages are asked for and granted by {@code mmap}).
     *
     * @throws IllegalArgumentException if {@code bytes} is negative
     * @throws NullPointerException if {@code arena} or {@code policy} is null
     * @throws OutOfMemoryError if neither {@code mmap} nor the arena can provide the memory
     */
    public static Allocation allocate(Arena arena, long bytes, PagePolicy policy) {
        java.util.Objects.requireNonNull(arena, "arena");
        java.util.Objects.requireNonNull(policy, "policy");
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
        }
        if (policy != PagePolicy.DEFAULT && bytes > 0 && Native.MMAP != null) {
            Allocation mapped = mapAnonymous(arena, bytes, policy);
            if (mapped != null) {
                return mapped;
            }
        }
        return new Allocation(arena.allocate(Math.max(bytes, 1), 64).asSlice(0, bytes), false, false, false);
    }

    @SuppressWarnings("restricted") // reinterpret gives the mapped range its size and lifetime
    private static Allocation mapAnonymous(Arena arena, long bytes, PagePolicy policy) {
        long extra = policy.hugePages() ? HUGE_PAGE_SIZE : 0;
        long length = RecordLayout.alignUp(bytes, PAGE_SIZE) + extra;
        long base;
        try {
            base = (long) Native.MMAP.invokeExact(0L, length, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0L);
        } catch (Throwable failed) {
            return null;
        }
        if (base == -1L || base == 0L) {
            return null;
        }
        long start = policy.hugePages() ? RecordLayout.alignUp(base, HUGE_PAGE_SIZE) : base;
        boolean advised = false;
        MemorySegment segment;
        try {
            if (policy.hugePages()) {
                advised = (int) Native.MADVISE.invokeExact(start, RecordLayout.alignUp(bytes, PAGE_SIZE), MADV_HUGEPAGE)
                        == 0;
            }
            segment = MemorySegment.ofAddress(start).reinterpret(bytes, arena, ignored -> unmap(base, length));
        } catch (Throwable failed) {
            unmap(base, length);
            return null;
        }
        if (policy.preTouch()) {
            preTouch(segment);
        }
        return new Allocation(segment, true, advised, policy.preTouch());
    }

    private static void unmap(long base, long length) {
        try {
            int ignored = (int) Native.MUNMAP.invokeExact(base, length);
        } catch (Throwable cannotHappen) {
            // munmap of a range we mapped does not fail; nothing sensible to do if it did
        }
    }

    /**
     * Writes a zero byte to the first byte of every 4 KiB page of {@code segment} (counted from its
     * start), so later writes do not fault: meant for fresh memory, since it overwrites those bytes.
     * From a thread the segment is accessible by.
     *
     * @throws IllegalArgumentException if {@code segment} is read-only
     * @throws IllegalStateException if its arena is closed
     * @throws WrongThreadException if its arena is confined to another thread
     */
    public static void preTouch(MemorySegment segment) {
        long size = segment.byteSize();
        for (long at = 0; at < size; at += PAGE_SIZE) {
            segment.set(ValueLayout.JAVA_BYTE, at, (byte) 0);
        }
    }
}

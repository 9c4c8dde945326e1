package mechsym.core.memory;

/**
 * How fresh off-heap memory is obtained, for stores held in an arena. Touching fresh memory costs a
 * page fault per 4 KiB page, which dominates the time to fill a new multi-gigabyte store; huge
 * pages cut that 512-fold, and pre-touching moves the cost to allocation time.
 *
 * <p>Every policy is best effort and falls back silently: where huge pages or the native calls are
 * not available the memory is ordinary. See {@link OffHeapMemory}.
 */
public enum PagePolicy {
    /** {@code Arena.allocate}: the JDK zeroes (and so touches) the memory at allocation. */
    DEFAULT(false, false),
    /**
     * Fresh anonymous memory, zero without being touched: each 4 KiB page faults on its first
     * access, as memory from {@code malloc} (the post's {@code Unsafe.allocateMemory}) does.
     */
    LAZY(false, false),
    /** Fresh anonymous memory, each page written once at allocation so later writes do not fault. */
    PRE_TOUCH(false, true),
    /**
     * Fresh anonymous memory, 2 MiB aligned, advised {@code MADV_HUGEPAGE} (Linux transparent huge
     * pages), touched lazily.
     */
    HUGE_PAGES(true, false),
    /** As {@link #HUGE_PAGES}, and touched at allocation. */
    HUGE_PAGES_PRE_TOUCH(true, true);

    private final boolean hugePages;
    private final boolean preTouch;

    PagePolicy(boolean hugePages, boolean preTouch) {
        this.hugePages = hugePages;
        this.preTouch = preTouch;
    }

    /** Whether the policy asks for transparent huge pages. */
    public boolean hugePages() {
        return hugePages;
    }

    /** Whether the policy touches every page at allocation. */
    public boolean preTouch() {
        return preTouch;
    }
}

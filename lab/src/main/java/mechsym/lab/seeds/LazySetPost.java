package mechsym.lab.seeds;

import mechsym.lab.Seed;

/**
 * The lazySet post, as the seed of two experiments (lazyset measures its counters, queues its
 * publication inside queues): where it is, the machine it names, and the one ratio its text states.
 * Reference data, the seed's, checked against the seed text.
 */
public final class LazySetPost {
    public static final Seed SEED = SeedPosts.LAZY_SET;

    public static final String MACHINE =
            "the post's machine (not named), Java 7, threads pinned same-core and cross-core; figures read from its text";

    /** Catch-up, one writer: volatile / lazySet, the low and high end of "5-6 times". */
    public static final double CATCH_UP_LOW = 5.0;

    public static final double CATCH_UP_HIGH = 6.0;

    public static final String CATCH_UP_WORDS =
            "volatile writes are indeed significantly more expensive(5-6 times) then the alternatives";

    private LazySetPost() {}
}

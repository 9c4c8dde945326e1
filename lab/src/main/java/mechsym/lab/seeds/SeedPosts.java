package mechsym.lab.seeds;

import mechsym.lab.Seed;

/**
 * Every post of {@code shared/seeds/} that an experiment repeats, once: the file, the title as the
 * post gives it, one spelling per author ("name (blog)"), the year. An experiment's {@code seed()}
 * returns one of these; two experiments built on one post return the same constant.
 */
public final class SeedPosts {
    private static final String MECHANICAL_SYMPATHY = "Martin Thompson (Mechanical Sympathy)";
    private static final String PSYCHOSOMATIC_LOBOTOMY_SAW = "Nitsan Wakart (Psychosomatic Lobotomy Saw)";
    private static final String BLUEDEVEL = "Jason Koch (bluedevel)";

    private static final String FILE_000 = "000_36716061787f48db.txt";
    private static final String FILE_001 = "001_c81ebb4e4acc90c2.txt";
    private static final String FILE_002 = "002_5f4e54a5334e622d.txt";
    private static final String FILE_003 = "003_4db4366ba5119ea4.txt";
    private static final String FILE_004 = "004_43b0c6d58963b31d.txt";

    public static final Seed MEMORY_ACCESS_PATTERNS =
            new Seed(FILE_000, "Memory Access Patterns Are Important", MECHANICAL_SYMPATHY, 2012);
    public static final Seed COMPACT_OFF_HEAP_STRUCTURES =
            new Seed(FILE_000, "Compact Off-Heap Structures/Tuples In Java", MECHANICAL_SYMPATHY, 2012);
    public static final Seed NATIVE_LIKE_SERIALISATION = new Seed(
            FILE_000, "Native C/C++ Like Performance For Java Object Serialisation", MECHANICAL_SYMPATHY, 2012);
    public static final Seed BACK_PRESSURE =
            new Seed(FILE_000, "Applying Back Pressure When Overloaded", MECHANICAL_SYMPATHY, 2012);
    public static final Seed INVOKE_INTERFACE =
            new Seed(FILE_000, "Invoke Interface Optimisations", MECHANICAL_SYMPATHY, 2012);

    public static final Seed PRINTING_GENERATED_ASSEMBLY = new Seed(
            FILE_001, "Printing Generated Assembly Code From The Hotspot JIT Compiler", MECHANICAL_SYMPATHY, 2013);
    public static final Seed CACHE_FLUSHING_FALLACY =
            new Seed(FILE_001, "CPU Cache Flushing Fallacy", MECHANICAL_SYMPATHY, 2013);
    public static final Seed CAS_ADVENTURES = new Seed(
            FILE_001, "Further Adventures With CAS Instructions And Micro Benchmarking", MECHANICAL_SYMPATHY, 2013);

    public static final Seed ALLOCATE_OR_POOL = new Seed(
            FILE_002, "Allocate or pool buffers (a network-analyser model)", "the seed's author (not named)", 2019);

    public static final Seed NULL_CHECK = new Seed(FILE_003, "The cost of a null check", BLUEDEVEL, 2013);
    public static final Seed CLASS_LOADER_CACHE =
            new Seed(FILE_003, "Caching Classes from the ClassLoader?", BLUEDEVEL, 2013);
    public static final Seed GATLING_JMS =
            new Seed(FILE_003, "Gatling JMS API now ready for wider testing", BLUEDEVEL, 2013);
    public static final Seed JDBC_PREFETCH =
            new Seed(FILE_003, "Oracle JDBC row prefetch driver tuning", BLUEDEVEL, 2013);
    public static final Seed DISRUPTOR_UDP_ECHO =
            new Seed(FILE_003, "Disruptor example - UDP echo service, with capitalisation", BLUEDEVEL, 2013);

    public static final Seed JAVA_PING =
            new Seed(FILE_004, "Java ping: a performance baseline utility", PSYCHOSOMATIC_LOBOTOMY_SAW, 2012);
    public static final Seed UTF8_ENCODE =
            new Seed(FILE_004, "Encode UTF-8 String to a ByteBuffer - faster", PSYCHOSOMATIC_LOBOTOMY_SAW, 2012);
    public static final Seed BREAKING_STRING_ENCAPSULATION =
            new Seed(FILE_004, "Breaking String encapsulation using Unsafe", PSYCHOSOMATIC_LOBOTOMY_SAW, 2012);
    public static final Seed HERDING = new Seed(
            FILE_004, "Experimentation Notes: on herding processes and CPUs", PSYCHOSOMATIC_LOBOTOMY_SAW, 2012);
    public static final Seed INTRINSICS_ARE_NOT_JNI =
            new Seed(FILE_004, "Java Intrinsics are not JNI calls", PSYCHOSOMATIC_LOBOTOMY_SAW, 2012);
    public static final Seed LAZY_SET = new Seed(
            FILE_004, "Atomic*.lazySet is a performance win for single writers", PSYCHOSOMATIC_LOBOTOMY_SAW, 2012);

    private SeedPosts() {}
}

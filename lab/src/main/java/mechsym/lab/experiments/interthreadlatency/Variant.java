package mechsym.lab.experiments.interthreadlatency;

import java.util.List;
import mechsym.lab.experiments.interthreadlatency.PingPong.Mode;

/**
 * One ping-pong the rtt table shows: a Java access mode in a forked JVM, or a C++ memory order run
 * by native/pingpong. Immutable.
 */
record Variant(String label, String language, String store, Mode javaMode, String cppOrder) {
    static final Variant JAVA_VOLATILE =
            new Variant("Java volatile (the post)", "Java", "mov + lock addl", Mode.VOLATILE, null);
    static final Variant JAVA_RELEASE =
            new Variant("Java setRelease/getAcquire", "Java", "mov", Mode.RELEASE_ACQUIRE, null);
    static final Variant JAVA_OPAQUE = new Variant("Java setOpaque/getOpaque", "Java", "mov", Mode.OPAQUE, null);
    static final Variant CPP_RELEASE = new Variant("C++ atomic release/acquire", "C++", "mov", null, "release");
    static final Variant CPP_SEQ_CST = new Variant("C++ atomic seq_cst", "C++", "xchg", null, "seq_cst");

    /** In the order the report shows them. */
    static final List<Variant> ALL = List.of(JAVA_VOLATILE, JAVA_RELEASE, JAVA_OPAQUE, CPP_RELEASE, CPP_SEQ_CST);

    /** The Java variants, whose C2 code the fence check reads. */
    static final List<Variant> JAVA = List.of(JAVA_VOLATILE, JAVA_RELEASE, JAVA_OPAQUE);
}

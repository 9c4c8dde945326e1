package mechsym.lab.experiments.intrinsics;

/**
 * libm's {@code sqrt} as a real JNI call: the native method the post says an intrinsic is not. Its
 * code is native/mechsym_jni.c, built into {@code native/build/libmechsym_jni.so}; the JVM that
 * calls it names that file in the system property {@link #LIBRARY_PROPERTY} and the class loads it
 * (System.load) when first used. Stateless; callable from any thread.
 */
final class JniMath {
    /** The system property naming the built library's absolute path. */
    static final String LIBRARY_PROPERTY = "mechsym.jni.library";

    /** The library's name under native/build, as NativePrograms builds it. */
    static final String LIBRARY = "libmechsym_jni.so";

    static {
        String library = System.getProperty(LIBRARY_PROPERTY);
        if (library == null) {
            throw new IllegalStateException("JniMath needs -D" + LIBRARY_PROPERTY + "=<path of " + LIBRARY + ">");
        }
        System.load(library);
    }

    private JniMath() {}

    /** libm's sqrt of {@code x}, through JNI. */
    static native double sqrt(double x);
}

package mechsym.tools.platform;

import java.util.List;

/** JVM flags shared by the JVMs mechsym starts. Constants only; thread-safe. */
public final class JvmFlags {
    /**
     * Flags every JVM of mechsym needs on JDK 25 (see docs/toolchain.md): native access for FFM,
     * and the seed's {@code sun.misc.Unsafe} originals in the lab allowed without warnings.
     */
    public static final List<String> REQUIRED = List.of(
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "--add-exports",
            "java.base/jdk.internal.misc=ALL-UNNAMED");

    private JvmFlags() {}
}

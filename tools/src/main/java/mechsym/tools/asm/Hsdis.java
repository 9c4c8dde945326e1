package mechsym.tools.asm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import mechsym.tools.platform.NativeFolder;
import mechsym.tools.platform.NativePrograms;

/**
 * HotSpot's disassembler plugin, {@code hsdis-<arch>.so}, as mechsym builds it from {@code
 * native/hsdis/hsdis.c} over capstone ({@code make -C native hsdis}, which first runs {@code
 * native/hsdis/install-deps.sh}: it installs {@code libcapstone-dev} with apt-get when missing and
 * running as root, and otherwise says what to install).
 *
 * <p>HotSpot looks for the plugin in {@code $JAVA_HOME/lib/server}, then {@code $JAVA_HOME/lib},
 * then through {@code dlopen}, i.e. {@code LD_LIBRARY_PATH}: {@link #libraryPath} gives the child
 * JVM the folder holding ours; nothing is copied into the JDK. {@link #find} never throws: when the
 * plugin cannot be had, the result says why and how to get it. Not thread-safe (it may run make).
 *
 * @param library the plugin, or null when unavailable
 * @param problem why it is unavailable (what is missing and how to get it), or null
 */
public record Hsdis(Path library, String problem) {
    private static final long BUILD_TIMEOUT_SECONDS = 600;

    /** The file name HotSpot dlopens on this machine, e.g. {@code hsdis-amd64.so}. */
    public static String libraryName() {
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        if (arch.equals("x86_64")) {
            arch = "amd64";
        }
        return "hsdis-" + arch + ".so";
    }

    /** Finds the plugin of this repository, building it (and installing capstone) when needed. */
    public static Hsdis find() {
        Path nativeDir = NativeFolder.locate();
        if (nativeDir == null) {
            return unavailable(NativeFolder.NOT_FOUND + ", so the disassembler plugin cannot be built");
        }
        return build(nativeDir);
    }

    /** The plugin of this {@code native/} folder, built first when missing or stale. */
    public static Hsdis build(Path nativeDir) {
        if (!System.getProperty("os.name").startsWith("Linux")) {
            return unavailable(
                    "the disassembler plugin is built for Linux only (this is " + System.getProperty("os.name") + ")");
        }
        String arch = System.getProperty("os.arch");
        if (!arch.equals("amd64") && !arch.equals("x86_64") && !arch.equals("aarch64")) {
            return unavailable("the disassembler plugin supports x86-64 and aarch64 only (this is " + arch + ")");
        }
        Path library = nativeDir.resolve("build").resolve(libraryName());
        try {
            NativePrograms.MakeRun make;
            try {
                make = NativePrograms.make(nativeDir, BUILD_TIMEOUT_SECONDS, "hsdis");
            } catch (IOException e) {
                return unavailable("make is not installed (" + e.getMessage() + "); on Debian: apt-get install make"
                        + " gcc libcapstone-dev");
            }
            if (!make.outcome().succeeded()) {
                return unavailable(make.outcome().failure().orElseThrow());
            }
            if (!Files.isRegularFile(library)) {
                return unavailable("`make -C " + nativeDir + " hsdis` built no " + library + ":\n"
                        + make.output().strip());
            }
            return new Hsdis(library, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unavailable("interrupted while building the disassembler plugin");
        }
    }

    static Hsdis unavailable(String problem) {
        return new Hsdis(null, problem);
    }

    public boolean isAvailable() {
        return library != null;
    }

    /**
     * The {@code LD_LIBRARY_PATH} value for a child JVM: the plugin's folder first, then the
     * caller's own value.
     */
    public String libraryPath(String inherited) {
        if (!isAvailable()) {
            throw new IllegalStateException("no disassembler plugin: " + problem);
        }
        String dir = library.getParent().toString();
        return inherited == null || inherited.isBlank() ? dir : dir + ":" + inherited;
    }
}

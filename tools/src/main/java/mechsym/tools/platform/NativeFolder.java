package mechsym.tools.platform;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository's {@code native/} folder (C/C++ baselines, the disassembler plugin), found from the
 * system property {@value #HOME_PROPERTY} (the launcher sets it), else by walking up from where this
 * class was loaded ({@code cli/target/mechsym.jar}, {@code tools/target/classes}) to the first folder
 * holding {@code native/Makefile}. Stateless and thread-safe.
 */
public final class NativeFolder {
    /** The system property naming the repository root (the launcher's {@code $MECHSYM_HOME}). */
    public static final String HOME_PROPERTY = "mechsym.home";

    /** Why {@link #locate} found nothing and how to fix it, for messages. */
    public static final String NOT_FOUND =
            "native/ not found (set -D" + HOME_PROPERTY + " to the repository root, as ./mechsym does)";

    private NativeFolder() {}

    /** The {@code native/} folder of this repository, or null. */
    public static Path locate() {
        String home = System.getProperty(HOME_PROPERTY);
        if (home != null && !home.isBlank()) {
            Path dir = Path.of(home, "native");
            return Files.isRegularFile(dir.resolve("Makefile")) ? dir : null;
        }
        try {
            Path start = Path.of(NativeFolder.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toAbsolutePath();
            for (Path p = start; p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve("native").resolve("Makefile"))) {
                    return p.resolve("native");
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return null;
        }
        return null;
    }
}

package mechsym.tools.analyser;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Finds native/build/clock_source from the module's folder, building it with make when it can. */
final class NativeClockSource {
    private NativeClockSource() {}

    static Path binary() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path nativeDir = p.resolve("native");
            if (Files.isRegularFile(nativeDir.resolve("Makefile"))) {
                try {
                    Process make = new ProcessBuilder("make", "-s", "-C", nativeDir.toString(), "build/clock_source")
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
                    if (!make.waitFor(120, TimeUnit.SECONDS)) {
                        make.destroyForcibly();
                        return null;
                    }
                } catch (Exception e) {
                    return null;
                }
                Path binary = nativeDir.resolve("build").resolve("clock_source");
                return Files.isExecutable(binary) ? binary : null;
            }
        }
        return null;
    }
}

package mechsym.tools.analyser;

import java.nio.file.Path;
import mechsym.tools.platform.NativePrograms;

/** native/build/clock_source, built with make when it is missing or stale; null when it cannot be. */
final class NativeClockSource {
    private NativeClockSource() {}

    static Path binary() {
        return NativePrograms.program("clock_source").executable();
    }
}

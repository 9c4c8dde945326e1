package mechsym.lab.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a flame graph of async-profiler (its HTML output) holds: the number of samples it was drawn
 * from, the width of its root frame. A graph of a few dozen samples shows noise, not where the time
 * goes, so the report says the count beside each link. Stateless; thread-safe.
 */
public final class FlameGraphs {
    /**
     * The root frame: the first frame call after the frame names ({@code unpack(cpool);}), {@code
     * f(key,level,left,width...)} or its short forms {@code u(key,width...)} / {@code n(key,width...)}.
     */
    private static final Pattern ROOT = Pattern.compile("^(?:f\\(\\d+,\\d+,\\d+,(\\d+)|[nu]\\(\\d+,(\\d+))");

    /** Frame names and frames together stay far below this; a file that does not is not read whole. */
    private static final int MAX_LINES = 2_000_000;

    private FlameGraphs() {}

    /** The samples the flame graph {@code html} was drawn from, or empty when its format is not known. */
    public static OptionalLong samples(Path html) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(html, StandardCharsets.UTF_8)) {
            boolean frames = false;
            String line;
            for (int n = 0; n < MAX_LINES && (line = in.readLine()) != null; n++) {
                if (!frames) {
                    frames = line.strip().equals("unpack(cpool);");
                    continue;
                }
                Matcher root = ROOT.matcher(line.strip());
                if (root.find()) {
                    return OptionalLong.of(Long.parseLong(root.group(1) != null ? root.group(1) : root.group(2)));
                }
            }
        }
        return OptionalLong.empty();
    }
}

package mechsym.stress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.GradingResult;

/**
 * Checks that jcstress caught every negative control it ran. A negative control is a test class
 * whose simple name starts with {@code Broken}: a deliberately broken use of a core structure whose
 * bad outcome is marked {@code ACCEPTABLE_INTERESTING}, so that jcstress itself stays green. jcstress
 * has no expectation "must be observed", so this program reads the run's result file (the newest
 * {@code jcstress-results-*.bin.gz} in the directory given) and fails unless every control that ran
 * showed its interesting outcome at least once: a harness that cannot fail the broken variant could
 * not fail the real ones either.
 *
 * <p>Run by the build after jcstress: {@code java -cp stress/target/jcstress.jar
 * mechsym.stress.NegativeControls stress/target}. Prints one line per control; exit 1 if one was not
 * caught, 2 if there is no result file.
 */
public final class NegativeControls {
    private NegativeControls() {}

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args.length > 0 ? args[0] : ".");
        Path results = newestResults(directory);
        if (results == null) {
            System.err.println("negative controls: no jcstress-results-*.bin.gz in " + directory.toAbsolutePath());
            System.exit(2);
        }
        Map<String, long[]> controls = new TreeMap<>(); // name -> {interesting samples, all samples}
        DiskReadCollector reader = new DiskReadCollector(results.toString(), result -> count(result, controls));
        try {
            reader.dump();
        } finally {
            reader.close();
        }
        boolean allCaught = true;
        for (Map.Entry<String, long[]> control : controls.entrySet()) {
            long caught = control.getValue()[0];
            long samples = control.getValue()[1];
            allCaught &= caught > 0;
            System.out.println("negative control " + control.getKey() + ": "
                    + (caught > 0
                            ? "caught, " + caught + " of " + samples + " samples showed the bug"
                            : "NOT caught in " + samples + " samples: the harness did not show this bug"));
        }
        if (controls.isEmpty()) {
            System.out.println("negative controls: none ran (the test selection left them out)");
        }
        System.exit(allCaught ? 0 : 1);
    }

    private static void count(TestResult result, Map<String, long[]> controls) {
        String name = result.getName();
        if (!name.substring(name.lastIndexOf('.') + 1).startsWith("Broken")) {
            return;
        }
        long[] counts = controls.computeIfAbsent(name, ignored -> new long[2]);
        counts[1] += result.getTotalCount();
        for (GradingResult outcome : result.grading().gradingResults.values()) {
            if (outcome.expect == Expect.ACCEPTABLE_INTERESTING) {
                counts[0] += outcome.count;
            }
        }
    }

    private static Path newestResults(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return null;
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> {
                        String name = file.getFileName().toString();
                        return name.startsWith("jcstress-results-") && name.endsWith(".bin.gz");
                    })
                    .max(Comparator.comparing(NegativeControls::modified))
                    .orElse(null);
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}

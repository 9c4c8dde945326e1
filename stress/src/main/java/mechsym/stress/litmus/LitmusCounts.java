package mechsym.stress.litmus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.GradingResult;

/**
 * Prints the outcome counts of the newest jcstress run in a directory, one line per test and
 * outcome, tab-separated: {@code test, outcome, count, expectation}. The lab reads these lines to
 * show a litmus test's counts beside its claim; jcstress's own HTML report stays in the directory.
 *
 * <pre>
 * java -cp stress/target/jcstress.jar mechsym.stress.litmus.LitmusCounts DIR
 * </pre>
 *
 * Exit 2 if the directory holds no result file.
 */
public final class LitmusCounts {
    private LitmusCounts() {}

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args.length > 0 ? args[0] : ".");
        Path results = newest(directory);
        if (results == null) {
            System.err.println("litmus: no jcstress-results-*.bin.gz in " + directory.toAbsolutePath());
            System.exit(2);
        }
        // the file holds one result per fork and iteration: add them up per test and outcome
        Map<String, long[]> counts = new TreeMap<>();
        Map<String, String> expectations = new TreeMap<>();
        DiskReadCollector reader =
                new DiskReadCollector(results.toString(), result -> add(result, counts, expectations));
        try {
            reader.dump();
        } finally {
            reader.close();
        }
        counts.forEach((key, count) -> System.out.println(key + "\t" + count[0] + "\t" + expectations.get(key)));
    }

    private static void add(TestResult result, Map<String, long[]> counts, Map<String, String> expectations) {
        for (GradingResult outcome : result.grading().gradingResults.values()) {
            String key = result.getName() + "\t" + outcome.id;
            counts.computeIfAbsent(key, k -> new long[1])[0] += outcome.count;
            expectations.put(key, String.valueOf(outcome.expect));
        }
    }

    private static Path newest(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return null;
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().startsWith("jcstress-results-"))
                    .max(Comparator.comparing(file -> file.toFile().lastModified()))
                    .orElse(null);
        }
    }
}

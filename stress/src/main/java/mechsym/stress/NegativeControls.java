package mechsym.stress;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.GradingResult;

/**
 * Checks that jcstress caught every negative control. A negative control is a test class whose
 * simple name starts with {@code Broken}: a deliberately broken use of a core structure whose bad
 * outcome is marked {@code ACCEPTABLE_INTERESTING}, so that jcstress itself stays green. jcstress
 * has no expectation "must be observed", so this program reads the run's result file (the newest
 * {@code jcstress-results-*.bin.gz} in the directory given) and fails unless every control showed
 * its interesting outcome at least once: a harness that cannot fail the broken variant could not
 * fail the real ones either. Given the run's test selection (jcstress's {@code -t} regular
 * expression), it also fails when a control the selection includes has no result at all.
 *
 * <p>Run by the build after jcstress: {@code java -cp stress/target/jcstress.jar
 * mechsym.stress.NegativeControls stress/target 'mechsym\.stress\.concurrent\..*'}. Prints one line
 * per control; exit 1 if one was not caught or did not run, 2 if there is no result file.
 */
public final class NegativeControls {
    static final int EXIT_CAUGHT = 0;
    static final int EXIT_NOT_CAUGHT = 1;
    static final int EXIT_NO_RESULTS = 2;

    private NegativeControls() {}

    /**
     * What jcstress recorded for one control.
     *
     * @param caught samples that showed the bug (the {@code ACCEPTABLE_INTERESTING} outcomes)
     * @param samples all samples
     */
    record Tally(long caught, long samples) {}

    /** The exit code and the lines to print (to stderr when there were no results to judge). */
    record Verdict(int exitCode, List<String> lines) {}

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args.length > 0 ? args[0] : ".");
        Set<String> expected = args.length > 1 ? controlsIn(ownJar(), Pattern.compile(args[1])) : Set.of();
        Verdict verdict = check(directory, expected);
        verdict.lines().forEach(verdict.exitCode() == EXIT_NO_RESULTS ? System.err::println : System.out::println);
        System.exit(verdict.exitCode());
    }

    /** Reads the newest result file in {@code directory} and judges the controls in it. */
    static Verdict check(Path directory, Set<String> expected) throws IOException, ClassNotFoundException {
        Path results = newestResults(directory);
        if (results == null) {
            return new Verdict(
                    EXIT_NO_RESULTS,
                    List.of("negative controls: no jcstress-results-*.bin.gz in " + directory.toAbsolutePath()));
        }
        Map<String, Tally> controls = new TreeMap<>();
        DiskReadCollector reader = new DiskReadCollector(results.toString(), result -> count(result, controls));
        try {
            reader.dump();
        } finally {
            reader.close();
        }
        return judge(controls, expected);
    }

    /**
     * The verdict on the controls' tallies: each caught (exit 0), or a line naming each one that
     * was not caught or, being {@code expected}, has no tally (exit 1).
     */
    static Verdict judge(Map<String, Tally> controls, Set<String> expected) {
        List<String> lines = new ArrayList<>();
        boolean allCaught = true;
        SortedSet<String> names = new TreeSet<>(controls.keySet());
        names.addAll(expected);
        for (String name : names) {
            Tally tally = controls.get(name);
            if (tally == null) {
                allCaught = false;
                lines.add("negative control " + name
                        + ": NOT run, no result in the jcstress results (a control that does not run cannot fail)");
            } else if (tally.caught() > 0) {
                lines.add("negative control " + name + ": caught, " + tally.caught() + " of " + tally.samples()
                        + " samples showed the bug");
            } else {
                allCaught = false;
                lines.add("negative control " + name + ": NOT caught in " + tally.samples()
                        + " samples: the harness did not show this bug");
            }
        }
        if (names.isEmpty()) {
            lines.add("negative controls: none ran (the test selection left them out)");
        }
        return new Verdict(allCaught ? EXIT_CAUGHT : EXIT_NOT_CAUGHT, lines);
    }

    /** Whether a test class is a negative control: its simple name starts with {@code Broken}. */
    static boolean isControl(String className) {
        return className.substring(className.lastIndexOf('.') + 1).startsWith("Broken");
    }

    /**
     * The negative controls among the jcstress tests in {@code jar} whose names {@code selection}
     * matches: classes named {@code Broken*}, not nested, not jcstress's generated {@code _jcstress}
     * classes.
     */
    static SortedSet<String> controlsIn(Path jar, Pattern selection) throws IOException {
        SortedSet<String> controls = new TreeSet<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            file.stream()
                    .map(entry -> entry.getName())
                    .filter(name -> name.endsWith(".class") && !name.contains("$") && !name.contains("_jcstress"))
                    .map(name ->
                            name.substring(0, name.length() - ".class".length()).replace('/', '.'))
                    .filter(name -> isControl(name) && selection.matcher(name).find())
                    .forEach(controls::add);
        }
        return controls;
    }

    private static Path ownJar() throws URISyntaxException {
        return Path.of(NegativeControls.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    }

    private static void count(TestResult result, Map<String, Tally> controls) {
        String name = result.getName();
        if (!isControl(name)) {
            return;
        }
        long caught = 0;
        for (GradingResult outcome : result.grading().gradingResults.values()) {
            if (outcome.expect == Expect.ACCEPTABLE_INTERESTING) {
                caught += outcome.count;
            }
        }
        Tally before = controls.getOrDefault(name, new Tally(0, 0));
        controls.put(name, new Tally(before.caught() + caught, before.samples() + result.getTotalCount()));
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

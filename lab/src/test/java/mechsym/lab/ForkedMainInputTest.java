package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The lab's process boundary is typed: a main reads one input ({@link ForkedJvm#input(String[],
 * Class)}), never positional arguments past the first, and its settings travel in that input, not
 * as {@code -Dmechsym.*} JVM properties, but where the allow-list says why.
 */
class ForkedMainInputTest {
    /** The lab's sources and the tools' (the broker and servers the lab starts as children). */
    private static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("../tools/src/main/java"));

    private static final Pattern MAIN = Pattern.compile("static\\s+void\\s+main\\s*\\(");
    private static final Pattern POSITIONAL = Pattern.compile("\\bargs\\s*\\[\\s*[1-9]\\s*]");

    @Test
    void noMainReadsPositionalArgumentsPastTheFirst() throws IOException {
        List<String> offenders = new java.util.ArrayList<>();
        for (Path sources : SOURCES) {
            assertThat(sources).isDirectory();
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(f -> f.toString().endsWith(".java"))
                        .filter(f -> {
                            String source = read(f);
                            return MAIN.matcher(source).find()
                                    && POSITIONAL.matcher(source).find();
                        })
                        .map(Path::toString)
                        .sorted()
                        .forEach(offenders::add);
            }
        }

        assertThat(offenders)
                .as("mains reading args[1..9]: give them an Input record, read with ForkedJvm.input(args, Input.class)")
                .isEmpty();
    }

    /** A read of a JVM property: its name, a literal or a constant, is the first group. */
    private static final Pattern PROPERTY_READ =
            Pattern.compile("(?:System\\.getProperty|Integer\\.getInteger|Long\\.getLong|Boolean\\.getBoolean)\\(\\s*"
                    + "(\"[^\"]*\"|[A-Za-z_][A-Za-z0-9_.]*)");

    /** A constant naming a property of mechsym: its name is the first group. */
    private static final Pattern MECHSYM_CONSTANT = Pattern.compile("\\b([A-Z][A-Z0-9_]*)\\s*=\\s*\"mechsym\\.");

    private static final String JIT_CONSTANT = "read in a static initializer into a static final the JIT folds:"
            + " a field of the fork's input, known only once main runs, could not be folded";
    private static final String JMH_FORK = "a JMH benchmark: JMH starts its forks itself, and their JVM"
            + " arguments are the only way a setting reaches them";

    /** The sources that may read a {@code mechsym.*} JVM property, and why each must. */
    private static final Map<String, String> PROPERTY_ALLOWED = Map.of(
            "lab/experiments/interthreadlatency/PingPong.java",
            "the access mode is " + JIT_CONSTANT,
            "lab/experiments/lazyset/Counters.java",
            "the set method is " + JIT_CONSTANT,
            "lab/experiments/nullcheck/NeverNullAlwaysTrue.java",
            "the flag is " + JIT_CONSTANT,
            "lab/experiments/intrinsics/JniMath.java",
            JMH_FORK + " (the JNI library to load)",
            "lab/experiments/nullcheck/SometimesNullBenchmark.java",
            JMH_FORK + " (where its JFR files go)",
            "lab/experiments/classloadercache/ClassLoaderBenchmark.java",
            JMH_FORK + " (its work folder)",
            "lab/experiments/serialisation/ConstantLayoutBenchmark.java",
            JMH_FORK + " (the byte order)",
            "tools/platform/NativeFolder.java",
            "mechsym.home is the launcher's (where the repository is) for every JVM, not a fork's setting");

    @Test
    void noForkReadsItsSettingsFromMechsymJvmProperties() throws IOException {
        Map<String, String> sourceByName = new java.util.TreeMap<>();
        for (Path sources : SOURCES) {
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(f -> f.toString().endsWith(".java"))
                        .forEach(f -> sourceByName.put(shortName(sources, f), read(f)));
            }
        }
        Set<String> constants = new HashSet<>(); // a constant may be read in another class than its own
        sourceByName.values().forEach(source -> constants.addAll(mechsymConstants(source)));
        List<String> readers = sourceByName.entrySet().stream()
                .filter(e -> readsMechsymProperty(e.getValue(), constants))
                .map(Map.Entry::getKey)
                .toList();

        assertThat(readers)
                .as("sources reading -Dmechsym.* settings: put the setting in the fork's Input record"
                        + " (ForkedJvm.input), or add the source to the allow-list saying why it cannot")
                .isSubsetOf(PROPERTY_ALLOWED.keySet());
        assertThat(PROPERTY_ALLOWED.keySet())
                .as("allowed sources that no longer read a mechsym property: remove them from the list")
                .isSubsetOf(readers);
    }

    @Test
    void theScanSeesASettingReadFromAPropertyLiteralOrConstant() {
        assertThat(readsMechsymProperty("int round = Integer.getInteger(\"mechsym.cas.round\", 0);"))
                .isTrue();
        assertThat(readsMechsymProperty("static final String CPUS = \"mechsym.cas.cpus\";\n"
                        + "String cpus = System.getProperty(CPUS, \"\");"))
                .isTrue();
        assertThat(readsMechsymProperty("String cpus = System.getProperty(CasRun.CPUS);\n"
                        + "static final String CPUS = \"mechsym.cas.cpus\";"))
                .isTrue();
        assertThat(readsMechsymProperty("String java = System.getProperty(\"java.home\");"))
                .isFalse();
        assertThat(readsMechsymProperty("static final String CPUS = \"mechsym.cas.cpus\";"))
                .as("a constant passed on as -D, read elsewhere")
                .isFalse();
    }

    /** Whether {@code source} reads a JVM property named "mechsym.*": by literal, or by a constant named so. */
    static boolean readsMechsymProperty(String source) {
        return readsMechsymProperty(source, mechsymConstants(source));
    }

    private static boolean readsMechsymProperty(String source, Set<String> constants) {
        Matcher read = PROPERTY_READ.matcher(source);
        while (read.find()) {
            String name = read.group(1);
            if (name.startsWith("\"mechsym.") || constants.contains(name.substring(name.lastIndexOf('.') + 1))) {
                return true;
            }
        }
        return false;
    }

    /** The constants {@code source} declares whose value names a mechsym property. */
    private static Set<String> mechsymConstants(String source) {
        Set<String> constants = new HashSet<>();
        Matcher constant = MECHSYM_CONSTANT.matcher(source);
        while (constant.find()) {
            constants.add(constant.group(1));
        }
        return constants;
    }

    /** "lab/experiments/cas/CasRun.java": the module and the path under mechsym.MODULE. */
    private static String shortName(Path sources, Path file) {
        Path moduleFolder =
                sources.toAbsolutePath().normalize().getParent().getParent().getParent();
        String module = moduleFolder.getFileName().toString();
        Path packages = sources.resolve("mechsym").resolve(module);
        return module + "/" + packages.relativize(file).toString().replace(java.io.File.separatorChar, '/');
    }

    @Test
    void theScanSeesAPositionalMain() {
        String source = "public static void main(String[] args) { int n = Integer.parseInt(args[2]); }";

        assertThat(MAIN.matcher(source).find()).isTrue();
        assertThat(POSITIONAL.matcher(source).find()).isTrue();
        assertThat(POSITIONAL.matcher("args[0]").find()).isFalse();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every JMH benchmark an experiment names exists in the lab's BenchmarkList, so a renamed method
 * fails here and not as an empty row (or JMH's "No matching benchmarks") deep in a lab run.
 */
class JmhBenchmarkNamesTest {
    private static final Pattern NAMED_IN_SOURCE =
            Pattern.compile("(\\w+)\\.class\\.getName\\(\\)\\s*\\+\\s*\"(?:\\\\\\\\)?\\.(\\w+)");
    /** "Class.method" for every benchmark (simple class name) in META-INF/BenchmarkList. */
    private static final Set<String> BENCHMARKS = new TreeSet<>();

    @BeforeAll
    static void readBenchmarkList() throws IOException {
        try (InputStream list = JmhBenchmarkNamesTest.class.getResourceAsStream("/META-INF/BenchmarkList")) {
            assertThat(list).as("the lab's META-INF/BenchmarkList").isNotNull();
            for (String line : new String(list.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                // "JMH S <n> <user class> S <n> <generated class> S <n> <method> ..."
                String[] words = line.trim().split(" ");
                if (words.length > 9 && words[0].equals("JMH")) {
                    String userClass = words[3];
                    BENCHMARKS.add(userClass.substring(userClass.lastIndexOf('.') + 1) + "." + words[9]);
                }
            }
        }
        assertThat(BENCHMARKS).isNotEmpty();
    }

    @Test
    void everyBenchmarkAnExperimentIncludesByClassAndMethodExists() throws IOException {
        List<String> missing = new ArrayList<>();
        int named = 0;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java/mechsym/lab/experiments"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = NAMED_IN_SOURCE.matcher(Files.readString(file));
                while (m.find()) {
                    named++;
                    String prefix = m.group(1) + "." + m.group(2);
                    if (BENCHMARKS.stream().noneMatch(b -> b.startsWith(prefix))) {
                        missing.add(file.getFileName() + ": " + prefix);
                    }
                }
            }
        }
        assertThat(named).as("benchmarks named in the experiments' sources").isPositive();
        assertThat(missing).isEmpty();
    }

    @Test
    void utf8sWaysAreBenchmarkMethods() throws ReflectiveOperationException {
        Class<?> experiment = Class.forName("mechsym.lab.experiments.utf8.Utf8Experiment");
        List<String> ways = new ArrayList<>(stringsOf(experiment, "DECODERS"));
        Class<?> wayType = Class.forName("mechsym.lab.experiments.utf8.Utf8Figures$Way");
        Field method = wayType.getDeclaredField("method");
        method.setAccessible(true);
        for (Object constant : wayType.getEnumConstants()) {
            ways.add((String) method.get(constant));
        }
        assertThat(ways).hasSizeGreaterThan(3);
        assertThat(ways).allSatisfy(way -> assertThat(BENCHMARKS).contains("Utf8Benchmark." + way));
    }

    @Test
    void intrinsicsFunctionsAreBenchmarkMethods() throws ReflectiveOperationException {
        Class<?> experiment = Class.forName("mechsym.lab.experiments.intrinsics.IntrinsicsFigures");
        List<String> methods = new ArrayList<>();
        for (Object function : (Collection<?>) staticField(experiment, "FUNCTIONS")) {
            for (RecordComponent component : function.getClass().getRecordComponents()) {
                if (component.getName().equals("benchmark")
                        || component.getName().equals("ffm")) {
                    component.getAccessor().setAccessible(true);
                    Object method = component.getAccessor().invoke(function);
                    if (method != null) {
                        methods.add((String) method);
                    }
                }
            }
        }
        assertThat(methods).isNotEmpty();
        assertThat(methods).allSatisfy(m -> assertThat(BENCHMARKS).contains("IntrinsicsBenchmark." + m));
    }

    private static List<String> stringsOf(Class<?> type, String field) throws ReflectiveOperationException {
        return ((Collection<?>) staticField(type, field))
                .stream().map(String.class::cast).toList();
    }

    private static Object staticField(Class<?> type, String name) throws ReflectiveOperationException {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(null);
    }
}

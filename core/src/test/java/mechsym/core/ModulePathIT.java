package mechsym.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Core as an embedder's named module uses it: compiles the program in {@code
 * src/test/resources/module-path-example} (a module that {@code requires mechsym.core}, the
 * README's examples) against the packaged core jar on the module path, runs it in a child JVM of
 * the same JDK with no flag but the module path, and checks what it prints. The jar is the one
 * {@code package} built, given by the build as {@code mechsym.core.jar}.
 */
class ModulePathIT {
    private static final List<String> SOURCES = List.of(
            "module-info.java",
            "example/Main.java",
            "example/MemoryExample.java",
            "example/CodecExample.java",
            "example/ConcurrentExample.java");

    @TempDir
    Path work;

    @Test
    void aNamedModuleCompilesAndRunsAgainstTheCoreJar() throws Exception {
        Path jar = Path.of(System.getProperty("mechsym.core.jar", "target/mechsym-core.jar"));
        assertThat(jar).as("the packaged core jar (run with mvn verify)").isRegularFile();
        Path sources = work.resolve("src");
        List<String> files = new ArrayList<>();
        for (String source : SOURCES) {
            Path file = sources.resolve(source);
            Files.createDirectories(file.getParent());
            try (InputStream in = getClass().getResourceAsStream("/module-path-example/" + source)) {
                assertThat(in).as(source).isNotNull();
                Files.copy(in, file);
            }
            files.add(file.toString());
        }
        Path classes = work.resolve("classes");

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> arguments = new ArrayList<>(
                List.of("--module-path", jar.toString(), "-d", classes.toString(), "-Xlint:all", "-Werror"));
        arguments.addAll(files);
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int compiled = javac.run(null, null, errors, arguments.toArray(String[]::new));
        assertThat(compiled)
                .as("javac: %s", errors.toString(StandardCharsets.UTF_8))
                .isZero();

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(
                        java.toString(),
                        "--module-path",
                        jar + File.pathSeparator + classes,
                        "--module",
                        "example/example.Main")
                .redirectErrorStream(true)
                .start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(60, TimeUnit.SECONDS))
                    .as("the program ended")
                    .isTrue();
            assertThat(process.exitValue()).as(output).isZero();
            assertThat(output.lines())
                    .containsExactly(
                            "memory: 999000",
                            "codec: 36 bytes: 42 101.25 XLON",
                            "concurrent: 5000050000",
                            "module: mechsym.core");
        } finally {
            process.destroyForcibly();
        }
    }
}

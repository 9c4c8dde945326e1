package mechsym.tools.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The C/C++ baselines in {@code native/}: finds the folder, builds a program with {@code make} when
 * its binary is missing or older than any source, and runs it.
 *
 * <p>The folder is found as {@link NativeFolder} says. When the folder, make or a compiler is
 * missing, {@link #program} says why instead of throwing, so an experiment can record a note and go
 * on without its C/C++ rows, and {@code mechsym analyser realtime} can say why it has no clock
 * source. {@link #make} is the one way a program of mechsym runs make in native/ (the disassembler
 * plugin too). Not thread-safe: one caller builds at a time.
 */
public final class NativePrograms {
    private static final long BUILD_TIMEOUT_SECONDS = 180;

    private final Path nativeDir;

    private NativePrograms(Path nativeDir) {
        this.nativeDir = nativeDir;
    }

    /** The baselines of the repository this lab runs from, or a failure saying why there are none. */
    public static Program program(String name) {
        Path dir = locate();
        if (dir == null) {
            return Program.unavailable(name, NativeFolder.NOT_FOUND);
        }
        return new NativePrograms(dir).build(name);
    }

    /**
     * The compiler and the flags {@code make} in native/ builds the baselines with, as {@code make -s
     * compiler} prints them (e.g. "g++ (Debian 12.2.0-14+deb12u1) 12.2.0; g++ -O2 -std=c++17 -pthread
     * -Wall -Wextra"), or "unknown (why)". For the report's environment: a C++ baseline is only as good
     * as its build. Waits at most 30 s.
     */
    public static String compiler() {
        Path dir = locate();
        if (dir == null) {
            return "unknown (native/ not found)";
        }
        try {
            MakeRun run = make(dir, 30, "-s", "compiler");
            String text = run.output().strip().replace("\n", "; ");
            Optional<String> failure = run.outcome().failureInOneLine(); // one fact of the environment
            if (failure.isPresent()) {
                return "unknown (" + failure.get() + (run.outcome().timedOut() || text.isEmpty() ? "" : ": " + text)
                        + ")";
            }
            return text.isEmpty() ? "unknown (make printed nothing)" : text;
        } catch (IOException e) {
            return "unknown (make not found)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown (interrupted)";
        }
    }

    /**
     * What one {@code make} run in native/ printed (stdout and stderr) and how it ended.
     *
     * @param outcome how it ended; its {@link ChildProcess.Outcome#failure() failure} says why it failed
     * @param output what it printed
     */
    public record MakeRun(ChildProcess.Outcome outcome, String output) {}

    /**
     * Runs {@code make --no-print-directory -C dir args...} for at most {@code timeoutSeconds}; at the
     * timeout make is killed with the compiler it started.
     *
     * @throws IOException if make cannot be started
     */
    public static MakeRun make(Path dir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("make", "--no-print-directory", "-C", dir.toString()));
        command.addAll(List.of(args));
        StringBuilder output = new StringBuilder();
        ChildProcess.Outcome outcome = ChildProcess.command(command)
                .name("`make -C " + dir + " " + String.join(" ", args) + "`")
                .run(
                        Duration.ofSeconds(timeoutSeconds),
                        out -> out.lines().forEach(line -> output.append(line).append('\n')));
        return new MakeRun(outcome, output.toString());
    }

    /** The baselines in this {@code native/} folder (for tests). */
    public static NativePrograms at(Path nativeDir) {
        return new NativePrograms(nativeDir);
    }

    /** The {@code native/} folder of this repository, or null. */
    public static Path locate() {
        return NativeFolder.locate();
    }

    /**
     * The program {@code native/build/NAME}, built first when it is missing or older than {@code
     * NAME.cpp}, any header or the Makefile.
     */
    public Program build(String name) {
        Path binary = nativeDir.resolve("build").resolve(name);
        try {
            if (!isStale(binary)) {
                return Program.available(name, binary);
            }
            MakeRun make;
            try {
                make = make(nativeDir, BUILD_TIMEOUT_SECONDS, "build/" + name);
            } catch (IOException e) {
                return Program.unavailable(name, "cannot run make (" + e.getMessage() + ")");
            }
            Optional<String> failure = make.outcome().failure();
            if (failure.isPresent()) {
                return Program.unavailable(name, failure.get());
            }
            if (!Files.isExecutable(binary)) {
                return Program.unavailable(name, "make built no " + binary + ": " + lastLines(make.output(), 5));
            }
            return Program.available(name, binary);
        } catch (IOException e) {
            return Program.unavailable(name, "cannot build " + name + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Program.unavailable(name, "interrupted while building " + name);
        }
    }

    private boolean isStale(Path binary) throws IOException {
        if (!Files.isExecutable(binary)) {
            return true;
        }
        FileTime built = Files.getLastModifiedTime(binary);
        try (Stream<Path> sources = Files.list(nativeDir)) {
            return sources.filter(Files::isRegularFile).anyMatch(source -> {
                try {
                    return Files.getLastModifiedTime(source).compareTo(built) > 0;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static String lastLines(String text, int n) {
        List<String> lines = text.lines().toList();
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }

    /**
     * A native program, or why it is missing.
     *
     * @param name e.g. {@code atomic_inc}
     * @param executable the binary, or null when unavailable
     * @param problem why it is unavailable, or null
     */
    public record Program(String name, Path executable, String problem) {

        static Program available(String name, Path executable) {
            return new Program(name, executable, null);
        }

        static Program unavailable(String name, String problem) {
            return new Program(name, null, problem);
        }

        public boolean isAvailable() {
            return executable != null;
        }

        /**
         * Runs the program to completion and returns its stdout lines; stderr goes to {@code log}.
         *
         * @throws IOException when it cannot start, exits non-zero (naming the log) or outlives the
         *     timeout
         */
        public List<String> run(Path log, long timeoutSeconds, Object... args)
                throws IOException, InterruptedException {
            if (!isAvailable()) {
                throw new IllegalStateException(name + " is not available: " + problem);
            }
            List<String> command = new ArrayList<>();
            command.add(executable.toString());
            for (Object a : args) {
                command.add(String.valueOf(a));
            }
            List<String> out = new ArrayList<>();
            ChildProcess.command(command)
                    .log(log)
                    .run(
                            Duration.ofSeconds(timeoutSeconds),
                            stdout -> stdout.lines().forEach(out::add))
                    .requireSuccess();
            return out.stream().filter(l -> !l.isBlank()).toList();
        }
    }
}

package mechsym.tools.platform;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * The one way mechsym runs a child process: start it (command, environment, working folder, log),
 * wait for its ready line with a deadline, keep its log, stop it, and make sure it does not outlive
 * mechsym's JVM, {@code kill -9} included. Modelled on Agrona's {@code AgentRunner.close}: stopping
 * asks, waits a grace period, then kills and waits for the end.
 *
 * <p><b>When the parent dies.</b> Each child is started with one of two {@link ParentWatch}es:
 *
 * <ul>
 *   <li>{@link ParentWatch#STDIN}: a JVM of ours. It runs {@link ExitOnStdinClose}, which ends it when
 *       its standard input reaches end of file; the parent holds the only writing end of that pipe,
 *       and the kernel closes it when the parent dies however it dies. Closing the pipe is also how
 *       {@link #close()} asks it to stop. Used for the Artemis broker ({@code BrokerMain}, which also
 *       removes its journal), the back-pressure gateway child and every forked lab JVM.
 *   <li>{@link ParentWatch#REAPER}: a program that cannot watch its stdin (PostgreSQL, the C/C++
 *       baselines, {@code make}, Gatling, jcstress, a shell loop). Its stdin is closed at once, and a
 *       reaper, a small {@code sh} process, waits on a pipe from the parent in the same way; when the
 *       parent dies it sends the child SIGTERM, waits up to the grace period, kills the child's whole
 *       tree (descendants first) and removes the folders named by {@link Launch#removeWhenOrphaned}.
 *       It outlives the parent by the grace period at most. {@link #close()} asks such a child to
 *       stop with SIGTERM. Used for PostgreSQL (with its data folder), native programs, the noisy
 *       neighbour, Gatling, jcstress, PrintAssembly's JVM, {@code make} and the probes.
 * </ul>
 *
 * <p>The native clock source is started here too and additionally exits by itself when its parent
 * dies ({@code PR_SET_PDEATHSIG}, see {@code native/clock_source.cpp}).
 *
 * <p><b>Stopping.</b> {@link #close()} stops the reaper, asks the child to stop (as its watch says),
 * waits up to the grace period, then kills its process tree, descendants first, and waits for it. A
 * child that does not print its ready line within the deadline is killed, and the error names the
 * command and shows its last lines of output. {@link #run} is the one-shot form for probes and
 * programs run to their end: its output is read while the caller waits, so a child that hangs is
 * killed at the deadline, and its {@link Outcome} is the one place that says why such a child
 * failed.
 *
 * <p>Thread safety: {@link #close()} may be called from any thread, more than once; the other
 * methods may be called from any thread.
 */
public final class ChildProcess implements AutoCloseable {
    /** How a child stops by itself when the JVM that started it dies. */
    public enum ParentWatch {
        /** The child exits at end of file on its stdin ({@link ExitOnStdinClose}); closing stdin stops it. */
        STDIN,
        /** A reaper process kills the child's tree when the parent dies; SIGTERM stops it. */
        REAPER
    }

    /** Reads the child's stdout to its end; an IOException it throws kills the child. */
    @FunctionalInterface
    public interface OutputReader {
        void read(BufferedReader stdout) throws IOException;
    }

    /**
     * How a child run to its end ended, and the one way to say why it failed: {@link #failure()}
     * (for a caller that accepts a failure, e.g. a probe whose failure means "not available here")
     * or {@link #requireSuccess()} (for one that does not). A failure is the first of: it outlived
     * its deadline, its output could not be read, it exited with a code other than 0.
     *
     * @param child the child as messages name it ({@link Launch#name}, or its command line)
     * @param deadline how long it was given
     * @param log where its stderr went ({@link Launch#log}), or null
     * @param timedOut it outlived the deadline and was killed
     * @param exitCode its exit code; -1 when it timed out
     * @param readError what the output reader threw (the child was killed), or null; a reader that threw
     *     anything else than an IOException (a line it could not parse) is reported here too, as an
     *     IOException whose cause is what it threw
     * @param lastLines its last lines (at most 10): what it wrote to its log during
     *     this run when it wrote anything there, else the last lines its reader was given
     */
    public record Outcome(
            String child,
            Duration deadline,
            Path log,
            boolean timedOut,
            int exitCode,
            IOException readError,
            List<String> lastLines) {
        public Outcome {
            lastLines = List.copyOf(lastLines);
        }

        /** Whether it exited with 0 within its deadline and its reader read its output to the end. */
        public boolean succeeded() {
            return !timedOut && readError == null && exitCode == 0;
        }

        /**
         * Why it failed, naming the child and what happened (its deadline, the reader's error, its
         * exit code), then its log and its last lines; empty when it {@linkplain #succeeded()
         * succeeded}.
         */
        public Optional<String> failure() {
            if (succeeded()) {
                return Optional.empty();
            }
            return Optional.of(child + what() + lastLinesText(log, lastLines));
        }

        /**
         * {@link #failure()} in one line, for a report's reason or an environment's fact: the child,
         * what happened and its log, without its last lines.
         */
        public Optional<String> failureInOneLine() {
            if (succeeded()) {
                return Optional.empty();
            }
            return Optional.of(child + what() + (log == null ? "" : " (log: " + log + ")"));
        }

        private String what() {
            if (timedOut) {
                return " did not finish in " + shown(deadline) + " and was killed";
            }
            if (readError != null) {
                String reason = readError.getMessage() == null
                        ? readError.getClass().getSimpleName()
                        : readError.getMessage().replace('\n', ' ');
                return ": its output could not be read: " + reason;
            }
            return " exited with " + exitCode;
        }

        /**
         * This outcome when it {@linkplain #succeeded() succeeded}.
         *
         * @throws IOException saying {@link #failure()}, caused by the reader's error when there was one
         */
        public Outcome requireSuccess() throws IOException {
            Optional<String> failure = failure();
            if (failure.isPresent()) {
                throw new IOException(failure.get(), timedOut ? null : readError);
            }
            return this;
        }

        private static String shown(Duration deadline) {
            return deadline.toMillis() % 1000 == 0 ? deadline.toSeconds() + " s" : deadline.toMillis() + " ms";
        }
    }

    /** How many of a finished child's last lines a failure shows. */
    static final int FAILURE_LINES = 10;

    /** How much of each of those lines a failure shows. */
    private static final int MAX_LINE_CHARS = 300;

    /** How many bytes of a finished child's output are kept to find its last lines. */
    private static final int TAIL_BYTES = 4096;

    /** How many of the child's last lines are kept for error messages. */
    private static final int LAST_LINES = 20;

    /** How long the output may keep coming after the child exited (a grandchild holding the pipe). */
    private static final long DRAIN_MILLIS = 5_000;

    /**
     * The reaper: waits for end of file on its stdin (the parent died), then stops the child {@code $1}
     * (SIGTERM, up to {@code $2} tenths of a second, then SIGKILL to its tree, descendants first) and
     * removes the folders that follow. The tree is read from /proc before anything is signalled.
     */
    private static final String REAPER_SCRIPT = """
            while read -r line; do :; done
            tree() { for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do tree "$c"; done; echo "$1"; }
            child=$1; tenths=$2; shift 2
            pids=$(tree "$child")
            kill -TERM "$child" 2>/dev/null
            i=0
            while kill -0 "$child" 2>/dev/null && [ "$i" -lt "$tenths" ]; do sleep 0.1; i=$((i+1)); done
            for p in $pids; do kill -KILL "$p" 2>/dev/null; done
            for folder in "$@"; do rm -rf -- "$folder"; done
            """;

    private final Process process;
    private final Process reaper;
    private final String name;
    private final ParentWatch watch;
    private final Duration grace;
    private final Path log;
    private final Deque<String> lastLines;
    private final Thread outputPump;
    private final String readyLine;

    private ChildProcess(
            Process process,
            Process reaper,
            String name,
            ParentWatch watch,
            Duration grace,
            Path log,
            Deque<String> lastLines,
            Thread outputPump,
            String readyLine) {
        this.process = process;
        this.reaper = reaper;
        this.name = name;
        this.watch = watch;
        this.grace = grace;
        this.log = log;
        this.lastLines = lastLines;
        this.outputPump = outputPump;
        this.readyLine = readyLine;
    }

    /** A child to start: {@code command} is the program and its arguments. */
    public static Launch command(List<String> command) {
        return new Launch(command);
    }

    /** A child to start: the program and its arguments. */
    public static Launch command(String... command) {
        return new Launch(List.of(command));
    }

    /** What to start and how; not thread-safe, used once. */
    public static final class Launch {
        private final List<String> command;
        private final Map<String, String> environment = new LinkedHashMap<>();
        private final List<Path> removeWhenOrphaned = new ArrayList<>();
        private Path directory;
        private Path log;
        private String name;
        private ParentWatch watch = ParentWatch.REAPER;
        private Duration grace = Duration.ofSeconds(5);

        private Launch(List<String> command) {
            if (command.isEmpty()) {
                throw new IllegalArgumentException("no command to run");
            }
            this.command = List.copyOf(command);
        }

        /** Names the child in messages, e.g. "PostgreSQL"; the command line otherwise. */
        public Launch name(String childName) {
            this.name = childName;
            return this;
        }

        /** Its working folder; this JVM's otherwise. */
        public Launch directory(Path folder) {
            this.directory = folder;
            return this;
        }

        /** Sets one variable of its environment (the rest is inherited). */
        public Launch environment(String variable, String value) {
            environment.put(variable, value);
            return this;
        }

        /**
         * Where its output is appended: stdout and stderr for {@link #start} (without a log only its
         * last lines are kept, for messages); stderr alone for {@link #run} (without a log, {@link
         * #run} reads stderr with stdout).
         */
        public Launch log(Path file) {
            this.log = file;
            return this;
        }

        /** How it stops when this JVM dies; {@link ParentWatch#REAPER} unless said. */
        public Launch watch(ParentWatch how) {
            this.watch = how;
            return this;
        }

        /** How long a stop request is waited for before the tree is killed; 5 s unless said. */
        public Launch grace(Duration period) {
            this.grace = period;
            return this;
        }

        /** Folders the reaper removes after killing the child when this JVM died (REAPER only). */
        public Launch removeWhenOrphaned(Path folder) {
            removeWhenOrphaned.add(folder);
            return this;
        }

        /** The command line, without the environment. */
        public List<String> command() {
            return command;
        }

        /**
         * Starts the child and waits until it prints a line {@code ready} accepts (both stdout and
         * stderr go to the log).
         *
         * @throws IOException naming the child and showing its last lines when it cannot start, exits,
         *     or prints no ready line within {@code deadline} (it is killed then)
         */
        public ChildProcess start(Predicate<String> ready, Duration deadline) throws IOException, InterruptedException {
            CompletableFuture<String> readyLine = new CompletableFuture<>();
            Deque<String> lastLines = new ArrayDeque<>();
            Process process = startOrExplain(builder().redirectErrorStream(true));
            Process reaper = watchParent(process);
            Thread pump = pump(process, lastLines, ready, readyLine);
            try {
                String line = readyLine.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
                return new ChildProcess(process, reaper, describe(), watch, grace, log, lastLines, pump, line);
            } catch (TimeoutException e) {
                kill(process, reaper);
                throw new IOException(describe() + " printed no ready line within " + deadline.toSeconds()
                        + " s and was stopped" + lastLinesText(log, lastLines));
            } catch (ExecutionException e) { // its output ended, or could not be kept
                String why = process.waitFor(1, TimeUnit.SECONDS)
                        ? "exited with " + process.exitValue()
                        : e.getCause().getMessage();
                kill(process, reaper);
                pump.join(DRAIN_MILLIS);
                throw new IOException(describe() + " " + why + " before it was ready" + lastLinesText(log, lastLines));
            } catch (InterruptedException e) {
                kill(process, reaper);
                throw e;
            }
        }

        /**
         * Starts the child, which is ready as soon as it runs (its caller knows better when it is: the
         * clock source's queue says so); its output goes to the log as for {@link #start(Predicate,
         * Duration)}.
         *
         * @throws IOException naming the child when it cannot start
         */
        public ChildProcess start() throws IOException {
            Deque<String> lastLines = new ArrayDeque<>();
            Process process = startOrExplain(builder().redirectErrorStream(true));
            Process reaper = watchParent(process);
            Thread pump = pump(process, lastLines, _ -> false, new CompletableFuture<>());
            return new ChildProcess(process, reaper, describe(), watch, grace, log, lastLines, pump, null);
        }

        private Thread pump(
                Process process,
                Deque<String> lastLines,
                Predicate<String> ready,
                CompletableFuture<String> readyLine) {
            return Thread.ofPlatform()
                    .daemon()
                    .name("child-" + process.pid() + "-output")
                    .start(() -> pumpOutput(process, log, lastLines, ready, readyLine));
        }

        /**
         * Runs the child to its end: its stdout goes to {@code reader} (on a thread of its own), its
         * stderr to the log, or to {@code reader} with stdout when there is no log. At the deadline,
         * or when the reader fails, the child and its descendants are killed; interrupting the caller
         * kills them too.
         *
         * @throws IOException when the child cannot be started, naming it
         */
        public Outcome run(Duration deadline, OutputReader reader) throws IOException, InterruptedException {
            ProcessBuilder builder = builder();
            if (log != null) {
                builder.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
            } else {
                builder.redirectErrorStream(true);
            }
            return runToEnd(builder, deadline, reader);
        }

        /**
         * Runs the child to its end, its stdout and stderr both appended to its log, which must be
         * set; otherwise as {@link #run(Duration, OutputReader)}.
         *
         * @throws IOException when the child cannot be started, naming it
         */
        public Outcome run(Duration deadline) throws IOException, InterruptedException {
            if (log == null) {
                throw new IllegalStateException("no log for the output of " + describe());
            }
            ProcessBuilder builder = builder()
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectErrorStream(true);
            return runToEnd(builder, deadline, _ -> {});
        }

        private Outcome runToEnd(ProcessBuilder builder, Duration deadline, OutputReader reader)
                throws IOException, InterruptedException {
            long logStart = log != null && Files.isRegularFile(log) ? Files.size(log) : 0;
            Process process = startOrExplain(builder);
            Process reaper = watchParent(process);
            try {
                TailKeeper stdout = new TailKeeper(process.getInputStream());
                Ended ended = await(process, stdout, deadline.toMillis(), reader);
                List<String> logged = log == null ? List.of() : loggedSince(log, logStart);
                return new Outcome(
                        describe(),
                        deadline,
                        log,
                        ended.timedOut(),
                        ended.exitCode(),
                        ended.readError(),
                        logged.isEmpty() ? stdout.lastLines() : logged);
            } finally {
                closeQuietly(process.getOutputStream());
                stopReaper(reaper);
            }
        }

        private ProcessBuilder builder() {
            ProcessBuilder builder = new ProcessBuilder(command);
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            builder.environment().putAll(environment);
            return builder;
        }

        private Process startOrExplain(ProcessBuilder builder) throws IOException {
            try {
                return builder.start();
            } catch (IOException e) {
                throw new IOException("cannot start " + describe() + ": " + e.getMessage(), e);
            }
        }

        /** The reaper for a REAPER child (its stdin closed at once), or null for a STDIN one. */
        private Process watchParent(Process process) throws IOException {
            if (watch == ParentWatch.STDIN) {
                return null;
            }
            closeQuietly(process.getOutputStream());
            List<String> reaperCommand = new ArrayList<>(List.of(
                    "sh",
                    "-c",
                    REAPER_SCRIPT,
                    "mechsym-reaper",
                    Long.toString(process.pid()),
                    Long.toString(Math.max(1, grace.toMillis() / 100))));
            removeWhenOrphaned.forEach(
                    folder -> reaperCommand.add(folder.toAbsolutePath().toString()));
            try {
                return new ProcessBuilder(reaperCommand)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
            } catch (IOException e) {
                killTree(process.toHandle());
                throw new IOException("cannot start the reaper of " + describe() + " (sh): " + e.getMessage(), e);
            }
        }

        private String describe() {
            if (name != null) {
                return name;
            }
            List<String> shown = new ArrayList<>();
            shown.add(Path.of(command.getFirst()).getFileName().toString());
            for (String argument : command.subList(1, command.size())) {
                shown.add(argument.length() > 80 ? "..." : argument);
            }
            return "`" + String.join(" ", shown) + "`";
        }
    }

    /** The line that said the child was ready, or null when it was started without one. */
    public String readyLine() {
        return readyLine;
    }

    /** The child's log file, or null when it has none. */
    public Path log() {
        return log;
    }

    /** The child's process id. */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Its exit code, or -1 while it runs. */
    public int exitCode() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    /** Waits up to {@code timeout} for the child to exit by itself; whether it did. */
    public boolean waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Its last lines of output, oldest first (at most 20); once it exited, up to its very last. */
    public List<String> lastLines() {
        if (!process.isAlive()) {
            try {
                outputPump.join(DRAIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (lastLines) {
            return List.copyOf(lastLines);
        }
    }

    /**
     * Stops the child: stops its reaper, asks it to stop (closes its stdin, or SIGTERM), waits up to
     * the grace period, then kills its process tree, descendants first, and waits for it.
     */
    @Override
    public void close() {
        stopReaper(reaper);
        List<ProcessHandle> descendants = new ArrayList<>(); // those the child may leave behind when it exits
        descendantsFirst(process.toHandle(), descendants);
        if (watch == ParentWatch.STDIN) {
            closeQuietly(process.getOutputStream());
        } else {
            process.destroy();
        }
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(process, reaper);
            }
            descendants.forEach(ProcessHandle::destroyForcibly); // no-op for those gone (start time checked)
            outputPump.join(DRAIN_MILLIS);
        } catch (InterruptedException e) {
            kill(process, reaper); // the caller is being stopped: the child must not outlive it
            Thread.currentThread().interrupt();
        }
    }

    /** Kills the child's tree now, descendants first, and waits a little for it. */
    private static void kill(Process process, Process reaper) {
        stopReaper(reaper);
        killTree(process.toHandle());
        try {
            process.waitFor(DRAIN_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String lastLinesText(Path log, Deque<String> lastLines) {
        synchronized (lastLines) {
            return lastLinesText(log, List.copyOf(lastLines));
        }
    }

    /** " (log: LOG); its last lines:" and the lines, one a line and indented; or that it printed nothing. */
    private static String lastLinesText(Path log, List<String> lines) {
        String shown = lines.isEmpty()
                ? " (it printed nothing)"
                : "; its last lines:" + System.lineSeparator() + "  "
                        + String.join(System.lineSeparator() + "  ", lines);
        return (log == null ? "" : " (log: " + log + ")") + shown;
    }

    /** Kills {@code root} and every process it started, descendants first. */
    public static void killTree(ProcessHandle root) {
        List<ProcessHandle> tree = new ArrayList<>();
        descendantsFirst(root, tree);
        tree.forEach(ProcessHandle::destroyForcibly);
        root.destroyForcibly();
    }

    /** Adds {@code root}'s descendants to {@code into}, each after its own descendants. */
    private static void descendantsFirst(ProcessHandle root, List<ProcessHandle> into) {
        root.children().forEach(child -> {
            descendantsFirst(child, into);
            into.add(child);
        });
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }

    private static void stopReaper(Process reaper) {
        if (reaper != null && reaper.isAlive()) {
            reaper.destroyForcibly();
            try {
                reaper.waitFor(DRAIN_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void pumpOutput(
            Process process,
            Path log,
            Deque<String> lastLines,
            Predicate<String> ready,
            CompletableFuture<String> readyLine) {
        try (BufferedReader out = process.inputReader(StandardCharsets.UTF_8);
                PrintStream copy = log == null
                        ? new PrintStream(OutputStream.nullOutputStream())
                        : new PrintStream(
                                Files.newOutputStream(log, StandardOpenOption.CREATE, StandardOpenOption.APPEND),
                                true,
                                StandardCharsets.UTF_8)) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                copy.println(line);
                synchronized (lastLines) {
                    if (lastLines.size() == LAST_LINES) {
                        lastLines.removeFirst();
                    }
                    lastLines.addLast(line);
                }
                if (!readyLine.isDone() && ready.test(line)) {
                    readyLine.complete(line);
                }
            }
        } catch (IOException e) {
            readyLine.completeExceptionally(
                    new IOException("could not have its output kept: " + IoReasons.describe(e)));
        } catch (RuntimeException e) {
            readyLine.completeExceptionally(new IOException("could not have its output read: " + e, e));
        }
        readyLine.completeExceptionally(new IOException("closed its output"));
    }

    /** How {@link #await} saw a child end. */
    private record Ended(boolean timedOut, int exitCode, IOException readError) {}

    /**
     * Reads {@code process}'s stdout with {@code reader} on a daemon thread and waits up to
     * {@code deadlineMillis} for the process to exit; at the deadline, or when the reader fails, the
     * process and its descendants are killed.
     */
    private static Ended await(Process process, InputStream stdout, long deadlineMillis, OutputReader reader)
            throws InterruptedException {
        AtomicReference<IOException> readError = new AtomicReference<>();
        Thread readerThread = Thread.ofPlatform()
                .daemon()
                .name("child-" + process.pid() + "-stdout")
                .start(() -> {
                    try (BufferedReader lines =
                            new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
                        reader.read(lines);
                    } catch (IOException e) {
                        readError.set(e);
                        killTree(process.toHandle());
                    } catch (UncheckedIOException e) {
                        readError.set(e.getCause());
                        killTree(process.toHandle());
                    } catch (RuntimeException | Error e) {
                        // a reader's own fault (a line it could not parse) is a read error, never a success
                        readError.set(new IOException(
                                e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : ""),
                                e));
                        killTree(process.toHandle());
                    }
                });
        boolean finished;
        try {
            finished = process.waitFor(deadlineMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            killTree(process.toHandle());
            throw e;
        }
        if (!finished) {
            killTree(process.toHandle());
        }
        readerThread.join(DRAIN_MILLIS);
        if (readerThread.isAlive()) { // something still holds the pipe: stop reading it
            killTree(process.toHandle());
            closeQuietly(process.getInputStream());
            readerThread.join(DRAIN_MILLIS);
        }
        return new Ended(!finished, finished ? process.exitValue() : -1, readError.get());
    }

    /**
     * The last lines {@code log} got since it was {@code start} bytes long (what this run wrote
     * there), at most {@link #FAILURE_LINES}; none when it cannot be read.
     */
    private static List<String> loggedSince(Path log, long start) {
        try (var file = java.nio.channels.FileChannel.open(log, StandardOpenOption.READ)) {
            long from = Math.max(start, file.size() - TAIL_BYTES);
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate((int) Math.max(0, file.size() - from));
            while (bytes.hasRemaining() && file.read(bytes, from + bytes.position()) > 0) {
                // reads until the buffer is full or the file ends
            }
            return lastLines(bytes.array(), bytes.position(), from > start);
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * The last {@link #FAILURE_LINES} lines of {@code length} bytes of output; the first is left out
     * when it is {@code cut} (the bytes start within it).
     */
    static List<String> lastLines(byte[] bytes, int length, boolean cut) {
        List<String> lines =
                new String(bytes, 0, length, StandardCharsets.UTF_8).lines().toList();
        if (cut && !lines.isEmpty()) {
            lines = lines.subList(1, lines.size());
        }
        return lines.subList(Math.max(0, lines.size() - FAILURE_LINES), lines.size()).stream()
                .map(line -> line.length() > MAX_LINE_CHARS ? line.substring(0, MAX_LINE_CHARS) + "..." : line)
                .toList();
    }

    /** A child's stdout that keeps its last {@link #TAIL_BYTES} bytes, for the lines a failure shows. */
    private static final class TailKeeper extends FilterInputStream {
        private final byte[] ring = new byte[TAIL_BYTES];
        private long total;

        TailKeeper(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                keep(new byte[] {(byte) b}, 0, 1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                keep(buffer, offset, n);
            }
            return n;
        }

        private synchronized void keep(byte[] buffer, int offset, int length) {
            for (int i = 0; i < length; i++) {
                ring[(int) (total++ % TAIL_BYTES)] = buffer[offset + i];
            }
        }

        /** Its last lines, oldest first. */
        synchronized List<String> lastLines() {
            int kept = (int) Math.min(total, TAIL_BYTES);
            byte[] inOrder = new byte[kept];
            for (int i = 0; i < kept; i++) {
                inOrder[i] = ring[(int) ((total - kept + i) % TAIL_BYTES)];
            }
            return ChildProcess.lastLines(inOrder, kept, total > TAIL_BYTES);
        }
    }

    private static void closeQuietly(java.io.Closeable stream) {
        try {
            stream.close();
        } catch (IOException e) {
            // gone already
        }
    }
}

package mechsym.lab.ledger;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link LedgerWriterMain} in a JVM of its own, stopped by {@link #close()} whatever happened. */
final class WriterProcess implements AutoCloseable {
    private final Process process;
    private final BufferedReader output;

    private WriterProcess(Process process) {
        this.process = process;
        this.output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    static WriterProcess start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                LedgerWriterMain.class.getName()));
        command.addAll(List.of(args));
        return new WriterProcess(
                new ProcessBuilder(command).redirectErrorStream(true).start());
    }

    /** The first line the writer prints ("recorded", "holding"), or its whole output if it ends first. */
    String awaitLine() throws IOException {
        String line;
        StringBuilder all = new StringBuilder();
        while ((line = output.readLine()) != null) {
            if (line.equals("recorded") || line.equals("holding")) {
                return line;
            }
            all.append(line).append('\n');
        }
        return all.toString();
    }

    /** Kills the writer as kill -9 would, and waits for it to be gone. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        kill();
    }
}

package mechsym.lab.experiments.cachefallacy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.JavaCommand;
import mechsym.tools.platform.JvmFlags;
import mechsym.tools.platform.NativeFolder;

/**
 * Runs the store-buffering litmus test ({@code mechsym.stress.litmus.StoreBufferingTest}: opaque
 * store then load on two threads, with and without a full fence) with jcstress from the stress
 * module's jar, and reads back its outcome counts. jcstress's own HTML report stays in the folder
 * given. The jar is built with the rest of the project ({@code ./mechsym build}); without it the
 * litmus is skipped with the reason.
 */
final class StoreBufferingLitmus {
    private StoreBufferingLitmus() {}

    /** One outcome of one variant: how often it was seen and what jcstress expects of it. */
    record Outcome(String variant, String outcome, long count, String expectation) {}

    /** The counts, or the reason there are none. */
    record Run(List<Outcome> outcomes, String problem) {}

    static Path jar() {
        Path root = NativeFolder.locate();
        return root == null ? null : root.getParent().resolve("stress/target/jcstress.jar");
    }

    static Run run(Path folder, List<String> modeArgs, long timeoutSeconds) throws IOException, InterruptedException {
        Path jar = jar();
        if (jar == null || !Files.isRegularFile(jar)) {
            return new Run(List.of(), "jcstress jar not built (" + (jar == null ? NativeFolder.NOT_FOUND : jar) + ")");
        }
        Files.createDirectories(folder);
        Path log = folder.resolve("jcstress.log");
        Files.deleteIfExists(log); // this run's output alone
        ChildProcess.Outcome ran = ChildProcess.command(command(jar, modeArgs, folder))
                .name("jcstress")
                .directory(folder)
                .log(log)
                .run(Duration.ofSeconds(timeoutSeconds));
        if (ran.timedOut()) {
            return new Run(List.of(), ran.failureInOneLine().orElseThrow());
        }
        List<Outcome> outcomes = new ArrayList<>();
        ChildProcess.Outcome read = ChildProcess.command(
                        JavaCommand.main(jar.toString(), "mechsym.stress.litmus.LitmusCounts")
                                .args(folder.toString())
                                .build())
                .name("jcstress's litmus counts")
                .run(Duration.ofSeconds(60), out -> {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        String[] cells = line.split("\t");
                        if (cells.length == 4 && cells[2].matches("\\d+")) {
                            String variant = cells[0].substring(cells[0].lastIndexOf('.') + 1);
                            outcomes.add(new Outcome(variant, cells[1], Long.parseLong(cells[2]), cells[3]));
                        }
                    }
                });
        if (!read.succeeded() || outcomes.isEmpty()) {
            // jcstress's own failure says most; else why its results gave no counts
            String why = ran.failureInOneLine()
                    .or(read::failureInOneLine)
                    .orElse("jcstress's results in " + folder + " hold no counts of the litmus test");
            return new Run(List.of(), "no litmus counts from jcstress: " + why);
        }
        return new Run(outcomes, null);
    }

    /**
     * jcstress from {@code jar} on the litmus test, in its mode {@code modeArgs}, its results in {@code
     * folder}; its own forks get the flags every JVM of mechsym gets, as one space-separated line.
     */
    static List<String> command(Path jar, List<String> modeArgs, Path folder) {
        List<String> command = new ArrayList<>(
                JavaCommand.jar(jar).args("-t", "litmus.StoreBuffering").build());
        command.addAll(modeArgs);
        command.addAll(List.of("-r", folder.toString(), "-jvmArgsPrepend", String.join(" ", JvmFlags.REQUIRED)));
        return command;
    }

    /** How often a variant showed both loads reading 0 (the reordering), and in how many samples. */
    static long[] reorderings(List<Outcome> outcomes, String variant) {
        long seen = 0;
        long total = 0;
        for (Outcome o : outcomes) {
            if (o.variant().equals(variant)) {
                total += o.count();
                if (o.outcome().equals("0, 0")) {
                    seen += o.count();
                }
            }
        }
        return new long[] {seen, total};
    }
}

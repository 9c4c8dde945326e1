package mechsym.lab.ledger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The git commit of the mechsym checkout a program runs from, read from the repository's files
 * (HEAD, the branch's ref, packed-refs; a worktree's {@code .git} file points at its folder), so no
 * git process is started. Stateless.
 */
public final class SourceCommit {
    private SourceCommit() {}

    /** The commit of the checkout holding {@code start} (a jar or a folder), or null when there is none. */
    public static String find(Path start) {
        try {
            for (Path dir = start.toAbsolutePath(); dir != null; dir = dir.getParent()) {
                Path dotGit = dir.resolve(".git");
                if (Files.isDirectory(dotGit)) {
                    return commit(dotGit, dotGit);
                }
                if (Files.isRegularFile(dotGit)) {
                    String pointer = Files.readString(dotGit).trim();
                    if (pointer.startsWith("gitdir:")) {
                        Path gitDir = dir.resolve(
                                pointer.substring("gitdir:".length()).trim());
                        Path common = Files.isRegularFile(gitDir.resolve("commondir"))
                                ? gitDir.resolve(Files.readString(gitDir.resolve("commondir"))
                                        .trim())
                                : gitDir;
                        return commit(gitDir, common);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // not knowing the commit is no reason to fail a run
        }
        return null;
    }

    private static String commit(Path gitDir, Path commonDir) throws IOException {
        String head = Files.readString(gitDir.resolve("HEAD")).trim();
        if (!head.startsWith("ref:")) {
            return head;
        }
        String ref = head.substring("ref:".length()).trim();
        for (Path dir : new Path[] {gitDir, commonDir}) {
            Path loose = dir.resolve(ref);
            if (Files.isRegularFile(loose)) {
                return Files.readString(loose).trim();
            }
        }
        Path packed = commonDir.resolve("packed-refs");
        if (Files.isRegularFile(packed)) {
            for (String line : Files.readAllLines(packed)) {
                if (line.endsWith(" " + ref)) {
                    return line.substring(0, line.indexOf(' '));
                }
            }
        }
        return null;
    }
}

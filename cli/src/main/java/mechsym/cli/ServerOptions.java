package mechsym.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import mechsym.tools.OptionCheck;
import mechsym.tools.platform.HostEnvironment;
import mechsym.tools.platform.UntrustedFiles;
import picocli.CommandLine.Option;

/**
 * Where a server command listens ({@code --port}, {@code --bind}) and where it records its host's
 * environment for a lab run on another host ({@code --env-file}); shared by the servers' commands.
 */
final class ServerOptions {
    @Option(names = "--port", required = true, paramLabel = "P", description = "Port to listen on.")
    int port;

    @Option(names = "--bind", paramLabel = "ADDR", description = "Listen on this address only (default: all).")
    String bind;

    @Option(
            names = "--env-file",
            paramLabel = "F",
            description = "Write this host's environment (CPU, kernel, JDK, load, governor) to F as JSON at start,"
                    + " for `mechsym lab --remote-env F` on the client host (docs/two-machines.md).")
    Path envFile;

    /** Writes the environment to {@code --env-file}, if given; a usage error names the file when it cannot. */
    void writeEnvironment() {
        if (envFile == null) {
            return;
        }
        try {
            // a FIFO nobody reads would block the server's start, a device swallow the facts
            UntrustedFiles.refuseSpecial("--env-file", envFile);
        } catch (IOException e) {
            throw new Main.UsageError(e.getMessage());
        }
        try {
            Files.writeString(envFile, HostEnvironment.json());
        } catch (IOException e) {
            throw new Main.UsageError("--env-file " + envFile + ": cannot be written (" + e.getMessage() + ")");
        }
    }

    /** The port, checked: a usage error names it when it is not 0..65535. */
    int checkedPort() {
        return Main.UsageError.check(() -> OptionCheck.port("--port", port, true));
    }
}

package mechsym.cli;

import mechsym.tools.OptionCheck;
import picocli.CommandLine.Option;

/** Where a server command listens ({@code --port}, {@code --bind}); shared by the servers' commands. */
final class ServerOptions {
    @Option(names = "--port", required = true, paramLabel = "P", description = "Port to listen on.")
    int port;

    @Option(names = "--bind", paramLabel = "ADDR", description = "Listen on this address only (default: all).")
    String bind;

    /** The port, checked: a usage error names it when it is not 0..65535. */
    int checkedPort() {
        return Main.UsageError.check(() -> OptionCheck.port("--port", port, true));
    }
}

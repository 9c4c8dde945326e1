package mechsym.cli;

import picocli.CommandLine.Option;

/**
 * The server a round-trip client talks to and the size of what it sends ({@code --host}, {@code
 * --port}, {@code --size}); shared by the clients' commands, whose tools check the ranges.
 */
final class ClientOptions {
    @Option(names = "--host", defaultValue = "localhost", paramLabel = "H", description = "Server (default localhost).")
    String host;

    @Option(names = "--port", required = true, paramLabel = "P", description = "Server port.")
    int port;

    @Option(names = "--size", defaultValue = "32", paramLabel = "BYTES", description = "Message size (default 32).")
    int size;

    /** {@code host:port}, as the reports name the server. */
    String target() {
        return host + ":" + port;
    }
}

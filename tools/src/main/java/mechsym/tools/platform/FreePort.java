package mechsym.tools.platform;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A TCP port of 127.0.0.1 that was free a moment ago, for a child server that must be told its port
 * before it binds (another process may take it first: the child's bind then fails, naming it).
 * Stateless and thread-safe.
 */
public final class FreePort {
    private FreePort() {}

    /** A port of 127.0.0.1 that no socket was bound to when asked. */
    public static int onLoopback() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}

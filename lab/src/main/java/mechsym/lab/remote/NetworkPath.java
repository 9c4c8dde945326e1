package mechsym.lab.remote;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;

/**
 * The path a row's packets take: loopback, or the local interface and address the route to a remote
 * host leaves by. Found by connecting a UDP socket to the host (the kernel picks the route; no
 * packet is sent) and reading its local address. Immutable.
 *
 * @param interfaceName the local interface ("lo" for loopback), or "unknown"
 * @param localAddress this side's address on it
 * @param remoteAddress the server's address
 */
public record NetworkPath(String interfaceName, String localAddress, String remoteAddress) {
    /** The path of the rows that start their own server on this machine. */
    public static final NetworkPath LOOPBACK = new NetworkPath("lo", "127.0.0.1", "127.0.0.1");

    /** The path to {@code server}, resolved now. */
    public static NetworkPath to(HostPort server) throws IOException {
        InetSocketAddress address = server.address();
        if (address.isUnresolved()) {
            throw new IOException("unknown host '" + server.host() + "'");
        }
        return to(address.getAddress());
    }

    /** The path to {@code remote}: the interface its route leaves by. */
    public static NetworkPath to(InetAddress remote) throws IOException {
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.connect(remote, 9); // connecting a UDP socket sends nothing
            InetAddress local = socket.getLocalAddress();
            NetworkInterface nic = NetworkInterface.getByInetAddress(local);
            return new NetworkPath(
                    nic != null ? nic.getName() : "unknown", local.getHostAddress(), remote.getHostAddress());
        }
    }

    public boolean isLoopback() {
        return interfaceName.equals("lo") || localAddress.startsWith("127.") || localAddress.equals("::1");
    }

    /** How a table names the path: "loopback" or "eth0 10.0.0.1 → 10.0.0.2". */
    public String label() {
        return isLoopback() ? "loopback" : interfaceName + " " + localAddress + " → " + remoteAddress;
    }
}

package mechsym.tools.gateway;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** A client on a raw socket, for requests no HTTP library would send. */
final class RawHttp {
    private RawHttp() {}

    /** Sends {@code request} and returns what the server sent until it closed (or 3 s passed). */
    static String exchange(int port, byte[] request) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            socket.setSoTimeout(3_000);
            try {
                socket.getOutputStream().write(request);
                socket.getOutputStream().flush();
            } catch (IOException e) {
                // the server answered and closed before taking it all (an oversized request): read the answer
            }
            return readUntilClose(socket.getInputStream());
        }
    }

    /**
     * Sends {@code request}, ends this side ({@code shutdown(SHUT_WR)}), and returns what the server
     * sent until it closed (or 3 s passed).
     */
    static String halfClosed(int port, String request) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            socket.setSoTimeout(3_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            socket.shutdownOutput();
            return readUntilClose(socket.getInputStream());
        }
    }

    static String exchange(int port, String request) throws IOException {
        return exchange(port, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    static String readUntilClose(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            // what came so far
        } catch (java.net.SocketException e) {
            // reset after the answer (the server closed with our unread bytes pending): what came so far
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }
}

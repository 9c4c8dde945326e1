package mechsym.lab.remote;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A hostile peer on loopback for tests: accepts connections and answers each with {@code behaviour}
 * (an endless body, a dripping one, garbage), whatever was asked. Closing it stops it.
 */
final class FakePeer implements AutoCloseable {
    /** What the peer writes to a connection; ends when the client goes away. */
    interface Behaviour {
        void answer(OutputStream out) throws IOException, InterruptedException;
    }

    private final ServerSocket server;
    private final Thread acceptor;

    private FakePeer(Behaviour behaviour) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    Thread.ofVirtual().start(() -> {
                        try (s) {
                            s.getInputStream().read(new byte[4096]); // the request, whatever it is
                            behaviour.answer(s.getOutputStream());
                        } catch (IOException | InterruptedException e) {
                            // the client went away: what a hostile peer hopes never happens
                        }
                    });
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    static FakePeer start(Behaviour behaviour) throws IOException {
        return new FakePeer(behaviour);
    }

    /** A peer whose answer is an HTTP head, then {@code body} for ever, as fast as the client reads. */
    static FakePeer endlessBody() throws IOException {
        return start(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"));
            byte[] chunk = ascii("1000\r\n" + "x".repeat(0x1000) + "\r\n");
            while (true) {
                out.write(chunk);
            }
        });
    }

    /** A peer whose answer's body comes one byte every {@code millis} and never ends. */
    static FakePeer drippingBody(long millis) throws IOException {
        return start(out -> {
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n\r\n{"));
            out.flush();
            while (true) {
                Thread.sleep(millis);
                out.write(' ');
                out.flush();
            }
        });
    }

    /** A peer that answers {@code bytes} and closes. */
    static FakePeer answering(byte[] bytes) throws IOException {
        return start(out -> out.write(bytes));
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    int port() {
        return server.getLocalPort();
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + port());
    }

    @Override
    public void close() throws IOException, InterruptedException {
        server.close();
        acceptor.join();
    }
}

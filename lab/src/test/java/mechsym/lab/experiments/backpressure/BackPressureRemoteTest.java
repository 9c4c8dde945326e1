package mechsym.lab.experiments.backpressure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A remote gateway that answers garbage fails the remote part with a line saying so, nothing more. */
@Timeout(60)
class BackPressureRemoteTest {
    private static final BackPressureExperiment.Params TINY =
            new BackPressureExperiment.Params(0.25, 0.4, 0.25, 4, 500, 2, 2, 2, 0.5);

    /** A server that answers every connection with {@code answer} and keeps it open. */
    private static final class Garbage implements AutoCloseable {
        final ServerSocket listener;
        final List<Socket> accepted = new ArrayList<>();
        final Thread acceptor;

        Garbage(String answer) throws IOException {
            listener = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
            byte[] bytes = answer.getBytes(StandardCharsets.ISO_8859_1);
            acceptor = Thread.ofPlatform().daemon().start(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket s = listener.accept();
                        synchronized (accepted) {
                            accepted.add(s);
                        }
                        Thread.ofPlatform().daemon().start(() -> serve(s, bytes));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private static void serve(Socket s, byte[] answer) {
            try (InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream()) {
                byte[] buffer = new byte[4096];
                while (in.read(buffer) > 0) {
                    out.write(answer);
                }
            } catch (IOException e) {
                // the load closed it
            }
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + listener.getLocalPort());
        }

        @Override
        public void close() throws IOException {
            listener.close();
            synchronized (accepted) {
                for (Socket s : accepted) {
                    s.close();
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\u0000\u00ff random bytes, not HTTP\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n\r\nxx",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n99999999999999999999\r\n",
                "HTTP/1.1 200 OK\r\nX-Endless: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n"
            })
    void aRemoteThatAnswersNo200FailsWithOneLineNamingWhatCame(String answer) throws Exception {
        try (Garbage garbage = new Garbage(answer)) {
            assertThatThrownBy(() -> BackPressureRemote.measure(garbage.uri(), TINY))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("gave no 200 answer")
                    .hasMessageContaining("a probe of 20 requests got")
                    .satisfies(e -> assertThat(e.getMessage().lines().count()).isEqualTo(1));
        }
    }

    @Test
    void aRemoteThatIsNotThereFailsWithAnIoException() throws Exception {
        URI closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + s.getLocalPort());
        }
        assertThatThrownBy(() -> BackPressureRemote.measure(closed, TINY)).isInstanceOf(IOException.class);
    }
}

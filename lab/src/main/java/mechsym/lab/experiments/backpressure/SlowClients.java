package mechsym.lab.experiments.backpressure;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed's slow clients: connections that send their request a byte at a time (one byte per
 * connection every 20 ms) and never read an answer. A server that gives each request a thread
 * while it reads it has that thread tied up; an event loop spends a buffer. One thread drips into
 * every connection; {@link #close} stops it and closes them.
 */
final class SlowClients implements AutoCloseable {
    private static final byte[] REQUEST = "POST /slow HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4096\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);

    private final List<Socket> sockets = new ArrayList<>();
    private final Thread dripper;
    private volatile boolean running = true;

    SlowClients(int port, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            Socket socket = new Socket();
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            sockets.add(socket);
        }
        dripper = Thread.ofPlatform().daemon(true).name("slow-clients").start(this::drip);
    }

    private void drip() {
        long sent = 0;
        while (running) {
            byte b = sent < REQUEST.length ? REQUEST[(int) sent] : (byte) 'x';
            for (Socket socket : sockets) {
                try {
                    OutputStream out = socket.getOutputStream();
                    out.write(b);
                    out.flush();
                } catch (IOException e) {
                    // the server closed it (a timeout): nothing more to send there
                }
            }
            sent++;
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        running = false;
        dripper.interrupt();
        try {
            dripper.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the sockets are closed all the same
        }
        for (Socket socket : sockets) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}

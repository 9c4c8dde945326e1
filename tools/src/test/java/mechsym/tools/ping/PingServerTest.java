package mechsym.tools.ping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The echo protocol against a running server, its reliability cases and the client's errors. */
@Timeout(30)
class PingServerTest {
    @TempDir
    Path dir;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    private PingServer server(Transport transport) throws IOException {
        PingServer server = PingServer.start(
                "127.0.0.1", transport == Transport.IPC ? 1 : 0, transport, null, dir.resolve("ping.ipc"));
        toClose.add(server);
        return server;
    }

    private PingOptions options(PingServer server, int size, long count) {
        return new PingOptions(
                "127.0.0.1", server.port(), server.transport(), size, count, 10, 0, null, 2000, server.ipcPath());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void everyTransportEchoesAndRecordsEachRoundTrip(Transport transport) throws IOException {
        PingServer server = server(transport);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);

        PingClient.Outcome outcome = PingClient.run(options(server, 32, 300), recorder);

        assertThat(recorder.total().count()).isEqualTo(300);
        assertThat(recorder.total().minNanos()).isPositive();
        assertThat(outcome.sent()).isEqualTo(310);
        assertThat(outcome.lost()).isZero();
        assertThat(server.messages()).isPositive(); // TCP reads may join messages
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"SPIN", "BLOCKING", "SELECT"})
    void aServerKeepsServingAfterClientsThatLeaveMidMessageOrSendOddAmounts(Transport transport) throws Exception {
        PingServer server = server(transport);
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.getOutputStream().write(new byte[10]); // half of a 20-byte message, then gone
        }
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(5000);
            assertThat(echo(s, "abc".getBytes())).isEqualTo("abc".getBytes()); // less than 32
            byte[] big = new byte[50_000];
            big[49_999] = 7;
            assertThat(echo(s, big)).isEqualTo(big); // more than one read
        }
        for (int i = 0; i < 50; i++) {
            new Socket("127.0.0.1", server.port()).close(); // many clients come and go
        }
        Socket reset = new Socket("127.0.0.1", server.port());
        reset.setSoLinger(true, 0);
        reset.getOutputStream().write(1);
        reset.close(); // an abortive close (RST)

        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(options(server, 32, 100), recorder);
        assertThat(recorder.total().count()).isEqualTo(100);
        assertThat(server.clients()).isGreaterThanOrEqualTo(54);
    }

    @Test
    void concurrentClientsAreServedAtOnce() throws Exception {
        PingServer server = server(Transport.BLOCKING);
        try (Socket _ = new Socket("127.0.0.1", server.port())) {
            LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
            PingClient.run(options(server, 16, 50), recorder); // not held up by the idle client
            assertThat(recorder.total().count()).isEqualTo(50);
        }
    }

    @Test
    void udpServerAnswersEmptyAndLargestDatagramsAndGoesOn() throws Exception {
        PingServer server = server(Transport.UDP);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout(5000);
            InetAddress local = InetAddress.getByName("127.0.0.1");
            for (int size : new int[] {0, 1, PingServer.MAX_MESSAGE}) {
                socket.send(new DatagramPacket(new byte[size], size, local, server.port()));
                DatagramPacket answer = new DatagramPacket(new byte[70_000], 70_000);
                socket.receive(answer);
                assertThat(answer.getLength()).isEqualTo(size);
            }
        }
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(options(server, 32, 100), recorder);
        assertThat(recorder.total().count()).isEqualTo(100);
    }

    @Test
    void fixedRateTimesFromTheIntendedSendTime() throws IOException {
        PingServer server = server(Transport.SPIN);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.FIXED_RATE);
        PingOptions o = new PingOptions("127.0.0.1", server.port(), Transport.SPIN, 32, 200, 0, 2000, null, 2000, null);
        PingClient.run(o, recorder);
        assertThat(recorder.total().count()).isEqualTo(200);
        assertThat(recorder.total().mode()).isEqualTo(LoadMode.FIXED_RATE);
    }

    @Test
    void refusedUnknownHostAndPortInUseAreOneLineErrors() throws IOException {
        int freePort;
        try (ServerSocket probe = new ServerSocket(0)) {
            freePort = probe.getLocalPort();
        }
        PingOptions refused = new PingOptions("127.0.0.1", freePort, Transport.SPIN, 32, 1, 0, 0, null, 1000, null);
        assertThatThrownBy(() -> PingClient.run(refused, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .isInstanceOf(IOException.class)
                .hasMessage("connection refused by 127.0.0.1:" + freePort + " (no ping server listening there?)");

        PingOptions unknown = new PingOptions("no-such-host.invalid", 9, Transport.SPIN, 32, 1, 0, 0, null, 1000, null);
        assertThatThrownBy(() -> PingClient.run(unknown, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .hasMessage("unknown host 'no-such-host.invalid'");

        try (ServerSocket taken = new ServerSocket(0)) {
            assertThatThrownBy(() -> PingServer.start(null, taken.getLocalPort(), Transport.SPIN, null, null))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("port " + taken.getLocalPort())
                    .hasMessageContaining("in use");
        }

        PingOptions noIpc =
                new PingOptions("localhost", 1, Transport.IPC, 32, 1, 0, 0, null, 1000, dir.resolve("absent"));
        assertThatThrownBy(() -> PingClient.run(noIpc, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .hasMessageContaining("does not exist");
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"SPIN", "SELECTNOW", "SELECT", "BLOCKING"})
    @Timeout(60) // the client's own 300 ms timeout must end it: a client that hung fails here
    void aClientTimesOutWhenTheServerNeverAnswers(Transport transport) throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            PingOptions o =
                    new PingOptions("127.0.0.1", silent.getLocalPort(), transport, 32, 5, 0, 0, null, 300, null);
            assertThatThrownBy(() -> PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("no answer from 127.0.0.1:" + silent.getLocalPort());
        }
    }

    @Test
    void udpMessagesWithNoAnswerAreCountedLostNotWaitedForeverOn() throws IOException {
        try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
            PingOptions o =
                    new PingOptions("127.0.0.1", silent.getLocalPort(), Transport.UDP, 32, 3, 0, 0, null, 50, null);
            LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
            PingClient.Outcome outcome = PingClient.run(o, recorder);
            assertThat(outcome.lost()).isEqualTo(3);
            assertThat(recorder.total().count()).isZero();
        }
    }

    @Test
    void ipcClientFailsAtOnceWhenItsServerStops() throws IOException {
        PingServer server = server(Transport.IPC);
        PingOptions o = options(server, 32, 10);
        server.close();
        assertThatThrownBy(() -> PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .isInstanceOf(IOException.class);
    }

    @Test
    void badOptionsNameTheOption() {
        assertThatThrownBy(() -> new PingOptions("h", 1, Transport.UDP, 70_000, 1, 0, 0, null, 1, null).validate())
                .hasMessage("--size must be 1..65507 bytes, not 70000");
        assertThatThrownBy(() -> new PingOptions("h", 1, Transport.SPIN, 32, 0, 0, 0, null, 1, null).validate())
                .hasMessageStartingWith("--count");
        assertThatThrownBy(() -> new PingOptions("h", 70_000, Transport.SPIN, 32, 1, 0, 0, null, 1, null).validate())
                .hasMessageStartingWith("--port");
        assertThatThrownBy(() -> new PingOptions("h", 1, Transport.SPIN, 32, 1, 0, 0, 4096, 1, null).validate())
                .hasMessageStartingWith("--cpu 4096");
        assertThatThrownBy(() -> Transport.parse("carrier-pigeon"))
                .hasMessage("unknown transport 'carrier-pigeon'; valid: spin, selectnow, select, blocking, udp, ipc");
    }

    private static byte[] echo(Socket s, byte[] message) throws IOException {
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        out.write(message);
        out.flush();
        return in.readNBytes(message.length);
    }
}

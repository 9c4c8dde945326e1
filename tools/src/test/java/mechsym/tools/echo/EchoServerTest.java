package mechsym.tools.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each pipeline against real datagrams: answers, the documented refusals, and errors. */
@Timeout(30)
class EchoServerTest {
    private static final String LOCAL = "127.0.0.1";

    private static EchoClient.Outcome load(EchoServer server, int threads, long count) throws Exception {
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        EchoClient.Outcome outcome =
                EchoClient.run(new EchoClient.Options(LOCAL, server.port(), threads, count, 32, 0, 2000), recorder);
        assertThat(recorder.total().count()).isEqualTo(outcome.answered());
        return outcome;
    }

    @ParameterizedTest
    @EnumSource(Pipeline.class)
    void everyPipelineAnswersEveryMessageUpperCased(Pipeline pipeline) throws Exception {
        try (EchoServer server = EchoServer.start(LOCAL, 0, pipeline, WaitKind.SLEEPING)) {
            EchoClient.Outcome outcome = load(server, 2, 300);
            assertThat(outcome.sent()).isEqualTo(600);
            assertThat(outcome.answered()).isEqualTo(600);
            assertThat(outcome.lost()).isZero();
            awaitAnswered(server.stats(), 600); // counted just after the send
            assertThat(server.cpuNanos()).isPositive();
        }
    }

    @ParameterizedTest
    @EnumSource(WaitKind.class)
    void everyWaitStrategyServesOnBothRings(WaitKind wait) throws Exception {
        for (Pipeline pipeline : new Pipeline[] {Pipeline.RING, Pipeline.DISRUPTOR}) {
            try (EchoServer server = EchoServer.start(LOCAL, 0, pipeline, wait)) {
                assertThat(load(server, 1, 100).answered())
                        .as(pipeline + " " + wait)
                        .isEqualTo(100);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Pipeline.class)
    void emptyOversizedAndInvalidDatagramsAreAnsweredOrCountedAndTheServerGoesOn(Pipeline pipeline) throws Exception {
        try (EchoServer server = EchoServer.start(LOCAL, 0, pipeline, WaitKind.SLEEPING);
                DatagramChannel socket = DatagramChannel.open()) {
            // unconnected: the JDK's DatagramSocket, and write() on a connected channel, send no empty datagram
            InetSocketAddress to = new InetSocketAddress(LOCAL, server.port());
            socket.configureBlocking(false);
            assertThat(exchange(socket, to, new byte[0])).isEqualTo(""); // empty: answered empty
            assertThat(exchange(socket, to, new byte[EchoServer.MAX_DATAGRAM + 1]))
                    .isNull(); // oversized
            assertThat(exchange(socket, to, new byte[] {'a', (byte) 0xC3})).isNull(); // invalid UTF-8
            assertThat(exchange(socket, to, "grüße".getBytes(StandardCharsets.UTF_8)))
                    .isEqualTo("GRÜSSE");
            byte[] largest = new byte[EchoServer.MAX_DATAGRAM];
            java.util.Arrays.fill(largest, (byte) 'z');
            assertThat(exchange(socket, to, largest))
                    .hasSize(EchoServer.MAX_DATAGRAM)
                    .startsWith("ZZZ");

            EchoStats stats = server.stats();
            awaitAnswered(stats, 3);
            assertThat(stats.empty()).isEqualTo(1);
            assertThat(stats.oversized()).isEqualTo(1);
            assertThat(stats.invalid()).isEqualTo(1);
            assertThat(stats.received()).isEqualTo(5);
            assertThat(stats.answered()).isEqualTo(3);
            assertThat(load(server, 1, 100).answered()).isEqualTo(100);
        }
    }

    @Test
    void aBurstBeyondTheRingIsDroppedAndCountedNotQueued() throws Exception {
        try (EchoServer server = EchoServer.start(LOCAL, 0, Pipeline.RING, WaitKind.SLEEPING);
                DatagramSocket socket = new DatagramSocket()) {
            socket.connect(InetAddress.getByName(LOCAL), server.port());
            byte[] message = "burst".getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 20_000; i++) {
                socket.send(new DatagramPacket(message, message.length));
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            EchoStats stats = server.stats();
            while (stats.answered() + stats.dropped() + stats.sendFailed() < stats.received()
                    && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            // every datagram that reached the server is either answered or counted (the kernel may drop more)
            assertThat(stats.answered() + stats.dropped() + stats.sendFailed()).isEqualTo(stats.received());
            assertThat(load(server, 1, 50).answered()).isEqualTo(50);
        }
    }

    @Test
    void errorsAreOneLine() throws Exception {
        try (DatagramSocket taken = new DatagramSocket(0)) {
            assertThatThrownBy(() -> EchoServer.start(null, taken.getLocalPort(), Pipeline.RING, WaitKind.SLEEPING))
                    .isInstanceOf(IOException.class)
                    .hasMessage("cannot listen on UDP port " + taken.getLocalPort() + ": the port is in use");
        }
        assertThatThrownBy(() -> EchoClient.run(
                        new EchoClient.Options("no-such-host.invalid", 9, 1, 1, 32, 0, 100),
                        new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .hasMessage("unknown host 'no-such-host.invalid'");
        assertThatThrownBy(() -> new EchoClient.Options(LOCAL, 9, 0, 1, 32, 0, 100).validate())
                .hasMessageStartingWith("--threads");
    }

    @Test
    @Timeout(10) // the client must give up by itself; a hang fails here
    void aClientOfNoServerEndsOnItsOwn() throws Exception {
        int port;
        try (DatagramSocket probe = new DatagramSocket(0)) {
            port = probe.getLocalPort();
        }
        try {
            EchoClient.Outcome outcome = EchoClient.run(
                    new EchoClient.Options(LOCAL, port, 1, 1000, 32, 0, 20), new LatencyRecorder(LoadMode.CLOSED_LOOP));
            assertThat(outcome.gaveUp()).isEqualTo(1); // no ICMP seen: losses until it gives up
        } catch (IOException refused) {
            assertThat(refused).hasMessageStartingWith("connection refused by " + LOCAL + ":" + port);
        }
    }

    private static java.util.Set<Thread> echoThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("echo-"))
                .collect(java.util.stream.Collectors.toSet());
    }

    @ParameterizedTest
    @EnumSource(Pipeline.class)
    void closeJoinsEveryThreadTheServerStarted(Pipeline pipeline) throws Exception {
        java.util.Set<Thread> before = echoThreads();
        EchoServer server = EchoServer.start(LOCAL, 0, pipeline, WaitKind.SLEEPING);
        load(server, 1, 20);
        java.util.Set<Thread> started = echoThreads();
        started.removeAll(before);
        assertThat(started).isNotEmpty();

        server.close();

        assertThat(started)
                .allSatisfy(t -> assertThat(t.isAlive()).as(t.getName()).isFalse());
        assertThat(server.summary())
                .startsWith("echo server (" + pipeline.id())
                .contains("on " + LOCAL + ":")
                .endsWith(server.stats().toLine());
    }

    @Test
    void aOneMillisecondTimeoutWaitsForTheAnswer() throws Exception {
        try (EchoServer server = EchoServer.start(LOCAL, 0, Pipeline.RING, WaitKind.BLOCKING)) {
            EchoClient.Outcome outcome = EchoClient.run(
                    new EchoClient.Options(LOCAL, server.port(), 1, 50, 32, 0, 1),
                    new LatencyRecorder(LoadMode.CLOSED_LOOP));
            assertThat(outcome.answered())
                    .as("answered within 1 ms on loopback")
                    .isPositive();
        }
    }

    @Test
    void aRunThatMeasuredNothingSaysWhy() throws Exception {
        try (EchoServer server = EchoServer.start(LOCAL, 0, Pipeline.RING, WaitKind.SLEEPING)) {
            EchoClient.Options options = new EchoClient.Options(LOCAL, server.port(), 1, 3, 1025, 0, 50);
            EchoClient.Outcome outcome = EchoClient.run(options, new LatencyRecorder(LoadMode.CLOSED_LOOP));
            assertThat(outcome.answered()).isZero();
            assertThat(outcome.whyNothingMeasured(options))
                    .startsWith("nothing measured: none of the 3 messages sent to " + LOCAL + ":" + server.port())
                    .endsWith("; an echo server answers datagrams up to 1024 bytes, not 1025 (--size)");
            assertThat(server.stats().oversized()).isEqualTo(3);
        }
    }

    @Test
    void aFailedReceiveIsCountedAndTheLoopGoesOn() throws Exception {
        int closedPort;
        try (DatagramSocket probe = new DatagramSocket(0, InetAddress.getByName(LOCAL))) {
            closedPort = probe.getLocalPort();
        }
        EchoStats stats = new EchoStats();
        try (DatagramChannel channel = DatagramChannel.open()) {
            channel.connect(new InetSocketAddress(LOCAL, closedPort));
            channel.write(ByteBuffer.wrap(new byte[] {1})); // ICMP port unreachable: the next receive fails
            Thread loop = Thread.ofPlatform().start(() -> Engine.receiveLoop(channel, stats, (datagram, from) -> {}));
            while (stats.receiveFailed() == 0) {
                Thread.sleep(5);
            }
            assertThat(loop.isAlive()).as("still receiving").isTrue();
            channel.close();
            loop.join();
        }
        assertThat(stats.receiveFailed()).isEqualTo(1);
        assertThat(stats.toLine()).endsWith("receive-failed=1");
    }

    private static void awaitAnswered(EchoStats stats, long n) throws InterruptedException {
        for (int i = 0; i < 500 && stats.answered() < n; i++) {
            Thread.sleep(2);
        }
        assertThat(stats.answered()).isEqualTo(n);
    }

    /** Sends one datagram; the answer as text, or null when none came in 300 ms. */
    private static String exchange(DatagramChannel socket, InetSocketAddress to, byte[] message) throws Exception {
        socket.send(ByteBuffer.wrap(message), to);
        ByteBuffer answer = ByteBuffer.allocate(4096);
        long deadline = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < deadline) {
            if (socket.receive(answer) != null) {
                return new String(answer.array(), 0, answer.position(), StandardCharsets.UTF_8);
            }
            Thread.sleep(1);
        }
        return null;
    }
}

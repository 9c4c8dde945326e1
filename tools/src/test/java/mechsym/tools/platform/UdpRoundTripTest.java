package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Loss, stale answers and the deadline against a scripted server socket. */
@Timeout(30)
class UdpRoundTripTest {
    private static ByteBuffer text(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
    }

    private static UdpRoundTrip open(DatagramSocket server, UdpRoundTrip.Wait wait) throws Exception {
        InetSocketAddress to = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
        return UdpRoundTrip.open(to, "localhost:" + server.getLocalPort(), "test", 16, wait);
    }

    @ParameterizedTest
    @EnumSource(UdpRoundTrip.Wait.class)
    void aMessageWithNoAnswerIsLostOnceItsDeadlineHasPassed(UdpRoundTrip.Wait wait) throws Exception {
        try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                UdpRoundTrip udp = open(silent, wait)) {
            for (long timeoutNanos : new long[] {1_000_000, 300_000, 5_000_000}) {
                long deadline = System.nanoTime() + timeoutNanos;
                assertThat(udp.exchange(text("one"), text("ONE"), deadline)).isFalse();
                assertThat(System.nanoTime() - deadline)
                        .as("waited up to the deadline")
                        .isNotNegative();
            }
            assertThat(udp.sent()).isEqualTo(3);
            assertThat(udp.lost()).isEqualTo(3);
            assertThat(udp.answered()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(UdpRoundTrip.Wait.class)
    void aLateAnswerToAnEarlierMessageIsDiscardedAndCounted(UdpRoundTrip.Wait wait) throws Exception {
        try (DatagramSocket server = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                UdpRoundTrip udp = open(server, wait)) {
            Thread script = Thread.ofPlatform().start(() -> {
                try {
                    DatagramPacket first = new DatagramPacket(new byte[16], 16);
                    server.receive(first); // not answered in time
                    DatagramPacket second = new DatagramPacket(new byte[16], 16);
                    server.receive(second);
                    server.send(new DatagramPacket(
                            "1:A".getBytes(StandardCharsets.US_ASCII), 3, second.getSocketAddress()));
                    server.send(
                            new DatagramPacket("2:".getBytes(StandardCharsets.US_ASCII), 2, second.getSocketAddress()));
                    server.send(new DatagramPacket(
                            "2:B".getBytes(StandardCharsets.US_ASCII), 3, second.getSocketAddress()));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertThat(udp.exchange(text("1:a"), text("1:A"), System.nanoTime() + 20_000_000))
                    .isFalse();
            ByteBuffer request = text("2:b");
            assertThat(udp.exchange(request, text("2:B"), System.nanoTime() + 10_000_000_000L))
                    .isTrue();
            script.join();
            assertThat(StandardCharsets.US_ASCII.decode(udp.answer()).toString())
                    .isEqualTo("2:B");
            assertThat(request.position()).isZero();
            assertThat(udp.lost()).isEqualTo(1);
            assertThat(udp.stale()).as("the late 1:A and the truncated 2:").isEqualTo(2);
            assertThat(udp.answered()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(UdpRoundTrip.Wait.class)
    void theRequestItselfMayBeTheExpectedAnswer(UdpRoundTrip.Wait wait) throws Exception {
        try (DatagramSocket echo = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                UdpRoundTrip udp = open(echo, wait)) {
            Thread.ofPlatform().start(() -> {
                try {
                    DatagramPacket p = new DatagramPacket(new byte[16], 16);
                    echo.receive(p);
                    echo.send(p);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            ByteBuffer request = text("ping");
            assertThat(udp.exchange(request, request, System.nanoTime() + 10_000_000_000L))
                    .isTrue();
            assertThat(udp.stale()).isZero();
        }
    }

    @Test
    void nothingAnsweredSaysWhy() {
        assertThat(UdpRoundTrip.nothingAnswered("h:1", 10, 10, 10, 500))
                .isEqualTo("nothing measured: none of the 10 messages sent to h:1 was answered within 500 ms;"
                        + " 10 answers were not the ones expected (a server that truncates or changes them?)");
        assertThat(UdpRoundTrip.nothingAnswered("h:1", 3, 3, 0, 500))
                .isEqualTo("nothing measured: none of the 3 messages sent to h:1 was answered within 500 ms"
                        + " (is the server running, and reachable?)");
    }
}

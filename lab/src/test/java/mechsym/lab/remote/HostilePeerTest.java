package mechsym.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import mechsym.lab.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Peers and files the lab does not control, as an attacker would make them: every read ends within
 * its deadline and byte limit, and what the peer said reaches a message escaped.
 */
@Timeout(60)
class HostilePeerTest {
    private static final Duration DEADLINE = Duration.ofMillis(1500);
    /** The deadline plus room for a loaded test machine: far below what an unbounded read takes. */
    private static final long WITHIN_MILLIS = 6000;

    @TempDir
    Path dir;

    @Test
    void anEndlessStatsBodyIsCutAtTheLimit() throws Exception {
        try (FakePeer peer = FakePeer.endlessBody()) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> RemoteProbe.gateway(peer.base(), DEADLINE))
                    .isInstanceOf(RemoteUnreachable.class)
                    .hasMessageContaining("the gateway at " + peer.base() + ": ")
                    .hasMessageContaining(PeerHttp.MAX_BODY_BYTES + " bytes allowed");
            assertThat(millisSince(start)).isLessThan(WITHIN_MILLIS);
        }
    }

    @Test
    void aDrippingBodyEndsAtTheDeadline() throws Exception {
        try (FakePeer peer = FakePeer.drippingBody(100)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> RemoteProbe.gateway(peer.base(), DEADLINE))
                    .hasMessage("the gateway at " + peer.base()
                            + ": no answer in 1500 ms (a firewall, the wrong address, or not that server)");
            assertThat(millisSince(start)).isBetween(1400L, WITHIN_MILLIS);
        }
    }

    @Test
    void anEnvBodyThatNeverEndsCostsTheColumnNotTheRow() throws Exception {
        try (FakePeer endless = FakePeer.endlessBody();
                FakePeer dripping = FakePeer.drippingBody(100)) {
            for (FakePeer peer : new FakePeer[] {endless, dripping}) {
                long start = System.nanoTime();
                Table table = RemoteEnvironment.table(new RemoteServers(null, null, peer.base(), null));
                assertThat(millisSince(start)).isLessThan(WITHIN_MILLIS + 3000);
                assertThat(table.rows())
                        .allSatisfy(row -> assertThat(row.get(2)).isEqualTo("not recorded"));
                assertThat(table.note()).startsWith("The server host's environment is not recorded: " + peer.base());
            }
        }
    }

    @Test
    void aDrippingPingServerEndsAtTheDeadline() throws Exception {
        try (FakePeer peer = FakePeer.start(out -> {
            while (true) {
                out.write('m');
                out.flush();
                Thread.sleep(200);
            }
        })) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> RemoteProbe.ping(new HostPort("127.0.0.1", peer.port()), DEADLINE))
                    .hasMessageContaining("no answer in 1500 ms");
            assertThat(millisSince(start)).isLessThan(WITHIN_MILLIS);
        }
    }

    @Test
    void escapeCodesInAStatusLineNeverReachTheMessage() throws Exception {
        String hostile = "HTTP/1.1 200 \u001B]0;pwned\u0007\u001B[2J\u001B[31mred\r\n\r\n";
        try (FakePeer peer = FakePeer.answering(FakePeer.ascii(hostile))) {
            assertThatThrownBy(() -> RemoteProbe.gateway(peer.base(), DEADLINE))
                    .isInstanceOf(RemoteUnreachable.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContainPattern("\\p{Cntrl}"));
        }
    }

    @Test
    void aGarbageSpeakingServerIsOneLineWithoutControlCharacters() throws Exception {
        byte[] garbage = new byte[8192];
        new Random(38).nextBytes(garbage);
        try (FakePeer peer = FakePeer.answering(garbage)) {
            assertThatThrownBy(() -> RemoteProbe.gateway(peer.base(), DEADLINE))
                    .isInstanceOf(RemoteUnreachable.class)
                    .satisfies(e -> assertThat(e.getMessage())
                            .startsWith("the gateway at " + peer.base())
                            .doesNotContainPattern("\\p{Cntrl}"));
            assertThatThrownBy(() -> RemoteProbe.ping(new HostPort("127.0.0.1", peer.port()), DEADLINE))
                    .hasMessageContaining("not a mechsym ping server");
        }
    }

    @Test
    void aHugeContentLengthWithAShortBodyFails() throws Exception {
        try (FakePeer peer = FakePeer.answering(
                FakePeer.ascii("HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n\r\n{\"queueDepth\":1}"))) {
            assertThatThrownBy(() -> RemoteProbe.gateway(peer.base(), DEADLINE)).isInstanceOf(RemoteUnreachable.class);
        }
    }

    @Test
    void aTwentyDigitChunkSizeFails() throws Exception {
        try (FakePeer peer = FakePeer.answering(
                FakePeer.ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n99999999999999999999\r\nxx"))) {
            assertThatThrownBy(() -> RemoteProbe.gateway(peer.base(), DEADLINE)).isInstanceOf(RemoteUnreachable.class);
        }
    }

    @Test
    void endlessHeadersEndAtTheHeadLimitOrTheDeadline() throws Exception {
        try (FakePeer peer = FakePeer.start(out -> {
            out.write(FakePeer.ascii("HTTP/1.1 200 OK\r\n"));
            byte[] header = FakePeer.ascii("X-Flood: " + "y".repeat(1000) + "\r\n");
            while (true) {
                out.write(header);
            }
        })) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> RemoteProbe.gateway(peer.base(), DEADLINE)).isInstanceOf(RemoteUnreachable.class);
            assertThat(millisSince(start)).isLessThan(WITHIN_MILLIS);
        }
    }

    @Test
    void devZeroIsRefusedAsADeviceInNoTime() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> RemoteEnvironment.checkFile(Path.of("/dev/zero")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--remote-env /dev/zero: a character device, not a regular file");
        assertThat(millisSince(start)).isLessThan(1000);
    }

    @Test
    void aFifoIsRefusedWithoutOpeningIt() throws Exception {
        Path fifo = dir.resolve("env.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor()).isZero();
        assertThatThrownBy(() -> RemoteEnvironment.checkFile(fifo))
                .hasMessage("--remote-env " + fifo + ": a FIFO (a named pipe), not a regular file");
    }

    @Test
    void aFileOverTheLimitIsRefusedNamingIt() throws Exception {
        Path big = dir.resolve("big.json");
        try (OutputStream out = Files.newOutputStream(big)) {
            out.write(new byte[PeerHttp.MAX_BODY_BYTES + 1]);
        }
        assertThatThrownBy(() -> RemoteEnvironment.checkFile(big))
                .hasMessage("--remote-env " + big + ": longer than the " + PeerHttp.MAX_BODY_BYTES + " bytes allowed");
    }

    @Test
    void aFileThatChangedSinceTheStartCostsTheColumnNotTheRow() throws Exception {
        Path file = dir.resolve("gone.json");
        Table table = RemoteEnvironment.table(RemoteServers.NONE.withEnvironmentFile(file));
        assertThat(table.rows()).allSatisfy(row -> assertThat(row.get(2)).isEqualTo("not recorded"));
        assertThat(table.note()).contains("--remote-env " + file + ": no such file");
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}

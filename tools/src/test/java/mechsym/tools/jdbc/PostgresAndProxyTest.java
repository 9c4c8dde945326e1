package mechsym.tools.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Against a real PostgreSQL started from Maven Central's binaries, through the counting proxy. */
final class PostgresAndProxyTest {
    @TempDir
    Path dir;

    @Test
    void aSmallerFetchSizeTakesMoreRoundTripsAndTheServerLeavesNothingBehind() throws Exception {
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(dir, Duration.ofSeconds(90));
                RoundTripProxy proxy = RoundTripProxy.start("127.0.0.1", server.port(), true)) {
            String url = "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/postgres?user=postgres";
            try (Connection c = DriverManager.getConnection(url)) {
                try (Statement s = c.createStatement()) {
                    s.execute("create table t as select g as id from generate_series(1, 1000) g");
                }
                c.setAutoCommit(false);
                RoundTripProxy.Counts small = countQuery(c, proxy, 10);
                RoundTripProxy.Counts large = countQuery(c, proxy, 500);
                // 1000 rows: 100 batches of 10 against 2 of 500, each one Execute and one round trip; plus at most
                // the transaction's BEGIN and a last Execute that finds no row left when the batches end exactly
                assertThat(small.executes()).isBetween(100L, 102L);
                assertThat(large.executes()).isBetween(2L, 4L);
                assertThat(small.roundTrips()).isGreaterThanOrEqualTo(100);
                assertThat(large.roundTrips()).isLessThan(small.roundTrips() / 10);
            }
            assertThat(dir.resolve("pg-data")).isDirectory();
        }
        assertThat(dir.resolve("pg-data")).as("data folder removed").doesNotExist();
    }

    private static RoundTripProxy.Counts countQuery(Connection c, RoundTripProxy proxy, int fetch) throws Exception {
        RoundTripProxy.Counts before = proxy.counts();
        long n = 0;
        try (PreparedStatement ps = c.prepareStatement("select id from t order by id")) {
            ps.setFetchSize(fetch);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    n++;
                }
            }
        }
        RoundTripProxy.Counts counts = proxy.counts().minus(before);
        c.commit();
        assertThat(n).isEqualTo(1000);
        return counts;
    }

    @Test
    void frontendFramingCountsExecutesAcrossAnyChunking() {
        ByteBuffer wire = ByteBuffer.allocate(256);
        wire.putInt(8).putInt(80877103); // SSLRequest: untyped
        wire.putInt(12).putInt(196608).putInt(0); // startup, with 4 bytes of parameters
        wire.put((byte) 'P').putInt(6).put(new byte[] {'E', 'E'}); // a Parse whose body holds 'E' bytes
        wire.put((byte) 'E').putInt(9).put((byte) 0).putInt(10); // Execute
        wire.put((byte) 'S').putInt(4); // Sync
        wire.put((byte) 'E').putInt(9).put((byte) 0).putInt(10); // Execute
        byte[] bytes = java.util.Arrays.copyOf(wire.array(), wire.position());
        for (int chunk = 1; chunk <= bytes.length; chunk++) {
            PostgresFrontendCounter counter = new PostgresFrontendCounter();
            int executes = 0;
            for (int at = 0; at < bytes.length; at += chunk) {
                executes += counter.feed(bytes, at, Math.min(chunk, bytes.length - at));
            }
            assertThat(executes).as("chunks of " + chunk).isEqualTo(2);
        }
    }
}

package mechsym.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import mechsym.lab.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RemoteEnvironmentTest {
    @TempDir
    Path dir;

    @Test
    void theServerHostsFileStandsBesideThisHost() throws Exception {
        Path file = Files.writeString(dir.resolve("b.json"), "{\"host\":\"server-b\",\"cpuModel\":\"Xeon B\"}");
        Table table = RemoteEnvironment.table(RemoteServers.NONE.withEnvironmentFile(file));
        assertThat(table.id()).isEqualTo("environments");
        assertThat(table.rows().getFirst()).containsExactly("host", hostHere(table), "server-b");
        assertThat(table.rows().get(1).get(2)).isEqualTo("Xeon B");
        assertThat(table.rows().get(2).get(2)).isEqualTo("not recorded"); // a fact the file does not have
    }

    @Test
    void aGatewayThatIsNotThereLeavesTheServerHostNotRecordedAndSaysWhy() {
        Table table = RemoteEnvironment.table(new RemoteServers(null, null, URI.create("http://127.0.0.1:1"), null));
        assertThat(table.rows()).allSatisfy(row -> assertThat(row.get(2)).isEqualTo("not recorded"));
        assertThat(table.note()).contains("http://127.0.0.1:1/env");
    }

    @Test
    void aFileThatIsNotAnEnvFileIsNamed() throws Exception {
        Path file = Files.writeString(dir.resolve("x.json"), "[1, 2]");
        assertThatThrownBy(() -> RemoteEnvironment.checkFile(file))
                .hasMessage("--remote-env " + file
                        + ": cannot be read as a server's --env-file (not a JSON object of a host's facts)");
    }

    private static Object hostHere(Table table) {
        return table.rows().getFirst().get(1);
    }
}

package mechsym.lab.experiments.cachefallacy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import mechsym.tools.platform.JvmFlags;
import org.junit.jupiter.api.Test;

class StoreBufferingLitmusTest {
    @Test
    void jcstressAndItsForksGetTheFlagsEveryJvmOfMechsymNeeds() {
        List<String> command = StoreBufferingLitmus.command(
                Path.of("/x/jcstress.jar"), List.of("-m", "sanity"), Path.of("/tmp/litmus"));

        assertThat(command.subList(1, command.indexOf("-jar"))).startsWith(JvmFlags.REQUIRED.toArray(String[]::new));
        String forks = command.get(command.indexOf("-jvmArgsPrepend") + 1);
        assertThat(Arrays.asList(forks.split(" "))).isEqualTo(JvmFlags.REQUIRED);
        assertThat(command).containsSubsequence("-m", "sanity", "-r", "/tmp/litmus");
    }
}

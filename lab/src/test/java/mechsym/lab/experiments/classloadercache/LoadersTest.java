package mechsym.lab.experiments.classloadercache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadersTest {
    @TempDir
    Path work;

    @Test
    void whatWasOpenedIsClosedWhenTheLoaderCannotBeMade() {
        List<String> closed = new ArrayList<>();
        assertThatThrownBy(() -> Loaders.opened(() -> closed.add("tomcat"), () -> {
                    throw new IllegalStateException("Tomcat gave a URLClassLoader");
                }))
                .hasMessage("Tomcat gave a URLClassLoader");
        assertThat(closed).containsExactly("tomcat");
    }

    @Test
    void aFailureToCloseIsKeptWithTheFailureToMake() {
        assertThatThrownBy(() -> Loaders.opened(
                        () -> {
                            throw new IOException("cannot stop");
                        },
                        () -> {
                            throw new IllegalStateException("cannot start");
                        }))
                .hasMessage("cannot start")
                .satisfies(e ->
                        assertThat(e.getSuppressed()).singleElement().hasToString("java.io.IOException: cannot stop"));
    }

    @Test
    void aLoaderMadeIsOpenUntilClosed() throws Exception {
        List<String> closed = new ArrayList<>();
        try (Loaders.Opened opened = Loaders.opened(() -> closed.add("tomcat"), ClassLoader::getSystemClassLoader)) {
            assertThat(opened.loader()).isSameAs(ClassLoader.getSystemClassLoader());
            assertThat(closed).isEmpty();
        }
        assertThat(closed).containsExactly("tomcat");
    }

    @Test
    void theParallelCapableLoaderLeavesNothingBehind() throws Exception {
        try (Loaders.Opened opened = Loaders.open("parallel-capable", work)) {
            assertThat(opened.loader()).isInstanceOf(ParallelCapableLoader.class);
        }
        try (var left = Files.list(work)) {
            assertThat(left).isEmpty();
        }
    }
}

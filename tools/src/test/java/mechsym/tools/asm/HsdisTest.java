package mechsym.tools.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mechsym.tools.platform.NativeFolder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin builds, HotSpot loads it, and the demo shows the post's point. The build installs
 * libcapstone-dev when it is missing and the tests run as root with apt-get (as in CI); only where
 * that cannot happen (not root, or no apt-get) are these tests skipped, saying why.
 */
class HsdisTest {
    private static Hsdis hsdis;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildThePlugin() {
        hsdis = Hsdis.find();
        boolean canInstall =
                System.getProperty("user.name").equals("root") && Files.isExecutable(Path.of("/usr/bin/apt-get"));
        if (!hsdis.isAvailable() && canInstall) {
            fail("the plugin must build where capstone can be installed (root with apt-get): " + hsdis.problem());
        }
        assumeTrue(
                hsdis.isAvailable(),
                () -> "SKIPPED: no disassembler plugin and not root with apt-get to install capstone: "
                        + hsdis.problem());
    }

    @Test
    void theLibraryIsBuiltInNativeBuild() {
        assertThat(hsdis.library()).isRegularFile().hasFileName(Hsdis.libraryName());
        assertThat(hsdis.library().getParent()).isEqualTo(NativeFolder.locate().resolve("build"));
        assertThat(hsdis.libraryPath("/opt/x")).isEqualTo(hsdis.library().getParent() + ":/opt/x");
    }

    @Test
    void hotSpotLoadsItAndTheDemoFencesOnlyTheVolatileStore() throws Exception {
        PrintAssembly.Output output = demo(false);
        assertThat(output.exitCode()).as(output.tail(20)).isZero();
        AsmListing listing = output.listing();
        assertThat(listing.isDisassembled())
                .as("HotSpot printed instructions, so it loaded the plugin")
                .isTrue();
        assertThat(listing.c2().stream().flatMap(m -> m.instructions().stream()).map(AsmListing.Instruction::mnemonic))
                .contains("movq", "lock addl");
        List<StoreDemo.Finding> findings = StoreDemo.analyse(listing);
        assertThat(findings).extracting(StoreDemo.Finding::store).containsExactly(StoreDemo.Store.values());
        assertThat(findings).extracting(StoreDemo.Finding::fenced).containsExactly(true, false, false);
        assertThat(findings.get(0).next().text()).matches("lock addl \\$0(x0)?, -?(0x[0-9a-f]+)?\\(%rsp\\)");
        assertThat(findings.get(1).storeInstruction().text()).startsWith("movq $0x5eed, ");
        assertThat(ListingPrinter.asThePostSays(findings)).isTrue();
    }

    @Test
    void intelSyntaxOnRequest() throws Exception {
        PrintAssembly.Output output = demo(true);
        AsmListing listing = output.listing();
        List<StoreDemo.Finding> findings = StoreDemo.analyse(listing);
        assertThat(findings).hasSize(3);
        assertThat(findings.get(0).next().text()).startsWith("lock add dword ptr [rsp");
        assertThat(findings.get(0).storeInstruction().text()).startsWith("mov qword ptr [");
    }

    @Test
    void thePluginKeepsHotSpotsContractWithoutAJvm() throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64"), "native/hsdis/hsdis_test.c holds x86-64 code");
        Process make = new ProcessBuilder(
                        "make",
                        "--no-print-directory",
                        "-C",
                        NativeFolder.locate().toString(),
                        "hsdis-test")
                .redirectErrorStream(true)
                .start();
        String output = new String(make.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(make.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(make.exitValue()).as(output).isZero();
        assertThat(output).contains("hsdis_test: all passed").doesNotContain("FAIL");
    }

    @Test
    void aFolderWithoutTheSourcesSaysWhy() {
        Hsdis none = Hsdis.build(dir);
        assertThat(none.isAvailable()).isFalse();
        assertThat(none.problem()).contains("make -C " + dir + " hsdis").contains("exited with");
    }

    private PrintAssembly.Output demo(boolean intel) throws Exception {
        return new PrintAssembly(StoreDemo.class.getName(), System.getProperty("java.class.path"))
                .method(StoreDemo.METHODS)
                .jvmArgs(StoreDemo.JVM_ARGS)
                .hsdis(hsdis)
                .intel(intel)
                .timeoutSeconds(60)
                .run(dir.resolve("demo.log"));
    }
}

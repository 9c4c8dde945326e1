package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import mechsym.tools.asm.Hsdis;
import org.junit.jupiter.api.Test;

/** {@code mechsym asm}, run in-process: usage errors exit 2 naming the argument; the demo runs. */
class AsmCommandTest extends CliTestBase {

    @Test
    void helpShowsExamples() {
        assertThat(run("asm", "--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("CLASS::METHOD")
                .contains("Examples:")
                .contains("mechsym asm --intel")
                .contains("--main");
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("asm");
    }

    @Test
    void aTargetThatIsNotClassColonColonMethodIsAUsageError() {
        assertThat(run("asm", "com.acme.Foo")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr())
                .contains("CLASS::METHOD")
                .contains("'com.acme.Foo'")
                .doesNotContain("Exception");
        assertThat(run("asm", "Foo::b*r")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("'Foo::b*r'");
        assertThat(run("asm", "Foo:bar")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("'Foo:bar'");
    }

    @Test
    void conflictingOrIncompleteOptionsAreUsageErrors() {
        assertThat(run("asm", "--demo", "Foo::bar")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--demo");
        assertThat(run("asm", "--main", "com.acme.Main")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("need a CLASS::METHOD");
        assertThat(run("asm", "com.acme.*::bar")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--main");
        assertThat(run("asm", "Foo::bar", "--main", "not a class")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--main: 'not a class'");
        assertThat(run("asm", "Foo::bar", "--timeout", "0")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--timeout");
        assertThat(run("asm", "Foo::bar", "--jvm-arg", "Xmx1g")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--jvm-arg: 'Xmx1g'");
        assertThat(run("asm", "--timeout", "soon")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("soon");
    }

    @Test
    void theDemoShowsTheFenceAfterTheVolatileStoreOnly() {
        assumeTrue(Hsdis.find().isAvailable(), "no disassembler plugin (HsdisTest says why)");
        assertThat(run("asm")).as(stderr()).isZero();
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("Summary: the instruction after each store");
        String summary = text.substring(text.indexOf("Summary:"));
        assertThat(summary.lines().filter(l -> l.startsWith("  ") && l.contains("volatile field write")))
                .singleElement()
                .asString()
                .contains("then lock addl")
                .endsWith("<- fence");
        assertThat(summary.lines()
                        .filter(l -> l.startsWith("  ") && (l.contains("setRelease") || l.contains("lazySet"))))
                .hasSize(2)
                .allMatch(l -> l.endsWith("<- no fence") && !l.contains("then lock"));
        assertThat(text).contains("As the post says");
    }

    @Test
    void aProgramThatFailsIsReportedWithItsOutput() {
        assumeTrue(Hsdis.find().isAvailable(), "no disassembler plugin (HsdisTest says why)");
        assertThat(run("asm", "com.acme.NoSuchClass::run")).isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr()).contains("exited with 1").contains("com.acme.NoSuchClass");
    }
}

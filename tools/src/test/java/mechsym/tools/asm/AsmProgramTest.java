package mechsym.tools.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

class AsmProgramTest {
    @Test
    void aMethodRunsItsOwnClassOnTheGivenPathThenMechsyms() {
        List<String> command = AsmProgram.plan(
                        "com.acme.Foo::bar", null, "app.jar", List.of("300"), List.of("-Xbatch"), 5, "own.jar")
                .command();
        assertThat(command)
                .contains("-XX:CompileCommand=print,com.acme.Foo::bar", "-Xbatch")
                .endsWith("-cp", "app.jar" + File.pathSeparator + "own.jar", "com.acme.Foo", "300");
    }

    @Test
    void theDemoRunsStoreDemoOnMechsymsPath() {
        List<String> command = AsmProgram.plan(null, null, null, List.of(), List.of(), 5, "own.jar")
                .command();
        assertThat(command)
                .contains("-XX:CompileCommand=print," + StoreDemo.METHODS)
                .endsWith("-cp", "own.jar", StoreDemo.class.getName());
    }

    @Test
    void badArgumentsAreOneLineNamingThem() {
        assertThatThrownBy(() -> AsmProgram.plan("com.acme.Foo", null, null, List.of(), List.of(), 5, "x"))
                .hasMessageStartingWith("CLASS::METHOD: 'com.acme.Foo' is not a method");
        assertThatThrownBy(() -> AsmProgram.plan("com.acme.*::bar", null, null, List.of(), List.of(), 5, "x"))
                .hasMessageContaining("name the class to run with --main");
        assertThatThrownBy(() -> AsmProgram.plan("Foo::bar", "not a class", null, List.of(), List.of(), 5, "x"))
                .hasMessageStartingWith("--main: 'not a class'");
        assertThatThrownBy(() -> AsmProgram.plan("Foo::bar", null, null, List.of(), List.of("Xmx1g"), 5, "x"))
                .hasMessageStartingWith("--jvm-arg: 'Xmx1g'");
        assertThatThrownBy(() -> AsmProgram.plan("Foo::bar", null, null, List.of(), List.of(), 0, "x"))
                .hasMessage("--timeout must be at least 1 s, not 0");
    }

    @Test
    void theDemoReportSaysWhetherItIsAsThePostSays() {
        AsmProgram.Report report = AsmProgram.demo(AsmListing.parse(AsmListingTest.ATT), "hsdis.so");
        assertThat(report.ok()).isTrue();
        assertThat(report.lines().getFirst()).startsWith("The C2 code of three one-line methods");
        // the listing has no lazySet store, so not all three stores are there to agree with the post
        assertThat(report.lines().getLast()).startsWith("NOT as the post says");
        assertThat(AsmProgram.demo(AsmListing.parse(List.of()), "hsdis.so").failure())
                .isEqualTo("C2 did not compile the demo's store methods during the run");
    }

    @Test
    void aMethodReportShowsC2OnlyUnlessAskedForC1() {
        AsmListing listing = AsmListing.parse(AsmListingTest.ATT);
        AsmProgram.Report c2 = AsmProgram.methods(listing, "X::y", false, "hsdis.so");
        AsmProgram.Report all = AsmProgram.methods(listing, "X::y", true, "hsdis.so");
        assertThat(c2.lines().getFirst()).isEqualTo("Code of X::y (disassembler: hsdis.so)");
        assertThat(c2.lines().stream().filter(l -> l.startsWith("== C2"))).hasSize(3);
        assertThat(all.lines().stream().filter(l -> l.startsWith("== "))).hasSize(4);
        AsmListing c1Only = AsmListing.parse(AsmListingTest.ATT.subList(0, 4));
        assertThat(AsmProgram.methods(c1Only, "X::y", false, "hsdis.so").failure())
                .isEqualTo("no C2 compilation of X::y during the run (1 C1 compilation(s) only: run it longer,"
                        + " or add --c1)");
        assertThat(AsmProgram.methods(AsmListing.parse(List.of()), "X::y", true, "hsdis.so")
                        .failure())
                .startsWith("no compilation of X::y during the run (nothing matched");
    }
}

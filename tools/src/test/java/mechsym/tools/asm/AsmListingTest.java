package mechsym.tools.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class AsmListingTest {
    /** JDK 25's output with our plugin (AT&T): a C1 method, then C2 volatile and release stores. */
    static final List<String> ATT = List.of(
            "============================= C1-compiled nmethod ==============================",
            "Compiled method (c1) 102  121       3       mechsym.tools.asm.StoreDemo::volatileStore (8 bytes)",
            "  0x00007f1c70410880:   lock addl $0, -0x40(%rsp)",
            "[/Disassembly]",
            "Compiled method (c2) 55    7             mechsym.tools.asm.StoreDemo::volatileStore (5 bytes)",
            " main code      [0x00007f45344b5500,0x00007f45344b5568] = 104",
            "[Verified Entry Point]",
            "  # {method} {0x00007f450c400488} 'volatileStore' '(J)V' in 'Demo'",
            "  0x00007f45344b5500:   subq    $0x18, %rsp",
            "  0x00007f45344b551a:   movabsq $0x69ec162d0, %r10          ;   {oop(a 'java/lang/Class'{0x69ec162d0} = 'Demo')}",
            "  0x00007f45344b5524:   movq    $0x5eed, 0x10(%rsi)",
            "  0x00007f45344b552b:   lock addl $0, -0x40(%rsp)           ;*putfield volatileValue {reexecute=0 rethrow=0 return_oop=0}",
            "                                                            ; - mechsym.tools.asm.StoreDemo::volatileStore@4 (line 89)",
            "  0x00007f45344b5531:   addq    $0x10, %rsp",
            "  0x00007f45344b5540:   retq",
            "[/Disassembly]",
            "Compiled method (c2) 92  110 %     4       mechsym.tools.asm.StoreDemo::releaseStore @ 9 (66 bytes)",
            "  0x00007f6a97ed12e0:   movq    %rsi, 0x18(%r10)",
            "Compiled method (c2) 96  111       4       mechsym.tools.asm.StoreDemo::releaseStore (11 bytes)",
            "  0x00007f45344b7f1a:   testq   %rsi, %rsi",
            "  0x00007f45344b7f24:   movq    $0x5eed, 0x18(%rsi)        ;*invokevirtual putLongRelease",
            "  0x00007f45344b7f2b:   addq    $0x10, %rsp",
            "  0x00007f45344b7f2f:   popq    %rbp",
            "[/Disassembly]");

    static final List<String> INTEL = List.of(
            "Compiled method (c2) 55    7             mechsym.tools.asm.StoreDemo::volatileStore (5 bytes)",
            "  0x00007fedc42b84a4:   mov     qword ptr [rsi + 0x10], 0x5eed",
            "  0x00007fedc42b84ab:   lock add dword ptr [rsp - 0x40], 0  ;*putfield v",
            "  0x00007fedc42b84b1:   add     rsp, 0x10",
            "  0x00007fedc42b84b5:   lock cmpxchg qword ptr [r10], rcx");

    @Test
    void readsMethodsInstructionsAndComments() {
        AsmListing listing = AsmListing.parse(ATT);
        assertThat(listing.methods())
                .extracting(AsmListing.CompiledMethod::compiler)
                .containsExactly("c1", "c2", "c2", "c2");
        assertThat(listing.isDisassembled()).isTrue();
        assertThat(listing.isHexOnly()).isFalse();
        AsmListing.CompiledMethod volatileStore = listing.c2().getFirst();
        assertThat(volatileStore.method()).isEqualTo("mechsym.tools.asm.StoreDemo::volatileStore");
        assertThat(volatileStore.osr()).isFalse();
        assertThat(volatileStore.instructions()).hasSize(6);
        AsmListing.Instruction fence = volatileStore.instructions().get(3);
        assertThat(fence.address()).isEqualTo(0x00007f45344b552bL);
        assertThat(fence.text()).isEqualTo("lock addl $0, -0x40(%rsp)");
        assertThat(fence.mnemonic()).isEqualTo("lock addl");
        assertThat(fence.isStackFence()).isTrue();
        // the continuation line joins the comment of the instruction above it
        assertThat(fence.comment()).startsWith("*putfield volatileValue").endsWith("volatileStore@4 (line 89)");
        assertThat(volatileStore.stackFences()).containsExactly(fence);
        assertThat(listing.named("releaseStore"))
                .extracting(AsmListing.CompiledMethod::osr)
                .containsExactly(true, false);
    }

    @Test
    void findsTheStoreAndWhatFollowsIt() {
        AsmListing listing = AsmListing.parse(ATT);
        AsmListing.CompiledMethod volatileStore = listing.c2().getFirst();
        int store = volatileStore.storeAt("StoreDemo::volatileStore");
        assertThat(volatileStore.instructions().get(store).text()).isEqualTo("movq $0x5eed, 0x10(%rsi)");
        assertThat(volatileStore.after(store).isStackFence()).isTrue();
        AsmListing.CompiledMethod release = listing.c2().getLast();
        int releaseStore = release.storeAt("putLongRelease");
        assertThat(release.after(releaseStore).text()).isEqualTo("addq $0x10, %rsp");
        assertThat(release.storeAt("nowhere")).isEqualTo(-1);
        assertThat(release.after(-1)).isNull();
    }

    @Test
    void demoAnalysisFencesTheVolatileStoreOnly() {
        List<StoreDemo.Finding> findings = StoreDemo.analyse(AsmListing.parse(ATT));
        assertThat(findings)
                .extracting(StoreDemo.Finding::store)
                .containsExactly(StoreDemo.Store.VOLATILE, StoreDemo.Store.RELEASE); // lazySet not printed
        assertThat(findings.get(0).fenced()).isTrue();
        assertThat(findings.get(1).fenced()).isFalse();
        assertThat(findings).allMatch(StoreDemo.Finding::asThePostSays);
        // all three stores are needed for the demo's verdict
        assertThat(ListingPrinter.asThePostSays(findings)).isFalse();
        List<String> text = ListingPrinter.demo(findings);
        assertThat(text).anyMatch(l -> l.contains("lock addl") && l.contains("the full fence after the store"));
        assertThat(text).anyMatch(l -> l.contains("addq $0x10, %rsp") && l.contains("no fence"));
        assertThat(String.join("\n", text)).doesNotContain("reexecute=");
    }

    @Test
    void intelSyntaxToo() {
        AsmListing.CompiledMethod m = AsmListing.parse(INTEL).methods().getFirst();
        assertThat(m.instructions())
                .extracting(AsmListing.Instruction::isStackFence)
                .containsExactly(false, true, false, false);
        assertThat(m.instructions())
                .extracting(AsmListing.Instruction::isLocked)
                .containsExactly(false, true, false, true);
        assertThat(m.instructions().get(0).writesMemory()).isTrue();
        assertThat(m.instructions().get(3).mnemonic()).isEqualTo("lock cmpxchg");
        assertThat(StoreDemo.storeIndex(m)).isZero();
        assertThat(ListingPrinter.method(m)).last().asString().contains("4 instructions, 2 with the lock prefix");
    }

    @Test
    void hexWithoutAPluginIsRecognised() {
        AsmListing listing = AsmListing.parse(List.of(
                "Compiled method (c2) 92  110 %     4       PingPong::ping @ 9 (66 bytes)",
                "  0x00007f6a97ed12e0: 4d8b 5730 ",
                "  0x00007f6a97ed1310: ;   {oop(a 'PaddedCell'{0x000000069ed07878})}",
                "  0x00007f6a97ed1310: 0249 ba78 | 78d0 9e06 | 0000 004d | 8982 9000",
                "  0x00007f6a97ed1330: add0 | beef"));
        assertThat(listing.isHexOnly()).isTrue();
        assertThat(listing.isDisassembled()).isFalse();
        assertThat(listing.methods().getFirst().hexLines()).isEqualTo(3);
        assertThat(listing.methods().getFirst().osr()).isTrue();
        assertThat(AsmListing.parse(List.of("no compiled code here")).methods()).isEmpty();
    }

    @Test
    void methodPatternsAsHotSpotAcceptsThem() {
        assertThat(List.of(
                        "Foo::bar",
                        "com.acme.Foo::bar",
                        "com/acme/Foo::bar",
                        "com.acme.Foo::*",
                        "*::bar",
                        "com.acme.*::bar*",
                        "Foo$Inner::<init>",
                        "Foo::*Store"))
                .allMatch(PrintAssembly::isMethodPattern);
        assertThat(Stream.of("Foo", "Foo::", "::bar", "Foo::b*r", "com.a*me.Foo::bar", "Foo:bar", "Foo::bar baz", "")
                        .filter(PrintAssembly::isMethodPattern)
                        .toList())
                .isEmpty();
        assertThat(PrintAssembly.isMethodPattern(null)).isFalse();
    }

    @Test
    void aFailedRunShowsTheLaunchersErrorNotHotSpotsLastLines() {
        // -XX:CompileCommand=print of a JDK method prints during startup, around the launcher's error
        List<String> lines = Stream.concat(
                        Stream.of("[/Disassembly]", "Error: Could not find or load main class x.Y"),
                        Stream.concat(
                                Stream.of("Caused by: java.lang.ClassNotFoundException: x.Y"),
                                Stream.generate(() -> "  45 nofast_aload_0").limit(40)))
                .toList();
        PrintAssembly.Output output = new PrintAssembly.Output(lines, 1, null);
        assertThat(output.failure(3))
                .isEqualTo(String.join(
                        System.lineSeparator(),
                        "Error: Could not find or load main class x.Y",
                        "Caused by: java.lang.ClassNotFoundException: x.Y"));
        PrintAssembly.Output thrown = new PrintAssembly.Output(
                Stream.concat(
                                Stream.of(
                                        "noise",
                                        "Exception in thread \"main\" java.lang.IllegalStateException: boom",
                                        "\tat A.main"),
                                Stream.generate(() -> "  45 nofast_aload_0").limit(40))
                        .toList(),
                1,
                null);
        assertThat(thrown.failure(15))
                .isEqualTo("Exception in thread \"main\" java.lang.IllegalStateException: boom" + System.lineSeparator()
                        + "\tat A.main");
        PrintAssembly.Output quiet = new PrintAssembly.Output(List.of("a", "b", "c"), 3, null);
        assertThat(quiet.failure(2)).isEqualTo("b" + System.lineSeparator() + "c");
        // a short output is shown whole: the JVM names a bad flag before its "Error:" line
        PrintAssembly.Output badFlag = new PrintAssembly.Output(
                List.of(
                        "Unrecognized VM option 'NoSuchFlag'",
                        "Error: Could not create the Java Virtual Machine.",
                        "Error: A fatal exception has occurred. Program will exit."),
                1,
                null);
        assertThat(badFlag.failure(15)).startsWith("Unrecognized VM option 'NoSuchFlag'");
    }
}

package mechsym.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import mechsym.core.concurrent.Sequence;
import org.junit.jupiter.api.Test;

/**
 * core must not use the JDK's Unsafe (sun.misc or jdk.internal.misc) or anything else in {@code
 * jdk.internal}: every class file
 * compiled from core's sources is read with the class-file API and no string in its constant pool
 * (class references, descriptors, string literals for reflection) may name them.
 */
class NoUnsafeTest {
    private static final List<String> FORBIDDEN =
            // spelled in two parts so that a text search of core's sources for the class finds none
            List.of("sun/misc/" + "Unsafe", "sun.misc." + "Unsafe", "jdk/internal/", "jdk.internal.");

    @Test
    void noCoreClassReferencesUnsafeOrJdkInternal() throws IOException, URISyntaxException {
        Path classes = Path.of(Sequence.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<Path> classFiles;
        try (Stream<Path> files = Files.walk(classes)) {
            classFiles =
                    files.filter(file -> file.toString().endsWith(".class")).toList();
        }
        // one class of each package, so that the scan cannot pass by scanning nothing
        assertThat(classFiles)
                .as("core's compiled classes under %s", classes)
                .anyMatch(file -> file.endsWith(Path.of("mechsym", "core", "concurrent", "Sequence.class")))
                .anyMatch(file -> file.endsWith(Path.of("mechsym", "core", "codec", "CodecBuffer.class")))
                .anyMatch(file -> file.endsWith(Path.of("mechsym", "core", "memory", "RecordStore.class")));

        List<String> offences = new ArrayList<>();
        for (Path file : classFiles) {
            for (String reference : forbiddenReferences(Files.readAllBytes(file))) {
                offences.add(classes.relativize(file) + " refers to " + reference);
            }
        }
        assertThat(offences).isEmpty();
    }

    @Test
    void theScanFindsTheJdksOwnUseOfInternalUnsafe() throws IOException {
        byte[] atomicLong;
        try (var in = AtomicLong.class.getResourceAsStream("AtomicLong.class")) {
            assertThat(in).isNotNull();
            atomicLong = in.readAllBytes();
        }
        assertThat(forbiddenReferences(atomicLong)).contains("jdk/internal/misc/Unsafe");
    }

    private static List<String> forbiddenReferences(byte[] classFile) {
        List<String> found = new ArrayList<>();
        for (PoolEntry entry : ClassFile.of().parse(classFile).constantPool()) {
            if (entry instanceof Utf8Entry utf8) {
                String text = utf8.stringValue();
                if (FORBIDDEN.stream().anyMatch(text::contains)) {
                    found.add(text);
                }
            }
        }
        return found;
    }
}

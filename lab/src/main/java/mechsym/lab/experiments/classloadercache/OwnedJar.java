package mechsym.lab.experiments.classloadercache;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * A one-class JAR written at run time (the class generated with the JDK's ClassFile API), so that a
 * class loader can own a class no other loader on the class path has: {@value #CLASS_NAME}.
 */
final class OwnedJar {
    static final String CLASS_NAME = "mechsym.owned.Owned";

    private OwnedJar() {}

    /** Writes the JAR to {@code jar} (parent folders created) and returns it. */
    static Path write(Path jar) throws IOException {
        byte[] classBytes = ClassFile.of()
                .build(
                        ClassDesc.of(CLASS_NAME),
                        cb -> cb.withFlags(ClassFile.ACC_PUBLIC | ClassFile.ACC_FINAL)
                                .withSuperclass(ConstantDescs.CD_Object));
        Files.createDirectories(jar.getParent());
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream jarOut = new JarOutputStream(out)) {
            jarOut.putNextEntry(new JarEntry(CLASS_NAME.replace('.', '/') + ".class"));
            jarOut.write(classBytes);
            jarOut.closeEntry();
        }
        return jar;
    }
}

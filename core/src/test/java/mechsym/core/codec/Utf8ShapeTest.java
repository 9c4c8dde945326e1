package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.Attributes;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.attribute.CodeAttribute;
import org.junit.jupiter.api.Test;

/**
 * Guards a performance property that no timing test could: the per-char encoding loop stays larger
 * than C2's FreqInlineSize (325 bytes of bytecode), so it is compiled on its own instead of inlined
 * into callers' loops, where loop predication of nested char loops compiled several times slower
 * (see the lab's AsciiLoops).
 */
class Utf8ShapeTest {
    @Test
    void theStringLoopIsTooBigForC2ToInline() throws IOException {
        ClassModel model;
        try (InputStream in = Utf8Encoder.class.getResourceAsStream("Utf8Encoder.class")) {
            model = ClassFile.of().parse(in.readAllBytes());
        }
        for (String name : new String[] {"encodeChars"}) {
            MethodModel loop = model.methods().stream()
                    .filter(m -> m.methodName().equalsString(name))
                    .findFirst()
                    .orElseThrow();
            int bytecodeLength = loop.findAttribute(Attributes.code())
                    .map(CodeAttribute::codeLength)
                    .orElseThrow();
            assertThat(bytecodeLength)
                    .as("bytecode length of Utf8Encoder." + name)
                    .isGreaterThan(325);
        }
    }
}

package mechsym.lab.experiments.serialisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import mechsym.core.codec.CodecBuffer;
import mechsym.tools.dump.PostObject;
import org.junit.jupiter.api.Test;

/** Every variant of CodecWriteBenchmark writes the post's 185 bytes exactly as PostObject.writeTo does. */
class CodecWriteBenchmarkTest {
    @Test
    void everyVariantWritesThePostsLayout() {
        byte[] expected = new byte[185];
        PostObject.item().writeTo(CodecBuffer.of(expected, ByteOrder.nativeOrder()));

        Map<String, ToIntFunction<CodecWriteBenchmark>> variants = new LinkedHashMap<>();
        variants.put("unsafe", CodecWriteBenchmark::unsafe);
        variants.put("agrona", CodecWriteBenchmark::agrona);
        variants.put("codecCursor", CodecWriteBenchmark::codecCursor);
        variants.put("codecCursorFfm", CodecWriteBenchmark::codecCursorFfm);
        variants.put("codecCursorLoop", CodecWriteBenchmark::codecCursorLoop);
        variants.put("codecPositional", CodecWriteBenchmark::codecPositional);
        variants.put("codecPositionalLoop", CodecWriteBenchmark::codecPositionalLoop);
        variants.put("segmentCopy", CodecWriteBenchmark::segmentCopy);
        variants.put("segmentLoop", CodecWriteBenchmark::segmentLoop);
        variants.put("viewCopy", CodecWriteBenchmark::viewCopy);
        variants.put("viewLoop", CodecWriteBenchmark::viewLoop);
        variants.put("viewLoopChecked", CodecWriteBenchmark::viewLoopChecked);
        variants.put("viewLoopVar", CodecWriteBenchmark::viewLoopVar);
        variants.put("viewSegmentCopy", CodecWriteBenchmark::viewSegmentCopy);
        variants.forEach((name, variant) -> {
            CodecWriteBenchmark benchmark = new CodecWriteBenchmark();
            assertThat(variant.applyAsInt(benchmark)).as(name + " length").isEqualTo(185);
            assertThat(benchmark.written(185)).as(name + " bytes").isEqualTo(expected);
        });
    }

    @Test
    void theBigEndianVariantsWriteThePostsLayoutInBigEndian() {
        byte[] expected = new byte[185];
        PostObject.item().writeTo(CodecBuffer.of(expected, ByteOrder.BIG_ENDIAN));
        for (ToIntFunction<CodecWriteBenchmark> variant : List.<ToIntFunction<CodecWriteBenchmark>>of(
                CodecWriteBenchmark::codecCursorBigEndian, CodecWriteBenchmark::codecCursorBigEndianCopy)) {
            CodecWriteBenchmark benchmark = new CodecWriteBenchmark();
            assertThat(variant.applyAsInt(benchmark)).isEqualTo(185);
            assertThat(benchmark.written(185)).isEqualTo(expected);
        }
        assertThat(expected[7]).as("sourceId's low byte last").isEqualTo((byte) 1010);
    }
}

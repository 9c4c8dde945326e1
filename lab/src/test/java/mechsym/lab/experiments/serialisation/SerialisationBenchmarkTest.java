package mechsym.lab.experiments.serialisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.experiments.serialisation.proto.PostObjectMessage;
import mechsym.tools.dump.PostObject;
import org.junit.jupiter.api.Test;

/** Every way of the serialisation experiment gives the post's object back; sizes are as expected. */
class SerialisationBenchmarkTest {
    @Test
    void everyWayRoundTripsThePostsObject() throws Exception {
        SerialisationBenchmark benchmark = new SerialisationBenchmark();
        benchmark.setUp(); // throws unless every read returns the post's ITEM
        assertThat(benchmark.protobufRead()).isEqualTo(PostObject.item());
        assertThat(benchmark.codecRead()).isEqualTo(PostObject.item());
    }

    @Test
    void unsafeCodecFlyweightAndAgronaWriteTheSameBytesIntoTheirSharedArray() {
        SerialisationBenchmark benchmark = new SerialisationBenchmark();
        benchmark.unsafeWrite();
        byte[] unsafe = benchmark.binary(185);
        assertThat(unsafe).as("the post's sourceId first").isNotEqualTo(new byte[185]);
        benchmark.agronaWrite();
        assertThat(benchmark.binary(185)).as("Agrona").isEqualTo(unsafe);
        benchmark.codecFlyweightWrite();
        assertThat(benchmark.binary(185)).as("codec flyweight").isEqualTo(unsafe);
        benchmark.codecWrite();
        assertThat(benchmark.binary(185)).as("codec").isEqualTo(unsafe);
    }

    @Test
    void encodedSizesMatchThePost() throws Exception {
        Map<String, Integer> sizes = SerialisationBenchmark.encodedSizes();
        assertThat(sizes.get("unsafe")).isEqualTo(185);
        assertThat(sizes.get("codec")).isEqualTo(185);
        assertThat(sizes.get("codecFlyweight")).isEqualTo(185);
        assertThat(sizes.get("javaSerialization")).isGreaterThan(300);
        // protobuf: packed doubles (8 bytes each) and varint longs; smaller than the fixed-width forms
        assertThat(sizes.get("protobuf"))
                .isEqualTo(PostObjectCodecs.toProto(PostObject.item()).getSerializedSize())
                .isLessThan(185);
    }

    @Test
    void protobufMessageCarriesEveryField() {
        PostObjectMessage message = PostObjectCodecs.toProto(PostObject.item());
        assertThat(message.getSourceId()).isEqualTo(1010L);
        assertThat(message.getSpecial()).isTrue();
        assertThat(message.getPricesCount()).isEqualTo(10);
        assertThat(PostObjectCodecs.fromProto(message)).isEqualTo(PostObject.item());
    }
}

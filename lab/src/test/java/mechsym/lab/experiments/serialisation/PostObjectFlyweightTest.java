package mechsym.lab.experiments.serialisation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.CodecException;
import mechsym.tools.dump.PostObject;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/** The post's object read and written in place: same bytes as the codec's Marshallable, checked at wrap. */
class PostObjectFlyweightTest {
    private static final List<ByteOrder> ORDERS = List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN);

    private static PostObject random(Random random) {
        return new PostObject(
                random.nextLong(),
                random.nextBoolean(),
                random.nextInt(),
                random.nextInt(),
                random.doubles(PostObjectFlyweight.COUNT).toArray(),
                random.longs(PostObjectFlyweight.COUNT).toArray());
    }

    @Test
    void readsInPlaceWhatTheCodecWrote() {
        PostObjectFlyweight flyweight = new PostObjectFlyweight();
        for (ByteOrder order : ORDERS) {
            CodecBuffer buffer = CodecBuffer.of(new byte[256], order);
            buffer.position(3);
            PostObject.item().writeTo(buffer);
            assertThat(buffer.position()).isEqualTo(3 + PostObjectFlyweight.LENGTH);
            flyweight.wrap(buffer, 3);
            assertThat(flyweight.getSourceId()).isEqualTo(1010L);
            assertThat(flyweight.isSpecial()).isTrue();
            assertThat(flyweight.getOrderCode()).isEqualTo(777);
            assertThat(flyweight.getPriority()).isEqualTo(99);
            for (int i = 0; i < PostObjectFlyweight.COUNT; i++) {
                assertThat(flyweight.getPrice(i)).isEqualTo((i + 1) / 10.0);
                assertThat(flyweight.getQuantity(i)).isEqualTo(i + 1);
            }
            assertThat(PostObjectCodecs.read(flyweight)).isEqualTo(PostObject.item());
        }
    }

    @Test
    void writesInPlaceTheBytesTheCodecWrites() {
        Random random = new Random(7);
        PostObjectFlyweight flyweight = new PostObjectFlyweight();
        for (int n = 0; n < 500; n++) {
            ByteOrder order = ORDERS.get(n % 2);
            PostObject object = random(random);
            int offset = random.nextInt(40);
            CodecBuffer viaCodec = CodecBuffer.of(new byte[offset + PostObjectFlyweight.LENGTH], order);
            viaCodec.position(offset);
            object.writeTo(viaCodec);
            CodecBuffer inPlace = CodecBuffer.of(new byte[offset + PostObjectFlyweight.LENGTH], order);
            PostObjectCodecs.write(object, flyweight.wrapForWrite(inPlace, offset));

            assertThat(inPlace.segment().mismatch(viaCodec.segment())).isEqualTo(-1);
            inPlace.position(offset);
            assertThat(PostObject.read(inPlace)).isEqualTo(object);
            assertThat(PostObjectCodecs.read(flyweight.wrap(inPlace, offset))).isEqualTo(object);
        }
    }

    @Test
    void worksOverNativeMemoryToo() {
        try (Arena arena = Arena.ofConfined()) {
            CodecBuffer buffer = CodecBuffer.of(arena.allocate(PostObjectFlyweight.LENGTH), ByteOrder.BIG_ENDIAN);
            PostObjectFlyweight flyweight = new PostObjectFlyweight();
            PostObjectCodecs.write(PostObject.item(), flyweight.wrapForWrite(buffer, 0));
            flyweight.setPrice(9, 42.5).setQuantity(0, -1);
            assertThat(flyweight.wrap(buffer, 0).getPrice(9)).isEqualTo(42.5);
            assertThat(flyweight.getQuantity(0)).isEqualTo(-1);
        }
    }

    @Test
    void aTruncatedObjectIsRefusedAtWrapWithItsOffset() {
        CodecBuffer full = CodecBuffer.of(new byte[10 + PostObjectFlyweight.LENGTH]);
        full.position(10);
        PostObject.item().writeTo(full);
        PostObjectFlyweight flyweight = new PostObjectFlyweight();
        for (int cut = 1; cut <= PostObjectFlyweight.LENGTH; cut++) {
            CodecBuffer truncated = CodecBuffer.of(full.segment().asSlice(0, full.capacity() - cut));
            assertThatThrownBy(() -> flyweight.wrap(truncated, 10))
                    .isInstanceOf(CodecException.class)
                    .hasMessageContaining("truncated PostObjectFlyweight")
                    .asInstanceOf(InstanceOfAssertFactories.type(CodecException.class))
                    .extracting(CodecException::offset)
                    .isEqualTo(10L);
            assertThatThrownBy(() -> flyweight.wrapForWrite(truncated, 10)).isInstanceOf(CodecException.class);
        }
        assertThat(flyweight.wrap(full, 10).getSourceId()).isEqualTo(1010L);
    }

    @Test
    void countsThatAreNotTheLayoutsAreRefusedWithTheirOffset() {
        CodecBuffer buffer = CodecBuffer.of(new byte[PostObjectFlyweight.LENGTH + 20]);
        PostObjectFlyweight flyweight = new PostObjectFlyweight();
        PostObjectCodecs.write(PostObject.item(), flyweight.wrapForWrite(buffer, 20));
        buffer.putInt(20 + PostObjectFlyweight.PRICES_COUNT_OFFSET, 9);
        assertThatThrownBy(() -> flyweight.wrap(buffer, 20))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("prices count 9, the layout holds 10")
                .asInstanceOf(InstanceOfAssertFactories.type(CodecException.class))
                .extracting(CodecException::offset)
                .isEqualTo(20L + PostObjectFlyweight.PRICES_COUNT_OFFSET);
        buffer.putInt(20 + PostObjectFlyweight.PRICES_COUNT_OFFSET, 10);
        buffer.putInt(20 + PostObjectFlyweight.QUANTITIES_COUNT_OFFSET, -1);
        assertThatThrownBy(() -> flyweight.wrap(buffer, 20, PostObjectFlyweight.LENGTH))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("quantities count -1")
                .asInstanceOf(InstanceOfAssertFactories.type(CodecException.class))
                .extracting(CodecException::offset)
                .isEqualTo(20L + PostObjectFlyweight.QUANTITIES_COUNT_OFFSET);
        assertThatThrownBy(flyweight::getSourceId).isInstanceOf(IndexOutOfBoundsException.class);

        // an object of another shape, written by the Marshallable code, is not this layout
        CodecBuffer other = CodecBuffer.of(new byte[512]);
        new PostObject(1, false, 2, 3, new double[3], new long[20]).writeTo(other);
        assertThatThrownBy(() -> flyweight.wrap(other, 0)).hasMessageContaining("prices count 3");
    }

    @Test
    void indicesAndArrayLengthsAreChecked() {
        PostObjectFlyweight flyweight = new PostObjectFlyweight().wrapForWrite(CodecBuffer.of(new byte[200]), 0);
        assertThatThrownBy(() -> flyweight.getPrice(10)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> flyweight.getQuantity(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> flyweight.setPrice(10, 1.0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> flyweight.setPrices(new double[9]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 9");
        assertThatThrownBy(() -> flyweight.setQuantities(new long[11])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> flyweight.getPrices(new double[9])).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void theLayoutIsThePosts185Bytes() {
        assertThat(PostObjectFlyweight.LENGTH).isEqualTo(185);
        assertThat(new PostObjectFlyweight().encodedLength()).isEqualTo(185);
        assertThat(PostObjectFlyweight.QUANTITIES_COUNT_OFFSET).isEqualTo(101);
    }
}

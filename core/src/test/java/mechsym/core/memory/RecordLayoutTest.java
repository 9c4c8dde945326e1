package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecordLayoutTest {
    static final RecordLayout TRADE = RecordLayout.packed()
            .int64("tradeId")
            .int64("clientId")
            .int32("venueCode")
            .int32("instrumentCode")
            .int64("price")
            .int64("quantity")
            .char16("side")
            .build();

    @Test
    void thePostsTradeIsExactly42BytesPacked() {
        assertThat(TRADE.recordSize()).isEqualTo(42);
        assertThat(TRADE.fields().stream().map(FieldDescriptor::offset).toList())
                .containsExactly(0L, 8L, 16L, 20L, 24L, 32L, 40L);
        assertThat(TRADE.isPacked()).isTrue();
        assertThat(TRADE.memoryLayout().byteSize()).isEqualTo(42);
    }

    @Test
    void alignedLayoutPadsFieldsAndRecordLikeACStruct() {
        RecordLayout layout = RecordLayout.aligned()
                .int8("a")
                .int64("b")
                .int16("c")
                .ascii("d", 3)
                .int32("e")
                .build();
        assertThat(layout.fields().stream().map(FieldDescriptor::offset).toList())
                .containsExactly(0L, 8L, 16L, 18L, 24L);
        assertThat(layout.recordSize()).isEqualTo(32);
        assertThat(layout.memoryLayout().byteSize()).isEqualTo(32);
        assertThat(layout.descriptor()).isEqualTo("a:int8@0,b:int64@8,c:int16@16,d:ascii[3]@18,e:int32@24,size=32");
    }

    @Test
    void theSameDeclarationHasTheSameFingerprintAndEveryChangeChangesIt() {
        RecordLayout again = RecordLayout.packed()
                .int64("tradeId")
                .int64("clientId")
                .int32("venueCode")
                .int32("instrumentCode")
                .int64("price")
                .int64("quantity")
                .char16("side")
                .build();
        assertThat(again).isEqualTo(TRADE).hasSameHashCodeAs(TRADE);
        assertThat(again.fingerprint()).isEqualTo(TRADE.fingerprint());

        List<RecordLayout> variants = List.of(
                RecordLayout.packed().int64("x").int32("y").build(),
                RecordLayout.packed().int64("x").int32("z").build(), // name
                RecordLayout.packed().int64("x").float32("y").build(), // type
                RecordLayout.packed().int32("y").int64("x").build(), // order
                RecordLayout.aligned().int64("x").int32("y").build(), // padding (size 16)
                RecordLayout.packed().int64("x").bytes("y", 4).build(),
                RecordLayout.packed().int64("x").ascii("y", 4).build(),
                RecordLayout.packed().int64("x").ascii("y", 5).build());
        assertThat(variants.stream().map(RecordLayout::fingerprint).distinct()).hasSize(variants.size());
    }

    @Test
    void fingerprintIsFnv1aOfTheDescriptorSoItIsStableAcrossRuns() {
        RecordLayout layout = RecordLayout.packed().int64("x").build();
        assertThat(layout.descriptor()).isEqualTo("x:int64@0,size=8");
        long expected = 0xcbf29ce484222325L;
        for (byte b : "x:int64@0,size=8".getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            expected = (expected ^ (b & 0xff)) * 0x100000001b3L;
        }
        assertThat(layout.fingerprint()).isEqualTo(expected);
    }

    @Test
    void badDeclarationsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> RecordLayout.packed().int8("a").int8("a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate field name 'a'");
        assertThatThrownBy(() -> RecordLayout.packed().int8("1a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'1'");
        assertThatThrownBy(() -> RecordLayout.packed().int8("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RecordLayout.packed().bytes("b", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("length");
        assertThatThrownBy(() -> RecordLayout.packed().build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at least one field");
    }

    @Test
    void handlesAreCheckedForNameAndType() {
        assertThat(TRADE.longField("price").descriptor().offset()).isEqualTo(24);
        assertThat(TRADE.charField("side").toString()).isEqualTo("side:char16@40");
        assertThatThrownBy(() -> TRADE.intField("price"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'price' is int64, not int32");
        assertThatThrownBy(() -> TRADE.longField("nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no field 'nope'");
        assertThatThrownBy(() -> TRADE.bytesField("side"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not bytes or ascii");
    }
}

package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProfileTest {
    @Test
    void parsesEveryLabelInAnyCaseAndNamesTheValidOnesOtherwise() {
        for (Profile p : Profile.values()) {
            assertThat(Profile.parse(p.label().toUpperCase(java.util.Locale.ROOT)))
                    .isSameAs(p);
        }
        assertThatThrownBy(() -> Profile.parse("fast"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown profile 'fast' (expected quick, full or tiny)");
    }

    @Test
    void onlyTheSmokeTestProfileCarriesACaveat() {
        assertThat(Profile.caveatOf("tiny")).contains("not").contains("measurements");
        assertThat(Profile.caveatOf("quick")).isNull();
        assertThat(Profile.caveatOf("full")).isNull();
        assertThat(Profile.caveatOf("from an older mechsym")).isNull();
    }
}

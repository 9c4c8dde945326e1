package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CpuAffinityTest {
    @Test
    @Timeout(30)
    void aPinnedThreadRunsOnItsCpuAndOnlyThere() throws Exception {
        assumeTrue(CpuAffinity.isSupported(), "Linux only");
        BitSet allowed = CpuAffinity.allowedCpus();
        int last = allowed.length() - 1;
        AtomicReference<Object> seen = new AtomicReference<>();
        Thread thread = Thread.ofPlatform().start(() -> {
            CpuAffinity.pinCurrentThread(last);
            BitSet now = CpuAffinity.allowedCpus();
            int ranOn = -1;
            for (int i = 0; i < 1_000; i++) {
                ranOn = CpuAffinity.currentCpu().orElse(-1);
                if (ranOn != last) {
                    break;
                }
            }
            seen.set(CpuAffinity.describe(now) + " ran on " + ranOn);
        });
        thread.join();
        assertThat(seen.get()).isEqualTo(last + " ran on " + last);
        // the test thread itself was not moved
        assertThat(CpuAffinity.allowedCpus()).isEqualTo(allowed);
    }

    @Test
    void aCpuThatDoesNotExistIsRefusedNamingTheAllowedOnes() {
        assumeTrue(CpuAffinity.isSupported(), "Linux only");
        String allowed = CpuAffinity.describe(CpuAffinity.allowedCpus());
        assertThatThrownBy(() -> CpuAffinity.pinCurrentThread(1000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CPUs 1000")
                .hasMessageContaining("allowed: " + allowed);
        assertThatThrownBy(() -> CpuAffinity.pinCurrentThread(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CPU -1 does not exist");
        assertThat(CpuAffinity.describe(CpuAffinity.allowedCpus())).isEqualTo(allowed);
    }

    @Test
    void describesCpuSetsInTheKernelsListForm() {
        BitSet cpus = new BitSet();
        cpus.set(0, 4);
        cpus.set(6);
        cpus.set(8, 10);
        assertThat(CpuAffinity.describe(cpus)).isEqualTo("0-3,6,8-9");
        assertThat(CpuAffinity.describe(new BitSet())).isEqualTo("(none)");
    }
}

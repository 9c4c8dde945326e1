package mechsym.lab.experiments.udpecho;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Profile;
import org.junit.jupiter.api.Test;

/** Client counts scale with the cores: past 4 only where the machine has the cores for them. */
class UdpEchoClientCountsTest {
    @Test
    void twoCoresKeepTheProfilesCounts() {
        assertThat(UdpEchoExperiment.clientCounts(Profile.TINY, 2)).containsExactly(1);
        assertThat(UdpEchoExperiment.clientCounts(Profile.QUICK, 2)).containsExactly(1, 2);
        assertThat(UdpEchoExperiment.clientCounts(Profile.FULL, 2)).containsExactly(1, 2, 3, 4);
        assertThat(UdpEchoExperiment.clientCounts(Profile.QUICK, 4)).containsExactly(1, 2, 4);
    }

    @Test
    void sixteenCoresGoPastFour() {
        assertThat(UdpEchoExperiment.clientCounts(Profile.QUICK, 16)).containsExactly(1, 2, 4, 8, 16);
        assertThat(UdpEchoExperiment.clientCounts(Profile.FULL, 16)).containsExactly(1, 2, 3, 4, 8, 16);
        assertThat(UdpEchoExperiment.clientCounts(Profile.FULL, 12)).containsExactly(1, 2, 3, 4, 8);
        assertThat(UdpEchoExperiment.clientCounts(Profile.TINY, 16)).containsExactly(1);
    }
}

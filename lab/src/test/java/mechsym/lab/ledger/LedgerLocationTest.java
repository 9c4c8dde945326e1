package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import mechsym.lab.Environment;
import org.junit.jupiter.api.Test;

class LedgerLocationTest {
    @Test
    void theOptionThenTheEnvironmentThenTheHomeFolderChooseTheLedger() {
        Map<String, String> env = Map.of(LedgerLocation.ENVIRONMENT_VARIABLE, "/srv/team.db");
        assertThat(LedgerLocation.choose(null, Map.of()).file())
                .isEqualTo(Path.of(System.getProperty("user.home"), ".mechsym", "ledger.db"));
        assertThat(LedgerLocation.choose(null, env).file()).isEqualTo(Path.of("/srv/team.db"));
        assertThat(LedgerLocation.choose("/tmp/mine.db", env).file()).isEqualTo(Path.of("/tmp/mine.db"));
        assertThat(LedgerLocation.choose("jdbc:sqlite:/tmp/x.db", env).jdbcUrl())
                .isEqualTo("jdbc:sqlite:/tmp/x.db");
        LedgerLocation pg = LedgerLocation.choose("jdbc:postgresql://db:5432/l?user=u&password=s3cret", env);
        assertThat(pg.isPostgres()).isTrue();
        assertThat(pg.toString()).isEqualTo("jdbc:postgresql://db:5432/l?user=u&password=***");
    }

    @Test
    void aJdbcUrlOfAnotherDatabaseIsRefusedWithoutItsPassword() {
        assertThatThrownBy(() -> LedgerLocation.choose("jdbc:mysql://db/l?password=s3cret", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--ledger 'jdbc:mysql://db/l?password=***'")
                .hasMessageNotContaining("s3cret");
        assertThatThrownBy(() -> LedgerLocation.choose(null, Map.of(LedgerLocation.ENVIRONMENT_VARIABLE, "jdbc:x:y")))
                .hasMessageStartingWith(LedgerLocation.ENVIRONMENT_VARIABLE);
    }

    @Test
    void theMachineIdFollowsTheHardwareNotTheClockKernelOrJdk() {
        Environment a = LedgerFixtures.machine("Intel Xeon 8375C", 2, "25.0.3");
        Environment sameOtherJdk = LedgerFixtures.machine("Intel Xeon 8375C", 2, "21.0.9");
        Environment otherClock = new Environment(
                a.cpuModel().replace("2900 MHz", "3500 MHz"),
                a.logicalCpus(),
                a.memoryBytes() - 4096 * 1024,
                a.os(),
                "6.12.0",
                a.jdkVendor(),
                a.jdkVersion(),
                a.vm(),
                a.garbageCollectors(),
                a.jvmFlags(),
                a.transparentHugePages(),
                a.cpufreqGovernor(),
                a.irqbalance(),
                a.cpuAffinity(),
                a.pinned(),
                a.loadAverage1m(),
                a.virtualised(),
                a.hardwareCounters(),
                a.warnings(),
                a.libraries(),
                a.nativeCompiler(),
                a.idleStates(),
                a.numaNodes(),
                a.topology());
        String id = MachineFingerprint.of(a).machineId();
        assertThat(id).matches("m-[0-9a-f]{12}");
        assertThat(MachineFingerprint.of(sameOtherJdk).machineId()).isEqualTo(id);
        assertThat(MachineFingerprint.of(otherClock).machineId()).isEqualTo(id);
        assertThat(MachineFingerprint.of(LedgerFixtures.machine("Intel Xeon 8375C", 4, "25"))
                        .machineId())
                .isNotEqualTo(id);
        assertThat(MachineFingerprint.of(LedgerFixtures.machine("AMD EPYC 7R13", 2, "25"))
                        .machineId())
                .isNotEqualTo(id);
        assertThat(MachineFingerprint.of(a).label()).isEqualTo("Intel Xeon 8375C · 2 CPUs · 8 GiB · VM");
    }
}

package mechsym.lab.ledger;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import mechsym.lab.Environment;

/**
 * The hardware facts that identify a machine, and the id derived from them: the CPU model (without
 * its momentary clock), the logical CPUs, the memory to the GiB, the topology and whether it is a
 * virtual machine. Two runs on one machine get one id whatever their kernel, JDK or flags, which
 * the ledger keeps per run; identical hardware (two VMs of one instance type) shares an id too.
 *
 * <p>An immutable value.
 */
public record MachineFingerprint(
        String machineId, String cpuModel, int logicalCpus, int memoryGib, String topology, boolean virtualised) {

    /** The fingerprint of the machine {@code environment} describes. */
    public static MachineFingerprint of(Environment environment) {
        String cpu = cpuWithoutClock(environment.cpuModel());
        int gib = (int) Math.round(environment.memoryBytes() / (double) (1L << 30));
        String topology = environment.topology() == null ? Environment.UNKNOWN : environment.topology();
        String facts = String.join(
                "|",
                "cpu=" + cpu,
                "cpus=" + environment.logicalCpus(),
                "memory=" + gib,
                "topology=" + topology,
                "virtual=" + environment.virtualised());
        return new MachineFingerprint(
                "m-" + sha256(facts).substring(0, 12),
                cpu,
                environment.logicalCpus(),
                gib,
                topology,
                environment.virtualised());
    }

    /** A short name for columns and headings: "Intel Xeon 8375C · 2 CPUs · 8 GiB · VM". */
    public String label() {
        String cpu = cpuModel.replaceAll("\\(R\\)|\\(TM\\)|CPU|Processor", "")
                .replaceAll(" @ .*", "")
                .replaceAll(",.*", "")
                .replaceAll("\\s+", " ")
                .trim();
        return String.format(
                Locale.ROOT, "%s · %d CPUs · %d GiB%s", cpu, logicalCpus, memoryGib, virtualised ? " · VM" : "");
    }

    /** The CPU as Environment describes it, less the clock read at that moment (", 2900 MHz"). */
    static String cpuWithoutClock(String cpuModel) {
        if (cpuModel == null || cpuModel.isBlank()) {
            return Environment.UNKNOWN;
        }
        return cpuModel.replaceAll(",\\s*\\d+ MHz", "").trim();
    }

    static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}

package mechsym.lab.ledger;

import java.util.List;

/**
 * One lab run as the ledger holds it: what ran, with which mechsym, on which machine and software,
 * and where its results.json was when it was recorded. An immutable value.
 *
 * @param startedAt ISO-8601 instant, as results.json has it
 * @param commit the mechsym source commit, or null when unknown (a run imported from elsewhere)
 * @param rowsRun the experiment ids the run ran, in order
 * @param resultsPath results.json's absolute path on the host that recorded it, or null
 */
public record RecordedRun(
        String runId,
        String machineId,
        String startedAt,
        double seconds,
        String mechsymVersion,
        String commit,
        String profile,
        String command,
        List<String> rowsRun,
        String os,
        String kernel,
        String jdkVendor,
        String jdkVersion,
        String vm,
        String jvmFlags,
        String collectors,
        String transparentHugePages,
        String cpufreqGovernor,
        String resultsPath,
        String recordedAt) {
    public RecordedRun {
        rowsRun = List.copyOf(rowsRun);
    }

    /** The JDK as a column heading shows it: "Eclipse Adoptium 25.0.3". */
    public String jdk() {
        return jdkVendor + " " + jdkVersion;
    }
}

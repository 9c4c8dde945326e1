package mechsym.lab.ledger;

/**
 * A machine as the ledger holds it: the hardware facts its id derives from (see {@link
 * MachineFingerprint}) and when it was first seen. An immutable value.
 */
public record RecordedMachine(
        String machineId,
        String label,
        String cpuModel,
        int logicalCpus,
        int memoryGib,
        String topology,
        boolean virtualised,
        String firstSeen) {}

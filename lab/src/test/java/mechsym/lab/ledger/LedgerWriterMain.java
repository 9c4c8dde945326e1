package mechsym.lab.ledger;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;

/**
 * A second process writing the ledger, for the tests of concurrent writers and of a writer killed
 * mid-run. {@code record LEDGER STARTED-AT}: records one synthetic run. {@code hold LEDGER}: starts a
 * run's transaction, writes part of it, prints "holding" and waits to be killed.
 */
public final class LedgerWriterMain {
    private LedgerWriterMain() {}

    public static void main(String[] args) throws Exception {
        LedgerLocation location = LedgerLocation.choose(args[1], java.util.Map.of());
        if (args[0].equals("record")) {
            for (int i = 2; i < args.length; i++) {
                try (Ledger ledger = Ledger.open(location)) {
                    ledger.record(
                            LedgerFixtures.run(
                                    LedgerFixtures.machine("Writer CPU", 4, "25"),
                                    args[i],
                                    2.5,
                                    "lazyset",
                                    "cas",
                                    "queues"),
                            null,
                            null);
                }
            }
            System.out.println("recorded");
            return;
        }
        Ledger.open(location).close();
        try (Connection c = Ledger.connect(location)) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.executeUpdate(
                        "INSERT INTO machine VALUES ('m-held', 'held', 'cpu', 1, 1, 't', 0, '" + Instant.now() + "')");
                s.executeUpdate("INSERT INTO run (run_id, machine_id, started_at, seconds, mechsym_version, profile,"
                        + " command, rows_run, os, kernel, jdk_vendor, jdk_version, vm, jvm_flags, collectors,"
                        + " transparent_huge_pages, cpufreq_governor, recorded_at) VALUES ('r-held', 'm-held', 'now',"
                        + " 1, 'v', 'tiny', 'c', 'x', 'o', 'k', 'j', 'v', 'vm', '', '', 't', 'g', 'now')");
            }
            System.out.println("holding");
            System.out.flush();
            Thread.sleep(120_000);
        }
    }
}

package mechsym.lab.report;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.results.LabRun;
import mechsym.tools.platform.TerminalText;

/**
 * The short summary printed when a lab run ends: verdicts, headlines, where the report is. Every text
 * from the results (which can quote a peer or a file) is printed through {@link TerminalText#escape}.
 */
public final class TerminalSummary {
    private TerminalSummary() {}

    public static void print(LabRun run, Path outDir, PrintStream out) {
        out.println();
        out.printf(
                Locale.ROOT,
                "mechsym lab: %d experiment(s), profile %s, %.0f s%n",
                run.experiments().size(),
                run.profile(),
                run.seconds());
        String caveat = Profile.caveatOf(run.profile());
        if (caveat != null) {
            out.println("  ! " + caveat);
        }
        run.environment().warnings().forEach(w -> out.println("  ! " + TerminalText.escape(w)));
        if (run.calibration() != null) {
            out.println("  calibration " + run.calibration().text());
            if (run.calibration().warning() != null) {
                out.println("  ! " + run.calibration().warning());
            }
        }
        for (ExperimentResult e : run.experiments()) {
            out.printf(
                    Locale.ROOT,
                    "%n%-22s %-20s goals: %s%n",
                    e.id(),
                    mechsym.lab.Verdict.label(e.verdict().outcome()),
                    mechsym.lab.Goal.tally(e.goals()));
            if (e.status() == ExperimentResult.Status.FAILED) {
                out.println("  failed: " + TerminalText.escape(e.error()));
            }
            e.failedParts()
                    .forEach(p -> out.println("  part failed: " + TerminalText.escape(p.part() + ": " + p.error())));
            e.headlines().forEach(h -> out.println("  " + TerminalText.escape(h)));
            out.println("  " + TerminalText.escape(e.verdict().reason()));
            for (mechsym.lab.Verdict.Claim claim : e.verdict().claims()) {
                out.println("  - " + mechsym.lab.Verdict.label(claim.outcome()) + ": "
                        + TerminalText.escape(claim.claim()
                                + (claim.reason() == null || claim.reason().isBlank()
                                        ? ""
                                        : " (" + claim.reason() + ")")));
            }
            e.goals().stream()
                    .filter(g -> g.status() == mechsym.lab.Goal.Status.MISSED)
                    .forEach(g ->
                            out.println("  goal missed: " + TerminalText.escape(g.goal() + " (" + g.figures() + ")")));
        }
        out.println();
        out.println("report:  " + outDir.resolve("report.html"));
        out.println("results: " + outDir.resolve("results.json"));
    }
}

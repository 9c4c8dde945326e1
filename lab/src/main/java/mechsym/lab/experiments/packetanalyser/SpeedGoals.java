package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Verdict;

/**
 * mechsym's two speed goals for the packet analyser, judged from a run's figures:
 *
 * <ol>
 *   <li>batch: in each case, the best Java configuration within {@link #BATCH_FACTOR} of the best flat
 *       C++ ns/packet (the post: 2.3x, 1.4x, 1.5x);
 *   <li>real time: in case B, some Java configuration loses nothing after start-up at {@link
 *       #REALTIME_INTERVAL_NS} per packet (5 million packets/s; the post's best Java reached 320 ns).
 * </ol>
 *
 * A goal with no figures to judge is inconclusive, with the reason.
 */
final class SpeedGoals {
    static final double BATCH_FACTOR = 1.3;
    static final long REALTIME_INTERVAL_NS = 200;

    private SpeedGoals() {}

    /** A best figure and who made it. */
    record Best(String configuration, double nsPerPacket) {}

    /**
     * @param bestJava per case label, the best Java configuration
     * @param bestFlat per case label, the best flat C++ strategy
     */
    static Verdict batch(Map<String, Best> bestJava, Map<String, Best> bestFlat) {
        List<String> met = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        List<String> figures = new ArrayList<>();
        for (Map.Entry<String, Best> e : bestJava.entrySet()) {
            Best flat = bestFlat.get(e.getKey());
            if (flat == null || e.getValue() == null) {
                continue;
            }
            double ratio = e.getValue().nsPerPacket() / flat.nsPerPacket();
            figures.add(String.format(
                    Locale.ROOT,
                    "case %s: %s %.0f ns vs %s %.0f ns = %.2fx",
                    e.getKey(),
                    e.getValue().configuration(),
                    e.getValue().nsPerPacket(),
                    flat.configuration(),
                    flat.nsPerPacket(),
                    ratio));
            (ratio <= BATCH_FACTOR ? met : missed).add(e.getKey());
        }
        if (figures.isEmpty()) {
            return Verdict.inconclusive("batch goal: no case has both a Java and a flat C++ figure"
                    + (bestFlat.isEmpty() ? " (no C++ flat figures: the native build failed or was skipped)" : ""));
        }
        String text = "batch goal (best Java within " + BATCH_FACTOR + "x of flat C++ per case): "
                + String.join("; ", figures) + ".";
        if (missed.isEmpty()) {
            return Verdict.reproduced(text + " Met in every case measured.");
        }
        if (met.isEmpty()) {
            return Verdict.notReproduced(text + " Missed in every case measured.");
        }
        return Verdict.partly(
                text + " Met in " + String.join(", ", met) + ", missed in " + String.join(", ", missed) + ".");
    }

    /** A real-time trial's outcome. */
    record Trial(
            String configuration, String caseLabel, long intervalNs, long lostAfterStartup, long seenAfterStartup) {}

    static Verdict realtime(List<Trial> trials) {
        List<Trial> relevant = trials.stream()
                .filter(t ->
                        t.caseLabel().equals("B") && t.intervalNs() <= REALTIME_INTERVAL_NS && t.seenAfterStartup() > 0)
                .toList();
        if (relevant.isEmpty()) {
            return Verdict.inconclusive(
                    "real-time goal: no case B trial at " + REALTIME_INTERVAL_NS + " ns or less was measured");
        }
        List<String> clean = new ArrayList<>();
        List<String> lossy = new ArrayList<>();
        for (Trial t : relevant) {
            if (t.lostAfterStartup() == 0) {
                clean.add(t.configuration() + " at " + t.intervalNs() + " ns");
            } else {
                lossy.add(String.format(
                        Locale.ROOT,
                        "%s at %d ns lost %d of %d (%.3g%%)",
                        t.configuration(),
                        t.intervalNs(),
                        t.lostAfterStartup(),
                        t.seenAfterStartup(),
                        100.0 * t.lostAfterStartup() / t.seenAfterStartup()));
            }
        }
        if (!clean.isEmpty()) {
            return Verdict.reproduced("real-time goal (case B, no loss at " + REALTIME_INTERVAL_NS + " ns): met by "
                    + String.join(", ", clean) + ".");
        }
        return Verdict.notReproduced("real-time goal (case B, no loss at " + REALTIME_INTERVAL_NS + " ns): missed; "
                + String.join("; ", lossy) + ".");
    }

    /**
     * Both goals in one verdict: met when both are met, not met when neither is, partly otherwise; an
     * inconclusive goal leaves the other's answer, but a met goal beside an unknown one is only partly.
     */
    static Verdict combine(Verdict batch, Verdict realtime) {
        String reason = batch.reason() + " " + realtime.reason();
        Verdict.Outcome a = batch.outcome();
        Verdict.Outcome b = realtime.outcome();
        if (a == Verdict.Outcome.INCONCLUSIVE && b == Verdict.Outcome.INCONCLUSIVE) {
            return Verdict.inconclusive(reason);
        }
        if (a == Verdict.Outcome.INCONCLUSIVE || b == Verdict.Outcome.INCONCLUSIVE) {
            Verdict.Outcome known = a == Verdict.Outcome.INCONCLUSIVE ? b : a;
            return known == Verdict.Outcome.NOT_REPRODUCED ? Verdict.notReproduced(reason) : Verdict.partly(reason);
        }
        if (a == Verdict.Outcome.REPRODUCED && b == Verdict.Outcome.REPRODUCED) {
            return Verdict.reproduced(reason);
        }
        if (a == Verdict.Outcome.NOT_REPRODUCED && b == Verdict.Outcome.NOT_REPRODUCED) {
            return Verdict.notReproduced(reason);
        }
        return Verdict.partly(reason);
    }
}

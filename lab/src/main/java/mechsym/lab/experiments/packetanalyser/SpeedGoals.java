package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.tools.analyser.RealTimeRun;

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
 * A goal with no figures to judge is not measurable, with the reason. Goals are reported beside the
 * verdict, which judges the post alone.
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
    static Goal batch(Map<String, Best> bestJava, Map<String, Best> bestFlat) {
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
        String goal = "best Java within " + BATCH_FACTOR + "x of flat C++ in batch, every case";
        if (figures.isEmpty()) {
            return Goal.notMeasurable(
                    goal,
                    "no case has both a Java and a flat C++ figure"
                            + (bestFlat.isEmpty()
                                    ? " (no C++ flat figures: the native build failed or was skipped)"
                                    : ""));
        }
        String text = String.join("; ", figures)
                + (missed.isEmpty() ? "" : "; missed in " + String.join(", ", missed))
                + (met.isEmpty() || missed.isEmpty() ? "" : ", met in " + String.join(", ", met));
        return Goal.judge(goal, missed.isEmpty(), text);
    }

    /**
     * A real-time trial's outcome.
     *
     * @param windowNs the trial's time after start-up, which must lose nothing
     */
    record Trial(
            String configuration,
            String caseLabel,
            long intervalNs,
            long lostAfterStartup,
            long seenAfterStartup,
            long windowNs) {

        boolean atRate() {
            return SpeedGoals.atRate(seenAfterStartup, windowNs, intervalNs);
        }
    }

    /** Whether a trial's clock source kept its rate ({@link RealTimeRun#keptRate}). */
    static boolean atRate(long seenAfterStartup, long windowNs, long intervalNs) {
        return RealTimeRun.keptRate(seenAfterStartup, windowNs, intervalNs);
    }

    static Goal realtime(List<Trial> trials) {
        List<Trial> relevant = trials.stream()
                .filter(t ->
                        t.caseLabel().equals("B") && t.intervalNs() <= REALTIME_INTERVAL_NS && t.seenAfterStartup() > 0)
                .toList();
        String goal = "some Java configuration loses nothing at " + REALTIME_INTERVAL_NS + " ns per packet, case B";
        if (relevant.isEmpty()) {
            return Goal.notMeasurable(goal, "no case B trial at " + REALTIME_INTERVAL_NS + " ns or less was measured");
        }
        List<String> clean = new ArrayList<>();
        List<String> lossy = new ArrayList<>();
        List<String> belowRate = new ArrayList<>();
        for (Trial t : relevant) {
            if (!t.atRate()) {
                belowRate.add(String.format(
                        Locale.ROOT,
                        "%s at %d ns saw %d packets of the %d its window holds",
                        t.configuration(),
                        t.intervalNs(),
                        t.seenAfterStartup(),
                        t.windowNs() / t.intervalNs()));
            } else if (t.lostAfterStartup() == 0) {
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
            return Goal.judge(goal, true, "no loss: " + String.join(", ", clean));
        }
        if (!lossy.isEmpty()) {
            return Goal.judge(goal, false, String.join("; ", lossy));
        }
        return Goal.notMeasurable(
                goal, "the clock source did not keep its rate (a busy machine): " + String.join("; ", belowRate));
    }
}

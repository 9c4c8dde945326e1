package mechsym.lab.experiments.jmsload;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Goal;
import mechsym.lab.Measure;

/**
 * mechsym's goal for its upper-casing service, beside the verdict: it keeps up with the whole ramp in
 * each delivery mode, where keeping up is {@link Knee}'s (every request of a second answered correctly,
 * none timed out, the second's p99 within 100 ms). Each ramp gives the share of the ramp's top rate the
 * service kept up to (1 when it kept up throughout); the goal is met when that share's interval over
 * the ramps is wholly at 1, missed when wholly below, undecided when the ramps disagree. Pure.
 */
final class JmsLoadGoals {
    static final String KEEPS_UP = "mechsym's upper-casing service keeps up with the whole ramp";

    private JmsLoadGoals() {}

    /**
     * One ramp's outcome.
     *
     * @param mode "persistent" or "non-persistent"
     * @param knee where it stopped keeping up, if it did
     * @param topPerSecond the ramp's last rate
     */
    record Ramp(String mode, Knee.Result knee, double topPerSecond) {
        double keptUpShare() {
            if (knee.keptUpThroughout()) {
                return 1;
            }
            double kept = Double.isNaN(knee.lastKeptUpRate()) ? 0 : knee.lastKeptUpRate();
            return Math.min(1, kept / topPerSecond);
        }
    }

    static List<Goal> judge(List<Ramp> ramps) {
        if (ramps.isEmpty()) {
            return List.of(Goal.notMeasurable(KEEPS_UP, "no ramp ran"));
        }
        StringBuilder figures = new StringBuilder();
        for (Ramp r : ramps) {
            figures.append(figures.isEmpty() ? "" : "; ")
                    .append(
                            r.knee().keptUpThroughout()
                                    ? String.format(
                                            Locale.ROOT, "%s kept up to the top, %.0f/s", r.mode(), r.topPerSecond())
                                    : String.format(
                                            Locale.ROOT,
                                            "%s stopped at %.0f/s of %.0f/s (%s)",
                                            r.mode(),
                                            r.knee().kneeRate(),
                                            r.topPerSecond(),
                                            r.knee().reason()));
        }
        Measure share = Measure.of(ramps.stream().map(r -> r.keptUpShare()).toList(), "of the ramp");
        return List.of(Goal.atLeast(KEEPS_UP, share, 1.0, figures.toString()));
    }
}

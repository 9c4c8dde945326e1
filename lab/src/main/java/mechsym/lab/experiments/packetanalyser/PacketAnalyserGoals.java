package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import mechsym.lab.Goal;
import mechsym.lab.Goal.Status;
import mechsym.lab.Measure;
import mechsym.tools.analyser.Strategy;

/**
 * mechsym's speed goals for the packet analyser, judged from a run's figures (pure: figures in, goals
 * out; reported beside the verdict, which judges the post alone):
 *
 * <ol>
 *   <li>batch: in each case, the best Java configuration within {@link #BATCH_FACTOR} of the best flat
 *       C++ (the post: 2.3x, 1.4x, 1.5x), and, as the next step, within {@link #BATCH_FACTOR_NEXT}; per
 *       round, the best Java ns/packet over the best flat C++ ns/packet of that round;
 *   <li>real time: in case B, the best Java configuration loses nothing after start-up at {@link
 *       #REALTIME_INTERVAL_NS} per packet (5 million packets/s; the post's best Java reached 320 ns), in
 *       every forked trial.
 * </ol>
 *
 * A goal with no figures to judge is not measurable, with the reason.
 */
final class PacketAnalyserGoals {
    static final double BATCH_FACTOR = 2.0;
    static final double BATCH_FACTOR_NEXT = 1.3;
    static final long REALTIME_INTERVAL_NS = 200;
    static final String REALTIME_CASE = "B";

    private PacketAnalyserGoals() {}

    static List<Goal> judge(PacketAnalyserFigures figures) {
        return List.of(
                batch(figures.batch(), BATCH_FACTOR),
                batch(figures.batch(), BATCH_FACTOR_NEXT),
                realtime(figures.trials()));
    }

    /**
     * Per case with both, the per-round ratio of the best Java to the best flat C++ at most {@code
     * factor}; every case must meet it: missed when one case misses, undecided when one is undecided.
     */
    static Goal batch(List<BatchFigure> batch, double factor) {
        String goal = "best Java within " + factor + "x of flat C++ in batch, every case";
        List<BatchFigure> kept = batch.stream()
                .filter(f -> f.strategy() != Strategy.DUMMY && f.hasFigures())
                .toList();
        List<Goal> perCase = new ArrayList<>();
        for (String caseLabel :
                kept.stream().map(BatchFigure::caseLabel).distinct().toList()) {
            List<BatchFigure> java = kept.stream()
                    .filter(f -> f.caseLabel().equals(caseLabel) && f.solution().java())
                    .toList();
            List<BatchFigure> flat = kept.stream()
                    .filter(f -> f.caseLabel().equals(caseLabel) && f.solution().flatCpp())
                    .toList();
            if (java.isEmpty() || flat.isEmpty()) {
                continue;
            }
            BatchFigure bestJava = PacketAnalyserClaims.fastest(java);
            BatchFigure bestFlat = PacketAnalyserClaims.fastest(flat);
            String text = String.format(
                    Locale.ROOT,
                    "case %s: %s %.0f vs %s %.0f ns/packet, best Java / best flat C++ per round",
                    caseLabel,
                    bestJava.configuration(),
                    bestJava.median(),
                    bestFlat.configuration(),
                    bestFlat.median());
            Optional<Measure> m = PacketAnalyserClaims.ratio(
                    PacketAnalyserClaims.bestPerRound(java), PacketAnalyserClaims.bestPerRound(flat));
            m.ifPresent(measure -> perCase.add(Goal.atMost(goal, measure, factor, text)));
        }
        if (perCase.isEmpty()) {
            boolean noFlat = kept.stream().noneMatch(f -> f.solution().flatCpp());
            return Goal.notMeasurable(
                    goal,
                    "no case has both a Java and a flat C++ figure"
                            + (noFlat ? " (no C++ flat figures: the native build failed or was skipped)" : ""));
        }
        Status status = perCase.stream().anyMatch(g -> g.status() == Status.MISSED)
                ? Status.MISSED
                : perCase.stream().anyMatch(g -> g.status() == Status.NOT_MEASURABLE)
                        ? Status.NOT_MEASURABLE
                        : Status.MET;
        Goal deciding =
                perCase.stream().filter(g -> g.status() == status).findFirst().orElseThrow();
        String text = String.join("; ", perCase.stream().map(Goal::figures).toList());
        return new Goal(goal, status, text, deciding.measure());
    }

    /**
     * Every case-B trial at the goal's interval or less whose clock source kept its rate: the share lost
     * after start-up, at most 0 in every trial (met), above 0 in every trial (missed), else undecided.
     */
    static Goal realtime(List<RealTimeTrial> trials) {
        String goal = "the best Java configuration loses nothing at " + REALTIME_INTERVAL_NS + " ns per packet, case "
                + REALTIME_CASE;
        List<RealTimeTrial> relevant = trials.stream()
                .filter(t -> t.caseLabel().equals(REALTIME_CASE)
                        && t.intervalNs() <= REALTIME_INTERVAL_NS
                        && t.seenAfterStartup() > 0)
                .toList();
        if (relevant.isEmpty()) {
            return Goal.notMeasurable(
                    goal,
                    "no case " + REALTIME_CASE + " trial at " + REALTIME_INTERVAL_NS + " ns or less was measured");
        }
        List<RealTimeTrial> atRate =
                relevant.stream().filter(RealTimeTrial::atRate).toList();
        List<String> behind = relevant.stream()
                .filter(t -> !t.atRate())
                .map(t -> String.format(
                        Locale.ROOT,
                        "%s at %d ns saw %d packets of the %d its window holds",
                        t.configuration(),
                        t.intervalNs(),
                        t.seenAfterStartup(),
                        t.windowNs() / t.intervalNs()))
                .toList();
        if (atRate.isEmpty()) {
            return Goal.notMeasurable(
                    goal, "the clock source did not keep its rate (a busy machine): " + String.join("; ", behind));
        }
        String text = String.join(
                        "; ",
                        atRate.stream()
                                .map(t -> String.format(
                                        Locale.ROOT,
                                        "%s at %d ns lost %d of %d",
                                        t.configuration(),
                                        t.intervalNs(),
                                        t.lostAfterStartup(),
                                        t.seenAfterStartup()))
                                .toList())
                + (behind.isEmpty() ? "" : "; left out, the source fell behind: " + String.join("; ", behind))
                + "; the share lost per trial";
        Measure lost =
                Measure.of(atRate.stream().map(RealTimeTrial::lostPercent).toList(), "%");
        return Goal.atMost(goal, lost, 0, text);
    }
}

package mechsym.lab.experiments.serialisation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Measure;

/**
 * mechsym's target for core's codec (pure: figures in, goal out): the flyweight's write + read no
 * slower than the fastest of the post's Unsafe original and Agrona, per round, over the rounds.
 */
final class SerialisationGoals {
    static final String CODEC_FLYWEIGHT = "mechsym codec (flyweight)";
    static final String CODEC_GOAL = "codec flyweight write+read <= the fastest of Unsafe and Agrona";

    private SerialisationGoals() {}

    static List<Goal> judge(SerialisationFigures f) {
        List<Double> ratios = new ArrayList<>();
        for (Map<String, Double> round : f.rounds()) {
            Double flyweight = round.get(CODEC_FLYWEIGHT);
            Double unsafe = round.get(SerialisationFigures.UNSAFE);
            Double agrona = round.get(SerialisationFigures.AGRONA);
            if (flyweight != null && unsafe != null && agrona != null) {
                ratios.add(flyweight / Math.min(unsafe, agrona));
            }
        }
        if (ratios.isEmpty()) {
            return List.of(Goal.notMeasurable(CODEC_GOAL, "the flyweight, Unsafe and Agrona were not all measured"));
        }
        return List.of(Goal.atMost(
                CODEC_GOAL,
                Measure.of(ratios, "x"),
                1.0,
                "flyweight ns / the faster of Unsafe and Agrona, write + read per round (not like for like: their"
                        + " reads build a new object, the flyweight reads in place)"));
    }
}

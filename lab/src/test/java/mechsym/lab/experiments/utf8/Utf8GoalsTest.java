package mechsym.lab.experiments.utf8;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Goal.Status;
import mechsym.lab.experiments.utf8.Utf8Figures.Way;
import org.junit.jupiter.api.Test;

/** mechsym's encoder against the best JDK way of each round, on both sides of each bar and across it. */
class Utf8GoalsTest {

    /** One text, three rounds: the JDK's ways at 60 ns (direct) and 40 ns (heap), mechsym as given. */
    private static Utf8FiguresFixture mechsym(double[] direct, double[] heap) {
        return new Utf8FiguresFixture()
                .way("t", "direct", Way.CHARSET_ENCODER, 90, 90, 90)
                .way("t", "direct", Way.GET_BYTES_BY_NAME, 60, 60, 60)
                .way("t", "direct", Way.MECHSYM, direct)
                .way("t", "heap", Way.CHARSET_ENCODER, 40, 40, 40)
                .way("t", "heap", Way.GET_BYTES_BY_CHARSET, 45, 45, 45)
                .way("t", "heap", Way.MECHSYM, heap);
    }

    private static List<Status> statuses(Utf8Figures figures) {
        return Utf8Goals.judge(figures).stream().map(Goal::status).toList();
    }

    @Test
    void directNeedsOnePointThreeAndHeapParityInEveryRound() {
        // direct 60 / 40 = 1.5x, heap 40 / 38 = 1.05x: both met; allocation met
        assertThat(statuses(mechsym(new double[] {40, 40, 40}, new double[] {38, 38, 38})
                        .build()))
                .containsExactly(Status.MET, Status.MET, Status.MET);
        // direct 60 / 50 = 1.2x, heap 40 / 44 = 0.91x: both missed
        assertThat(statuses(mechsym(new double[] {50, 50, 50}, new double[] {44, 44, 44})
                        .build()))
                .containsExactly(Status.MISSED, Status.MISSED, Status.MET);
        // one round on each side of each bar: undecided
        assertThat(statuses(mechsym(new double[] {40, 50, 40}, new double[] {38, 44, 38})
                        .build()))
                .containsExactly(Status.NOT_MEASURABLE, Status.NOT_MEASURABLE, Status.MET);
    }

    @Test
    void theOpenedWayIsJudgedBesideWhenMeasuredAndAllocationMissesTheLastGoal() {
        Utf8Figures figures = mechsym(new double[] {40, 40, 40}, new double[] {38, 38, 38})
                .way("t", "direct", Way.MECHSYM_OPENED, 30, 30, 30)
                .way("t", "heap", Way.MECHSYM_OPENED, 45, 45, 45)
                .allocating("t", "heap", Way.MECHSYM, 16, 38)
                .build();
        List<Goal> goals = Utf8Goals.judge(figures);
        assertThat(goals)
                .extracting(Goal::status)
                .containsExactly(Status.MET, Status.MET, Status.MET, Status.MISSED, Status.MISSED);
        assertThat(goals.get(2).goal()).contains("(java.lang opened)");
        assertThat(goals.get(0).measure().value()).isEqualTo(1.5);
    }

    @Test
    void noCaseMeasuredIsNotMeasurable() {
        assertThat(statuses(new Utf8FiguresFixture().build()))
                .containsExactly(Status.NOT_MEASURABLE, Status.NOT_MEASURABLE, Status.NOT_MEASURABLE);
    }
}

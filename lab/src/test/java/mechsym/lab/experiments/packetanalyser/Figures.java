package mechsym.lab.experiments.packetanalyser;

import java.util.Arrays;
import java.util.List;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.Buffers;
import mechsym.tools.analyser.Strategy;

/** Tests' figures: a value per round for a solution, strategy and case. */
final class Figures {
    private Figures() {}

    static BatchFigure heap(Collector collector, Strategy strategy, String caseLabel, double... rounds) {
        return of(Solution.java(collector, Buffers.HEAP, Analyser.Parse.OBJECTS), strategy, caseLabel, rounds);
    }

    static BatchFigure of(Solution solution, Strategy strategy, String caseLabel, double... rounds) {
        return new BatchFigure(
                solution, strategy, caseLabel, Arrays.stream(rounds).boxed().toList());
    }

    static PacketAnalyserFigures batch(BatchFigure... figures) {
        return new PacketAnalyserFigures(List.of(figures), List.of(), List.of());
    }

    /** One searched real-time cell per round: a clean interval (a number) or a loss at the reference (null, lost). */
    static RealTimeCell cell(
            Solution solution, Strategy strategy, String caseLabel, int round, Long clean, double lost) {
        return new RealTimeCell(solution, strategy, caseLabel, round, clean, lost, true);
    }

    /** One trial's cell at the post's 1,000 ns: clean, or the share lost. */
    static RealTimeCell reference(Solution solution, Strategy strategy, String caseLabel, int round, double lost) {
        return RealTimeCell.atReference(solution, strategy, caseLabel, round, 1_000, lost == 0, lost);
    }
}

package mechsym.lab.experiments.packetanalyser;

import java.util.List;
import mechsym.lab.Summary;
import mechsym.tools.analyser.Strategy;

/**
 * One configuration's batch figure: the process's CPU time per packet, one value per round (each the
 * median of that fork's timed reports), NaN for a round whose run failed.
 */
record BatchFigure(Solution solution, Strategy strategy, String caseLabel, List<Double> nsPerRound) {
    BatchFigure {
        nsPerRound = List.copyOf(nsPerRound);
    }

    /** The rounds that measured it. */
    List<Double> measured() {
        return nsPerRound.stream().filter(v -> !v.isNaN()).toList();
    }

    boolean hasFigures() {
        return !measured().isEmpty();
    }

    /** Over the rounds that measured it; call only when {@link #hasFigures()}. */
    Summary summary() {
        return Summary.of(measured());
    }

    double median() {
        return summary().median();
    }

    /** "G1 Pooling". */
    String configuration() {
        return solution.name() + " " + PacketAnalyserReport.postStrategy(strategy);
    }
}

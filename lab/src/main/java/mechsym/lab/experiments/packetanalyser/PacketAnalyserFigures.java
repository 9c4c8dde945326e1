package mechsym.lab.experiments.packetanalyser;

import java.util.List;

/**
 * What a run of the packet-analyser experiment measured, handed to its claims, goals and report.
 *
 * @param batch one figure per configuration, strategy and case, a value per round
 * @param realTime the min-interval searches' cells, per round (full profile)
 * @param trials the goal's trials at a fixed interval, one per forked JVM
 */
record PacketAnalyserFigures(List<BatchFigure> batch, List<RealTimeCell> realTime, List<RealTimeTrial> trials) {
    PacketAnalyserFigures {
        batch = List.copyOf(batch);
        realTime = List.copyOf(realTime);
        trials = List.copyOf(trials);
    }
}

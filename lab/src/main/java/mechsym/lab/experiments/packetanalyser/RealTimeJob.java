package mechsym.lab.experiments.packetanalyser;

import mechsym.tools.analyser.AnalyserCase;
import mechsym.tools.analyser.Strategy;

/**
 * A real-time fork of a Java configuration: what it runs against the clock source and what its answer
 * is for.
 *
 * @param kind a min-interval search (a sub-claim's cell, full), one trial at the post's reference
 *     interval (a sub-claim's cell, quick), or the goal's trial
 */
record RealTimeJob(JavaConfig config, AnalyserCase analyserCase, Strategy strategy, Kind kind) {

    enum Kind {
        /** A min-interval search: the post's cell, the smallest clean interval or the loss at 1,000 ns. */
        SEARCH,
        /** One trial at the post's reference interval (1,000 ns): clean there, or the share lost. */
        REFERENCE,
        /** One trial at the goal's interval, for {@link PacketAnalyserGoals}. */
        GOAL
    }

    Solution solution() {
        return config.solution();
    }
}

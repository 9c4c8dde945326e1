package mechsym.lab.experiments.packetanalyser;

import mechsym.tools.analyser.AnalyserCase;
import mechsym.tools.analyser.Strategy;

/** One batch measurement a round makes: a Java configuration's JVM or a run of native/packet_analyser. */
sealed interface BatchJob {
    Solution solution();

    AnalyserCase analyserCase();

    Strategy strategy();

    /** A forked JVM of {@code config}. */
    record Java(JavaConfig config, AnalyserCase analyserCase, Strategy strategy) implements BatchJob {
        @Override
        public Solution solution() {
            return config.solution();
        }
    }

    /** A run of native/packet_analyser ({@link Solution#CPP} or {@link Solution#CPP_FLAT}). */
    record Cpp(Solution solution, AnalyserCase analyserCase, Strategy strategy) implements BatchJob {}
}

package mechsym.lab.experiments.packetanalyser;

import mechsym.tools.analyser.RealTimeRun;

/**
 * One forked JVM's real-time trial at a fixed interval (the goal's repetitions).
 *
 * @param configuration the configuration and strategy in words
 * @param windowNs the trial's time after start-up, which must lose nothing
 */
record RealTimeTrial(
        String configuration,
        String caseLabel,
        long intervalNs,
        long lostAfterStartup,
        long seenAfterStartup,
        long windowNs) {

    /** Whether the clock source kept its rate ({@link RealTimeRun#keptRate}). */
    boolean atRate() {
        return RealTimeRun.keptRate(seenAfterStartup, windowNs, intervalNs);
    }

    double lostPercent() {
        return seenAfterStartup == 0 ? 0 : 100.0 * lostAfterStartup / seenAfterStartup;
    }
}

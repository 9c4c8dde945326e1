package mechsym.lab.experiments.udpecho;

import java.util.Map;

/**
 * One round's figures (one forked JVM ran every case): each case's median and 99th percentile, and the
 * sleeping strategy's idle CPU. A round is a repetition: the claims and goals decide over rounds.
 *
 * @param ring p50/p99 of the ring pipeline (sleeping wait) by client threads
 * @param disruptor the same for the Disruptor pipeline
 * @param threads the same for the thread-pool server
 * @param ringSpin p50/p99 of the ring with busy-spin waits at one client thread, or null
 * @param disruptorSpin the same for the Disruptor, or null
 * @param sleepingIdleCpu idle CPU per waiting thread of the Disruptor's sleeping strategy, percent of a
 *     CPU, or null
 */
record UdpEchoFigures(
        Map<Integer, Pcts> ring,
        Map<Integer, Pcts> disruptor,
        Map<Integer, Pcts> threads,
        Pcts ringSpin,
        Pcts disruptorSpin,
        Double sleepingIdleCpu) {

    /** A case's median and 99th percentile, microseconds. */
    record Pcts(double p50, double p99) {
        double spread() {
            return p99 / p50;
        }
    }
}

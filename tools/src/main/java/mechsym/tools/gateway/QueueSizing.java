package mechsym.tools.gateway;

import java.util.Locale;
import mechsym.tools.OptionCheck;

/**
 * The input queue's length, either given or derived by Little's law as the seed states it:
 *
 * <pre>
 * max latency  = (transaction time / number of threads) * queue length
 * queue length = max latency / (transaction time / number of threads)
 * </pre>
 *
 * @param length the number of transactions the input queues may hold in all (at least 1)
 * @param maxLatencyMicros the latency the queue was sized for; for a given length, what the formula
 *     gives back ({@code transaction time / threads * length})
 * @param formula how the length was obtained, with its inputs, printed at start
 */
public record QueueSizing(int length, double maxLatencyMicros, String formula) {

    /**
     * The length that keeps the wait in the queue within {@code maxLatencyMillis} when each
     * transaction takes {@code transactionMicros} on one of {@code serviceThreads} threads (rounded
     * down, at least 1).
     *
     * @throws IllegalArgumentException if an input is not positive
     */
    public static QueueSizing fromMaxLatency(double maxLatencyMillis, double transactionMicros, int serviceThreads) {
        OptionCheck.positive("--max-latency", maxLatencyMillis);
        if (transactionMicros == 0) {
            // the default service does nothing, and Little's law has no queue length for zero work
            throw new IllegalArgumentException("--max-latency sizes the queue by Little's law, which needs the"
                    + " transaction time: give --txn-time US too (e.g. --txn-time 1000), or --queue N");
        }
        OptionCheck.positive("--txn-time", transactionMicros);
        OptionCheck.positive("--service-threads", serviceThreads);
        double perTransaction = transactionMicros / serviceThreads;
        long length = (long) Math.max(1, Math.floor(maxLatencyMillis * 1000.0 / perTransaction));
        if (length > 1 << 24) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "--max-latency %s ms gives a queue of %,d transactions, above the limit of %,d",
                    maxLatencyMillis,
                    length,
                    1 << 24));
        }
        String formula = String.format(
                Locale.ROOT,
                "queue length = max latency / (transaction time / threads) = %.3f ms / (%.1f us / %d) = %d",
                maxLatencyMillis,
                transactionMicros,
                serviceThreads,
                length);
        return new QueueSizing((int) length, perTransaction * length, formula);
    }

    /** A length given directly, with the latency Little's law says it allows. */
    public static QueueSizing ofLength(int length, double transactionMicros, int serviceThreads) {
        OptionCheck.positive("--queue", length);
        OptionCheck.positive("--service-threads", serviceThreads);
        double latency = transactionMicros / serviceThreads * length;
        String formula = String.format(
                Locale.ROOT,
                "max latency = (transaction time / threads) * queue length = (%.1f us / %d) * %d = %.3f ms",
                transactionMicros,
                serviceThreads,
                length,
                latency / 1000.0);
        return new QueueSizing(length, latency, formula);
    }
}

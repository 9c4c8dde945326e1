package mechsym.core.concurrent;

/**
 * How a consumer waits for a sequence to become available: the trade between the CPU a waiting
 * consumer burns and how quickly it reacts. Pick one per ring buffer:
 *
 * <table>
 *   <caption>Wait strategies</caption>
 *   <tr><th>strategy</th><th>CPU while idle</th><th>reaction time</th><th>use when</th></tr>
 *   <tr><td>{@link BusySpinWaitStrategy}</td><td>one core per consumer, 100%</td><td>lowest,
 *       tens of nanoseconds</td><td>each consumer has a core of its own</td></tr>
 *   <tr><td>{@link YieldingWaitStrategy}</td><td>100%, but gives way to other threads</td><td>low,
 *       microseconds when cores are shared</td><td>latency matters and consumers may outnumber
 *       idle cores</td></tr>
 *   <tr><td>{@link SleepingWaitStrategy}</td><td>near zero after a short spin</td><td>up to the
 *       park time plus OS timer slack (about 50-100 microseconds)</td><td>background work, shared
 *       machines</td></tr>
 *   <tr><td>{@link BlockingWaitStrategy}</td><td>zero</td><td>a thread wake-up, several
 *       microseconds; producers take a lock on every publish</td><td>throughput over latency,
 *       CPU is scarce</td></tr>
 * </table>
 *
 * <p>Every strategy still spins (with {@link Thread#onSpinWait()}) in one case: when the producer
 * has published but the upstream consumers a barrier depends on have not finished the sequence
 * yet, the wait is for another consumer, which no lock is signalled for. Producers never use the
 * wait strategy: a producer that finds the ring full parks briefly and retries.
 *
 * <p>Instances are thread-safe and may be shared by every barrier of one ring buffer.
 */
public sealed interface WaitStrategy
        permits BusySpinWaitStrategy, YieldingWaitStrategy, SleepingWaitStrategy, BlockingWaitStrategy {

    /**
     * Waits until every sequence {@code barrier} depends on has reached {@code sequence}, or the
     * barrier is alerted. Called by the barrier on its consumer thread; use {@link
     * SequenceBarrier#waitFor(long)} instead.
     *
     * @return the smallest dependent sequence, at least {@code sequence}; or a value below {@code
     *     sequence} if the barrier was alerted
     */
    long waitFor(long sequence, SequenceBarrier barrier);

    /**
     * Wakes consumers blocked in {@link #waitFor}; called by the ring buffer after each publish and
     * by {@link SequenceBarrier#alert()}. A no-op except for {@link BlockingWaitStrategy}.
     */
    void signalAllWhenBlocking();
}

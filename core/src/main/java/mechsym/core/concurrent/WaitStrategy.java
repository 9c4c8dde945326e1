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
 * <p><b>Where every strategy spins.</b> The table holds while a consumer waits for the cursor. In
 * two cases the consumer's barrier spins instead (a loop with {@link Thread#onSpinWait()}, one core
 * at 100%, whatever the strategy, {@link BlockingWaitStrategy} included):
 *
 * <ul>
 *   <li>behind other consumers: the producer has published but the upstream consumers a barrier
 *       depends on (a later pipeline stage's) have not finished the sequence yet; no lock is
 *       signalled for a consumer's progress;
 *   <li>on a multi-producer ring, behind a claim: there the cursor counts claims, so once a later
 *       sequence is claimed the strategy returns at once, and the barrier spins until the producer
 *       that claimed the awaited sequence publishes it. A producer descheduled, or slow, between
 *       {@code next()} and {@code publish} keeps every consumer spinning that long; keep that
 *       stretch short, or use a single-producer ring.
 * </ul>
 *
 * <p>Producers never use the wait strategy: a producer that finds the ring full parks briefly
 * (about 50 microseconds) and retries.
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

/**
 * Inter-thread hand-off without locks on the hot path: padded sequences, bounded queues, a
 * ring buffer of pre-allocated events and the strategies its consumers wait with.
 *
 * <h2>Which type to use</h2>
 *
 * <ul>
 *   <li>{@link mechsym.core.concurrent.Sequence}: one {@code long} alone on its cache lines, read
 *       and written with an explicit memory order. The building block of everything else.
 *   <li>{@link mechsym.core.concurrent.SpscQueue}: one producer thread hands objects to one
 *       consumer thread.
 *   <li>{@link mechsym.core.concurrent.MpscQueue}: many producer threads hand objects to one
 *       consumer thread.
 *   <li>{@link mechsym.core.concurrent.RingBuffer}: producers fill pre-allocated events in place
 *       and one or more {@link mechsym.core.concurrent.BatchEventProcessor}s consume them in
 *       batches, as pipelines (stage two sees an event only after stage one) or fan-out (every
 *       consumer sees every event). Nothing is allocated per event.
 * </ul>
 *
 * <h2>Vocabulary and threading model</h2>
 *
 * <p>Memory orders use the JDK's {@link java.lang.invoke.VarHandle} access-mode names: <em>plain</em>
 * (no ordering, may be torn on 32-bit JVMs for {@code long}), <em>opaque</em> (coherent, no
 * ordering of other accesses), <em>release</em> / <em>acquire</em> (a release write and an acquire
 * read that sees it form a happens-before edge), <em>volatile</em> (sequentially consistent). A
 * release write pairs with an acquire read and a volatile write with a volatile read; any other
 * pairing is either a data race or synchronisation paid for and not used. The seeds' "lazySet" or
 * "ordered store" is today's release write.
 *
 * <p>Every structure here is <em>bounded</em>: it never grows. A full queue refuses an offer
 * ({@code false}); a full ring buffer makes {@link mechsym.core.concurrent.RingBuffer#tryNext()}
 * return {@code -1} and {@link mechsym.core.concurrent.RingBuffer#next()} wait. That refusal is the
 * back pressure: the caller decides whether to retry, drop or report overload. Queues and ring
 * buffers report their occupancy ({@code size()}) and can call a {@link
 * mechsym.core.concurrent.ThresholdListener} when it crosses a fill level (say 70%), on the producer
 * side: one mechanism for both.
 *
 * <p>Each type states which threads may call which method. Calling a single-thread method from
 * two threads at once is not detected and corrupts the structure; the classes favour speed over
 * such checks, like the JDK's unsynchronised collections.
 *
 * <p>No allocation, boxing or lambda capture happens on the hot paths ({@code offer}, {@code poll},
 * {@code drain}, {@code next}, {@code publish}, the processors' loop). No {@code Unsafe},
 * no {@code jdk.internal}: only {@link java.lang.invoke.VarHandle} access modes.
 */
package mechsym.core.concurrent;

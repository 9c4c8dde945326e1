/**
 * mechsym core: the library people embed.
 *
 * <p>Packages: {@code mechsym.core.memory} (record layouts and flyweights over off-heap memory),
 * {@code mechsym.core.codec} (buffers, framing, UTF-8), {@code mechsym.core.concurrent}
 * (sequences, queues, ring buffer), {@code mechsym.core.pool} (a bounded object pool). No third-party runtime dependency, no {@code Unsafe}:
 * off-heap access goes through the FFM API ({@code MemorySegment}, {@code Arena}) and memory
 * ordering through {@code VarHandle} access modes. Each public type states its thread safety,
 * memory ordering and bounds behaviour in its Javadoc.
 */
package mechsym.core;

/**
 * Off-heap records: a layout declared once, flyweights over it, and storage in an arena or a
 * memory-mapped file — the "compact off-heap structures" of the seed post (seed 000) without
 * {@code Unsafe}.
 *
 * <p>Vocabulary:
 *
 * <ul>
 *   <li>{@link mechsym.core.memory.RecordLayout}: named, typed fields at computed offsets, packed
 *       or naturally aligned, with a descriptor and a 64-bit fingerprint.
 *   <li>Field handles ({@link mechsym.core.memory.LongField}, {@link
 *       mechsym.core.memory.BytesField}, ...): taken from a layout into {@code static final}
 *       fields, so the JIT sees constants and each access is a plain load or store through an FFM
 *       {@code ValueLayout}.
 *   <li>{@link mechsym.core.memory.Flyweight}: the base of the user's record class; a movable
 *       window onto one record.
 *   <li>{@link mechsym.core.memory.RecordStore}: the records, array-of-structures or columnar, in
 *       an arena or a mapped file with a header (magic, version, layout fingerprint, count).
 *   <li>{@link mechsym.core.memory.OffHeapMemory}: fresh memory with transparent huge pages and
 *       pre-touching, through FFM downcalls, best effort.
 * </ul>
 *
 * <p>Threading model: layouts and field handles are immutable and shared freely; a flyweight
 * belongs to one thread; a store has one writer and publishes its size with a release store that
 * readers pair with an acquire load (see {@link mechsym.core.memory.RecordStore}). Every access
 * is bounds-checked and liveness-checked by the FFM API: misuse throws, it never crashes the JVM.
 * Scans allocate nothing.
 */
package mechsym.core.memory;

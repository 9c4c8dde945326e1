/**
 * Object pools: objects made once and handed out again, instead of allocated per use.
 *
 * <p>{@link mechsym.core.pool.ObjectPool} is a bounded LIFO stack of ready objects for one thread.
 * It is filled when built; {@code acquire} and {@code release} allocate nothing. When it is empty it
 * either returns {@code null} ({@link mechsym.core.pool.ObjectPool.WhenEmpty#RETURN_NULL}: a fixed
 * pool) or makes a new object ({@link mechsym.core.pool.ObjectPool.WhenEmpty#ALLOCATE}: the "mixed"
 * pool of the packet-analyser post, which also drops what comes back while it is full). It counts
 * what it handed out and what came back, so a leak (an object acquired and never released) is
 * reported by {@link mechsym.core.pool.ObjectPool#leakCheck()}.
 */
package mechsym.core.pool;

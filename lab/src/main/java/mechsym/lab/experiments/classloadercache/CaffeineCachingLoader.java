package mechsym.lab.experiments.classloadercache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * The post's GuavaCaching with today's choice of cache: a decorator that answers {@code loadClass}
 * from a bounded Caffeine cache (10,000 names) in front of its delegate. Thread-safe.
 */
final class CaffeineCachingLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final ClassLoader delegate;
    private final Cache<String, Class<?>> classes =
            Caffeine.newBuilder().maximumSize(10_000).build();

    CaffeineCachingLoader(ClassLoader delegate) {
        super(null);
        this.delegate = delegate;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        Class<?> c = classes.getIfPresent(name);
        if (c == null) {
            c = delegate.loadClass(name); // outside the cache's compute: a miss may throw
            classes.put(name, c);
        }
        return c;
    }
}

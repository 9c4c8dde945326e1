package mechsym.lab.experiments.classloadercache;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The post's ChmCaching: a decorator that answers {@code loadClass} from a {@link ConcurrentHashMap}
 * of the classes its delegate returned before, and asks the delegate (under whatever lock the
 * delegate takes) only for a name it has not seen. No eviction: a class stays as long as the
 * decorator. Caches classes the delegate got from its parents too, which the ClassLoader contract
 * allows (a loader must return the same class for a name once it has returned one). Thread-safe.
 */
final class ChmCachingLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final ClassLoader delegate;
    private final ConcurrentHashMap<String, Class<?>> classes = new ConcurrentHashMap<>();

    ChmCachingLoader(ClassLoader delegate) {
        super(null);
        this.delegate = delegate;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        Class<?> c = classes.get(name);
        if (c == null) {
            c = delegate.loadClass(name);
            Class<?> raced = classes.putIfAbsent(name, c);
            return raced != null ? raced : c;
        }
        return c;
    }
}

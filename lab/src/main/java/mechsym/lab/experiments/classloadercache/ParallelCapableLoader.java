package mechsym.lab.experiments.classloadercache;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The JDK's own fix since 7: a loader registered as parallel capable, so {@code loadClass} locks per
 * class name ({@code getClassLoadingLock(name)}) instead of on the loader, and finds a class it
 * loaded before in the JVM's table ({@code findLoadedClass}) without asking anyone. It owns the JARs
 * it is given (here the {@link OwnedJar}) and delegates the rest to its parent. Thread-safe.
 */
final class ParallelCapableLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    ParallelCapableLoader(URL[] jars, ClassLoader parent) {
        super(jars, parent);
    }

    /** Whether this class really got parallel capability (a subclass must register itself). */
    boolean parallelCapable() {
        return isRegisteredAsParallelCapable();
    }
}

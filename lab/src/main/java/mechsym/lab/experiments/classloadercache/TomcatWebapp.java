package mechsym.lab.experiments.classloadercache;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.loader.WebappLoader;
import org.apache.catalina.startup.Tomcat;

/**
 * A real embedded Tomcat with one web application whose {@code WEB-INF/lib} holds the {@link
 * OwnedJar}; its class loader is the one Tomcat gives a web application, of the class named. No
 * connector is created, so no port is bound. {@link #close} stops Tomcat and deletes its folders.
 * Not thread-safe to start or stop; the loader it gives is used from any thread.
 */
final class TomcatWebapp implements Closeable {
    private final Tomcat tomcat;
    private final Path base;
    private final ClassLoader loader;

    /**
     * Starts Tomcat in a new folder under {@code parent}.
     *
     * @param loaderClass {@code org.apache.catalina.loader.WebappClassLoader} (loadClass under one
     *     lock) or {@code ParallelWebappClassLoader} (registered parallel capable)
     */
    TomcatWebapp(Path parent, String loaderClass) throws IOException, LifecycleException {
        Files.createDirectories(parent);
        base = Files.createTempDirectory(parent, "tomcat-");
        Path docBase = Files.createDirectories(base.resolve("webapp"));
        OwnedJar.write(docBase.resolve("WEB-INF/lib/owned.jar"));
        tomcat = new Tomcat();
        tomcat.setSilent(true);
        tomcat.setBaseDir(base.resolve("work").toString());
        Context context = tomcat.addContext("", docBase.toString());
        WebappLoader webappLoader = new WebappLoader();
        webappLoader.setLoaderClass(loaderClass);
        context.setLoader(webappLoader);
        tomcat.start();
        loader = context.getLoader().getClassLoader();
    }

    ClassLoader loader() {
        return loader;
    }

    @Override
    public void close() throws IOException {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IOException("stopping Tomcat under " + base + ": " + e.getMessage(), e);
        } finally {
            delete(base);
        }
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

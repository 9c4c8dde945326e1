package mechsym.lab.experiments.classloadercache;

import java.io.Closeable;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/** The class loaders of the experiment by name, each with what must be stopped when it is done. */
final class Loaders {
    /**
     * JVM flags for forks that start the Tomcats: their memory-leak checks on stop read JDK internals
     * (Tomcat 8.0.0-RC1 fails to stop without them; Tomcat 11 warns).
     */
    static final java.util.List<String> TOMCAT_FLAGS = java.util.List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.rmi/sun.rmi.transport=ALL-UNNAMED");

    static final String WEBAPP = "org.apache.catalina.loader.WebappClassLoader";
    static final String PARALLEL_WEBAPP = "org.apache.catalina.loader.ParallelWebappClassLoader";

    /** A loader and what to close after it (Tomcat, folders). */
    record Opened(ClassLoader loader, Closeable resources) implements Closeable {
        @Override
        public void close() throws IOException {
            resources.close();
        }
    }

    private Loaders() {}

    /** Opens the loader named {@code name} with its folders under {@code work}. */
    static Opened open(String name, Path work) throws Exception {
        return switch (name) {
            case "tomcat8-webapp" -> {
                Tomcat8Webapp webapp = new Tomcat8Webapp(work);
                yield new Opened(webapp.loader(), webapp);
            }
            case "tomcat-webapp" -> tomcat(work, WEBAPP, null);
            case "tomcat-parallel" -> tomcat(work, PARALLEL_WEBAPP, null);
            case "chm-cache" -> tomcat(work, WEBAPP, "chm");
            case "caffeine-cache" -> tomcat(work, WEBAPP, "caffeine");
            case "parallel-capable" -> {
                Files.createDirectories(work);
                Path dir = Files.createTempDirectory(work, "jar-");
                Path jar = OwnedJar.write(dir.resolve("owned.jar"));
                ParallelCapableLoader loader =
                        new ParallelCapableLoader(new URL[] {jar.toUri().toURL()}, Loaders.class.getClassLoader());
                if (!loader.parallelCapable()) {
                    throw new IllegalStateException("ParallelCapableLoader is not registered as parallel capable");
                }
                yield new Opened(loader, () -> {
                    loader.close();
                    TomcatWebapp.delete(dir);
                });
            }
            default -> throw new IllegalArgumentException("unknown loader '" + name + "'");
        };
    }

    private static Opened tomcat(Path work, String loaderClass, String cache) throws Exception {
        TomcatWebapp webapp = new TomcatWebapp(work, loaderClass);
        ClassLoader loader = webapp.loader();
        if (!loader.getClass().getName().equals(loaderClass)) {
            webapp.close();
            throw new IllegalStateException("Tomcat gave a " + loader.getClass().getName() + ", not " + loaderClass);
        }
        ClassLoader front = cache == null
                ? loader
                : cache.equals("chm") ? new ChmCachingLoader(loader) : new CaffeineCachingLoader(loader);
        return new Opened(front, webapp);
    }
}

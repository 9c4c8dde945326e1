package mechsym.lab.experiments.classloadercache;

import java.io.Closeable;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

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
                yield opened(webapp, webapp::loader);
            }
            case "tomcat-webapp" -> tomcat(work, WEBAPP, null);
            case "tomcat-parallel" -> tomcat(work, PARALLEL_WEBAPP, null);
            case "chm-cache" -> tomcat(work, WEBAPP, "chm");
            case "caffeine-cache" -> tomcat(work, WEBAPP, "caffeine");
            case "parallel-capable" -> {
                Files.createDirectories(work);
                Path dir = Files.createTempDirectory(work, "jar-");
                AtomicReference<ParallelCapableLoader> made = new AtomicReference<>();
                Closeable resources = () -> {
                    if (made.get() != null) {
                        made.get().close();
                    }
                    TomcatWebapp.delete(dir);
                };
                yield opened(resources, () -> {
                    Path jar = OwnedJar.write(dir.resolve("owned.jar"));
                    made.set(
                            new ParallelCapableLoader(new URL[] {jar.toUri().toURL()}, Loaders.class.getClassLoader()));
                    if (!made.get().parallelCapable()) {
                        throw new IllegalStateException("ParallelCapableLoader is not registered as parallel capable");
                    }
                    return made.get();
                });
            }
            default -> throw new IllegalArgumentException("unknown loader '" + name + "'");
        };
    }

    private static Opened tomcat(Path work, String loaderClass, String cache) throws Exception {
        TomcatWebapp webapp = new TomcatWebapp(work, loaderClass);
        return opened(webapp, () -> {
            ClassLoader loader = webapp.loader();
            if (!loader.getClass().getName().equals(loaderClass)) {
                throw new IllegalStateException(
                        "Tomcat gave a " + loader.getClass().getName() + ", not " + loaderClass);
            }
            return cache == null
                    ? loader
                    : cache.equals("chm") ? new ChmCachingLoader(loader) : new CaffeineCachingLoader(loader);
        });
    }

    /** Makes a loader; may fail after {@code resources} were opened. */
    interface LoaderStep {
        ClassLoader make() throws Exception;
    }

    /**
     * The loader {@code step} makes, with {@code resources} to close after it; when the step fails,
     * {@code resources} are closed at once (a failure to close is added to the step's as suppressed).
     */
    static Opened opened(Closeable resources, LoaderStep step) throws Exception {
        try {
            return new Opened(step.make(), resources);
        } catch (Exception | Error e) {
            try {
                resources.close();
            } catch (IOException | RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }
}

package mechsym.lab.experiments.classloadercache;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The post's Tomcat: an embedded Tomcat 8.0.0-RC1 (whose {@code WebappClassLoader.loadClass} is
 * declared synchronized) with one web application whose {@code WEB-INF/lib} holds the {@link
 * OwnedJar}. Its JARs ({@code tomcat-embed-core} and {@code tomcat-juli} 8.0.0-RC1, copied into the
 * lab JAR by the build under {@value #RESOURCES}) are loaded in a class loader of their own, so the
 * two Tomcats never meet on the class path; it is driven by reflection for the same reason.
 *
 * <p>Its {@code Tomcat.start()} always creates an HTTP connector: it is bound to an ephemeral port
 * (0) and stopped with the rest. {@link #close} stops Tomcat and deletes its folders. Not
 * thread-safe to start or stop; the loader it gives is used from any thread.
 */
final class Tomcat8Webapp implements Closeable {
    static final String RESOURCES = "/tomcat8/";
    private static final String[] JARS = {"tomcat-embed-core.jar", "tomcat-juli.jar"};
    /** Held so that the level set on it stays (JUL keeps loggers weakly). */
    private static final Logger TOMCAT_LOGGER = Logger.getLogger("org.apache");

    private final Path base;
    private final URLClassLoader tomcatJars;
    private final Object tomcat;
    private final ClassLoader loader;

    Tomcat8Webapp(Path parent) throws Exception {
        TOMCAT_LOGGER.setLevel(Level.WARNING);
        Files.createDirectories(parent);
        base = Files.createTempDirectory(parent, "tomcat8-");
        Path docBase = Files.createDirectories(base.resolve("webapp"));
        OwnedJar.write(docBase.resolve("WEB-INF/lib/owned.jar"));
        URL[] urls = new URL[JARS.length];
        for (int i = 0; i < JARS.length; i++) {
            urls[i] = extract(JARS[i], base.resolve("lib")).toUri().toURL();
        }
        tomcatJars = new URLClassLoader("tomcat-8.0.0-RC1", urls, ClassLoader.getPlatformClassLoader());
        Class<?> tomcatClass = tomcatJars.loadClass("org.apache.catalina.startup.Tomcat");
        tomcat = tomcatClass.getConstructor().newInstance();
        tomcatClass
                .getMethod("setBaseDir", String.class)
                .invoke(tomcat, base.resolve("work").toString());
        tomcatClass.getMethod("setPort", int.class).invoke(tomcat, 0);
        Object context =
                tomcatClass.getMethod("addContext", String.class, String.class).invoke(tomcat, "", docBase.toString());
        Class<?> webappLoaderClass = tomcatJars.loadClass("org.apache.catalina.loader.WebappLoader");
        Object webappLoader =
                webappLoaderClass.getConstructor(ClassLoader.class).newInstance(tomcatJars);
        tomcatJars
                .loadClass("org.apache.catalina.Context")
                .getMethod("setLoader", tomcatJars.loadClass("org.apache.catalina.Loader"))
                .invoke(context, webappLoader);
        tomcatClass.getMethod("start").invoke(tomcat);
        loader = (ClassLoader) webappLoaderClass.getMethod("getClassLoader").invoke(webappLoader);
    }

    /** Whether the lab JAR carries the Tomcat 8 JARs (the build copies them; an IDE build may not). */
    static boolean available() {
        return Tomcat8Webapp.class.getResource(RESOURCES + JARS[0]) != null;
    }

    private static Path extract(String jar, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(jar);
        try (InputStream in = Tomcat8Webapp.class.getResourceAsStream(RESOURCES + jar)) {
            if (in == null) {
                throw new IOException(
                        RESOURCES + jar + " is not in the lab JAR (the build copies it from Maven Central)");
            }
            Files.copy(in, file);
        }
        return file;
    }

    ClassLoader loader() {
        return loader;
    }

    @Override
    public void close() throws IOException {
        try {
            Class<?> tomcatClass = tomcat.getClass();
            tomcatClass.getMethod("stop").invoke(tomcat);
            tomcatClass.getMethod("destroy").invoke(tomcat);
            tomcatJars.close();
        } catch (ReflectiveOperationException e) {
            throw new IOException("stopping Tomcat 8 under " + base + ": " + e.getMessage(), e);
        } finally {
            TomcatWebapp.delete(base);
        }
    }
}

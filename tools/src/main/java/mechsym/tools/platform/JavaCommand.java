package mechsym.tools.platform;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code java ...} command line for a JVM mechsym starts: this JVM's own {@code java} executable
 * with the {@linkplain JvmFlags#REQUIRED required flags} first, then the caller's flags, then what
 * it runs (a main class on a class path, or a jar) and its arguments. Every JVM the lab and the
 * tools start is built here, so none misses a required flag. Not thread-safe; each call to {@link
 * #build} returns a new immutable list.
 */
public final class JavaCommand {
    private final List<String> flags = new ArrayList<>();
    private final List<String> target = new ArrayList<>();
    private final List<String> args = new ArrayList<>();

    private JavaCommand() {}

    /** A command that runs {@code mainClass} from {@code classPath}. */
    public static JavaCommand main(String classPath, String mainClass) {
        JavaCommand command = new JavaCommand();
        command.target.addAll(List.of("-cp", classPath, mainClass));
        return command;
    }

    /** A command that runs {@code mainClass} on this JVM's class path. */
    public static JavaCommand main(String mainClass) {
        return main(System.getProperty("java.class.path"), mainClass);
    }

    /** A command that runs an executable jar. */
    public static JavaCommand jar(Path jar) {
        JavaCommand command = new JavaCommand();
        command.target.addAll(List.of("-jar", jar.toString()));
        return command;
    }

    /** The {@code java} executable of the JVM running this code (JDK 25, never the system's default). */
    public static String executable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** JVM flags, after the required ones and before the class path. */
    public JavaCommand flags(List<String> more) {
        flags.addAll(more);
        return this;
    }

    /** JVM flags, after the required ones and before the class path. */
    public JavaCommand flags(String... more) {
        return flags(List.of(more));
    }

    /** Arguments of the main class or jar. */
    public JavaCommand args(List<String> more) {
        args.addAll(more);
        return this;
    }

    /** Arguments of the main class or jar. */
    public JavaCommand args(String... more) {
        return args(List.of(more));
    }

    /** The command line: executable, required flags, flags, what it runs, arguments. */
    public List<String> build() {
        List<String> command = new ArrayList<>();
        command.add(executable());
        command.addAll(JvmFlags.REQUIRED);
        command.addAll(flags);
        command.addAll(target);
        command.addAll(args);
        return List.copyOf(command);
    }
}

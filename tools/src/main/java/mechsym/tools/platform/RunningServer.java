package mechsym.tools.platform;

import java.time.Duration;

/**
 * A server that serves on threads of its own from construction until {@link #close()}: ping, echo,
 * the gateway, jms-service. One contract, so the cli serves every one of them the same way and the
 * lab and tests stop them the same way.
 *
 * <p>{@link #close()} stops accepting, stops every thread the server started and joins each within
 * {@link #STOP_DEADLINE}; a thread that did not stop is named in the {@link ThreadsDidNotStop} it
 * throws (after every other resource was released). Closing twice is a no-op. Thread-safe.
 */
public interface RunningServer extends AutoCloseable {
    /** How long {@link #close()} waits for the server's threads in all. */
    Duration STOP_DEADLINE = Duration.ofSeconds(2);

    /** Where clients reach it, as the user would type it: {@code host:port}, a URL or a file. */
    String address();

    /** One line of what it did, printed when it stops: counts, errors. */
    String summary();

    @Override
    void close();

    /** Thrown by {@link #close()} when threads outlived {@link #STOP_DEADLINE}. */
    final class ThreadsDidNotStop extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        public ThreadsDidNotStop(String server, java.util.List<String> threadNames) {
            super(server + ": threads did not stop within " + STOP_DEADLINE.toMillis() + " ms: "
                    + String.join(", ", threadNames));
        }
    }
}

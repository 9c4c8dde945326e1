package mechsym.tools;

/**
 * A server's stop action, run exactly once: when its owner closes the server, or at JVM exit
 * (Ctrl-C) if it never did. Thread-safe: {@link #stop()} may be called from any thread, more than
 * once; the first call runs the action, later ones wait for it to finish and return.
 */
public final class StopOnce {
    private final Runnable action;
    private final Thread hook;
    private boolean stopped;

    private StopOnce(String name, Runnable action) {
        this.action = action;
        this.hook = new Thread(this::runOnce, name);
    }

    /** Registers {@code action} to run at JVM exit, or at {@link #stop()} if that comes first. */
    public static StopOnce atExit(String threadName, Runnable action) {
        StopOnce once = new StopOnce(threadName, action);
        Runtime.getRuntime().addShutdownHook(once.hook);
        return once;
    }

    /** Runs the action now unless it has run, and takes it off JVM exit. */
    public void stop() {
        runOnce();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting: the hook is running or has run
        }
    }

    private synchronized void runOnce() {
        if (stopped) {
            return;
        }
        stopped = true;
        action.run();
    }
}

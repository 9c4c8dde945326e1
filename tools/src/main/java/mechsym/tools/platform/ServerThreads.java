package mechsym.tools.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The threads one server started, so that its close joins every one of them (Aeron's
 * {@code AgentRunner.close()} shape): {@link #start} names and starts a platform thread,
 * {@link #joinAll} waits for all of them within one deadline and names those still alive.
 * Thread-safe.
 */
public final class ServerThreads {
    private final String server;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    public ServerThreads(String server) {
        this.server = server;
    }

    /**
     * Starts {@code body} on a new platform thread called {@code name}; daemon, so it never holds the JVM.
     * Threads that have ended are forgotten here, so a server that starts a thread per client keeps
     * only the live ones.
     */
    public Thread start(String name, Runnable body) {
        return start(Thread.ofPlatform().daemon().name(name).unstarted(body));
    }

    /**
     * Starts {@code thread}, made by the caller (a pool's thread factory, a library's executor), and
     * joins it on {@link #joinAll} like the others.
     */
    public Thread start(Thread thread) {
        adopt(thread);
        thread.start();
        return thread;
    }

    /** Joins {@code thread} (not yet started, started by someone else later) on {@link #joinAll}. */
    public Thread adopt(Thread thread) {
        threads.removeIf(t -> t.getState() == Thread.State.TERMINATED);
        threads.add(thread);
        return thread;
    }

    /** The threads started or adopted and not yet seen ended, for accounting (CPU time). */
    public List<Thread> threads() {
        return List.copyOf(threads);
    }

    /**
     * Joins every started thread (but the caller's own) within {@link RunningServer#STOP_DEADLINE} in
     * all, interrupting those still alive halfway; throws {@link RunningServer.ThreadsDidNotStop}
     * naming those that outlived it.
     */
    public void joinAll() {
        long deadline = System.nanoTime() + RunningServer.STOP_DEADLINE.toNanos();
        long halfway = System.nanoTime() + RunningServer.STOP_DEADLINE.toNanos() / 2;
        boolean interrupted = false;
        for (Thread thread : threads) {
            if (thread == Thread.currentThread()) {
                continue;
            }
            try {
                long untilHalfway = halfway - System.nanoTime();
                if (untilHalfway > 0) {
                    thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(untilHalfway)));
                }
                if (thread.isAlive()) {
                    thread.interrupt();
                    long left = deadline - System.nanoTime();
                    if (left > 0) {
                        thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                    }
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        List<String> alive = new ArrayList<>();
        for (Thread thread : threads) {
            if (thread != Thread.currentThread() && thread.isAlive()) {
                alive.add(thread.getName());
            }
        }
        if (!alive.isEmpty()) {
            throw new RunningServer.ThreadsDidNotStop(server, alive);
        }
    }
}

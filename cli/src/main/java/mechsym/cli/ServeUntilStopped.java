package mechsym.cli;

import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import mechsym.tools.platform.RunningServer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * "Serve until stopped", the one way every server command ends (Agrona's
 * {@code ShutdownSignalBarrier} shape): the calling thread waits for Ctrl-C (SIGINT) or SIGTERM,
 * then closes the server (which joins its threads), prints the server's summary line and returns
 * {@link Main#EXIT_OK}, so a stopped server exits 0 as the help says. Signals are caught with
 * {@code sun.misc.Signal} (module jdk.unsupported) rather than a shutdown hook, so the close runs on
 * the main thread with every other shutdown hook still to come, and the exit code stays ours.
 */
final class ServeUntilStopped {
    private ServeUntilStopped() {}

    /** Waits for SIGINT or SIGTERM, closes {@code server}, prints its summary on {@code err}. */
    static int serve(RunningServer server, PrintStream err) {
        return serve(server, err, new CompletableFuture<>());
    }

    /**
     * As {@link #serve(RunningServer, PrintStream)}, printing {@code ready} once the signals are caught:
     * a user or script that stops the server on seeing that line is never early.
     */
    static int serve(RunningServer server, PrintStream err, String ready) {
        return serve(server, err, new CompletableFuture<>(), () -> err.println(ready));
    }

    /**
     * As {@link #serve(RunningServer, PrintStream)}, but also stops when {@code ended} completes (the
     * server ended by itself: its time is up, it lost what it serves, it failed): then the exit code
     * is the one {@code ended} holds.
     */
    static int serve(RunningServer server, PrintStream err, CompletableFuture<Integer> ended) {
        return serve(server, err, ended, () -> {});
    }

    /**
     * As {@link #serve(RunningServer, PrintStream, CompletableFuture)}, running {@code ready} (which
     * prints that the server is up) once the signals are caught: whoever reads that line and sends
     * SIGTERM then gets the orderly stop, never the JVM's default exit 143.
     */
    static int serve(RunningServer server, PrintStream err, CompletableFuture<Integer> ended, Runnable ready) {
        CountDownLatch stopped = new CountDownLatch(1);
        Signal interrupt = new Signal("INT");
        Signal terminate = new Signal("TERM");
        SignalHandler previousInterrupt = Signal.handle(interrupt, _ -> stopped.countDown());
        SignalHandler previousTerminate = Signal.handle(terminate, _ -> stopped.countDown());
        ended.whenComplete((_, _) -> stopped.countDown());
        ready.run();
        boolean interrupted = false;
        while (stopped.getCount() > 0) {
            try {
                stopped.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        try {
            server.close();
        } catch (RunningServer.ThreadsDidNotStop e) {
            err.println("mechsym: " + e.getMessage());
        }
        err.println(server.summary());
        // served in-process (a test, a command run twice): the JVM's signals are its own again
        Signal.handle(interrupt, previousInterrupt);
        Signal.handle(terminate, previousTerminate);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return ended.isDone() && !ended.isCompletedExceptionally() ? ended.join() : Main.EXIT_OK;
    }
}

package mechsym.tools.platform;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * How a child JVM of mechsym notices that its parent is gone: its standard input is a pipe whose
 * only writing end the parent holds, so end of file on stdin means the parent closed it (asking the
 * child to stop) or died, {@code kill -9} included (the kernel closes its files). See {@link
 * ChildProcess.ParentWatch#STDIN}.
 *
 * <p>One daemon thread per JVM reads stdin to its end and discards what it reads. A main that stops
 * gracefully waits with {@link #await()}; any other child is ended by {@link #exitWhenClosed()}
 * (System.exit, so shutdown hooks run). {@link #main} runs another main class with the exit already
 * armed: {@code java ... mechsym.tools.platform.ExitOnStdinClose MAIN_CLASS ARGS...}, which is how the
 * lab's forked JVMs are started. Thread-safe.
 */
public final class ExitOnStdinClose {
    /** The exit status of a child whose parent went away without stopping it. */
    public static final int PARENT_GONE_STATUS = 143;

    private static final CountDownLatch CLOSED = new CountDownLatch(1);
    private static boolean reading;
    private static volatile boolean mainStopsItself;

    private ExitOnStdinClose() {}

    /** Ends this JVM with {@value #PARENT_GONE_STATUS} when stdin closes, unless a main is {@link #await}ing it. */
    public static void exitWhenClosed() {
        startReading();
        Thread.ofPlatform().daemon().name("exit-on-stdin-close").start(() -> {
            try {
                CLOSED.await();
            } catch (InterruptedException e) {
                return;
            }
            if (!mainStopsItself) {
                System.err.println("mechsym: stdin closed (the parent stopped or died): exiting");
                System.exit(PARENT_GONE_STATUS);
            }
        });
    }

    /** Blocks until stdin closes; the caller then stops by itself (no System.exit from here). */
    public static void await() throws InterruptedException {
        mainStopsItself = true;
        startReading();
        CLOSED.await();
    }

    private static synchronized void startReading() {
        if (reading) {
            return;
        }
        reading = true;
        InputStream in = System.in;
        Thread.ofPlatform().daemon().name("stdin-watch").start(() -> {
            byte[] buffer = new byte[256];
            try {
                while (in.read(buffer) >= 0) {
                    // any input is ignored: only its end matters
                }
            } catch (IOException e) {
                // a broken pipe means the same: the parent is gone
            }
            CLOSED.countDown();
        });
    }

    /**
     * Runs {@code args[0]}'s {@code main} with the rest of {@code args}, after arming {@link
     * #exitWhenClosed()}.
     */
    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            System.err.println("usage: ExitOnStdinClose MAIN_CLASS [ARGS...]");
            System.exit(2);
        }
        exitWhenClosed();
        Class<?> mainClass = Class.forName(args[0], true, ClassLoader.getSystemClassLoader());
        Method main = mainClass.getDeclaredMethod("main", String[].class);
        main.setAccessible(true);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause(); // as if the main had been started directly
        }
    }
}

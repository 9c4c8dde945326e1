package mechsym.lab;

import java.io.PrintStream;
import java.util.Locale;
import mechsym.tools.platform.TerminalText;

/**
 * Progress of long work: a bar redrawn in place on a terminal, plain lines otherwise (CI logs,
 * pipes). Written to stderr so stdout stays clean for results. Not thread-safe: call it from the
 * thread that runs the experiment.
 */
public final class Progress {
    private static final int BAR_WIDTH = 30;

    private final PrintStream out;
    private final boolean terminal;
    private final boolean quiet;
    private String prefix = "";
    private String task = "";
    private long total = 1;
    private boolean active;
    private long done;
    private int lastPercentPrinted = -1;
    private boolean barDrawn;
    private final long startNanos = System.nanoTime();

    public Progress(PrintStream out, boolean terminal, boolean quiet) {
        this.out = out;
        this.terminal = terminal;
        this.quiet = quiet;
    }

    /** Progress for the current process: a bar when stderr is a terminal. */
    public static Progress forConsole(boolean quiet) {
        // since JDK 22 System.console() exists when redirected too: ask whether it is a terminal
        java.io.Console console = System.console();
        boolean terminal = console != null && console.isTerminal() && System.getenv("CI") == null;
        return new Progress(System.err, terminal, quiet);
    }

    /** Progress that prints nothing (tests, forked children). */
    public static Progress silent() {
        return new Progress(System.err, false, true);
    }

    /** Sets the prefix shown before every line, e.g. "[2/5 memory-access]". */
    public void prefix(String prefix) {
        this.prefix = prefix;
    }

    /** Starts a task of {@code total} steps. */
    public void start(String taskName, long totalSteps) {
        this.task = taskName;
        this.total = Math.max(1, totalSteps);
        this.done = 0;
        this.lastPercentPrinted = -100; // so that 0% is printed
        this.active = true;
        draw();
    }

    public void step() {
        advance(1);
    }

    public void advance(long steps) {
        if (!active) {
            return;
        }
        done = Math.min(total, done + steps);
        draw();
    }

    /** A line of information between progress updates. */
    public void message(String line) {
        if (quiet) {
            return;
        }
        clearBar();
        out.println(elapsed() + " " + prefix + " " + TerminalText.escape(line));
        out.flush();
    }

    /** Ends the current task's bar. */
    public void finish() {
        if (!active) {
            return;
        }
        active = false;
        done = total;
        draw();
        if (terminal && barDrawn && !quiet) {
            out.println();
            barDrawn = false;
        }
    }

    private void draw() {
        if (quiet) {
            return;
        }
        int percent = (int) (100 * done / total);
        if (terminal) {
            int filled = (int) ((long) BAR_WIDTH * done / total);
            String bar = "#".repeat(filled) + "-".repeat(BAR_WIDTH - filled);
            out.print(String.format(Locale.ROOT, "\r%s %s [%s] %3d%% %s", elapsed(), prefix, bar, percent, task));
            out.print("\u001b[K");
            out.flush();
            barDrawn = true;
        } else if (percent / 25 != lastPercentPrinted / 25 || percent == 100 && lastPercentPrinted != 100) {
            lastPercentPrinted = percent;
            out.println(String.format(
                    Locale.ROOT, "%s %s %s: %d%% (%d/%d)", elapsed(), prefix, task, percent, done, total));
            out.flush();
        }
    }

    private void clearBar() {
        if (terminal && barDrawn) {
            out.print("\r\u001b[K");
            barDrawn = false;
        }
    }

    private String elapsed() {
        long s = (System.nanoTime() - startNanos) / 1_000_000_000L;
        return String.format(Locale.ROOT, "%02d:%02d", s / 60, s % 60);
    }
}

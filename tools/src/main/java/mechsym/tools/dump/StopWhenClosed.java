package mechsym.tools.dump;

import java.io.PrintStream;
import mechsym.tools.schema.MessageType;

/**
 * Passes each event on, and every {@value #CHECK_EVERY} events checks that the output still takes
 * them, throwing {@link OutputClosed} when it does not: without this, {@code dump big.bin | head}
 * formats every frame of the file (a PrintStream only records that its write failed). Not
 * thread-safe.
 */
public final class StopWhenClosed implements DumpListener {
    private static final int CHECK_EVERY = 256;
    private final PrintStream out;
    private final DumpListener next;
    private int events;

    public StopWhenClosed(PrintStream out, DumpListener next) {
        this.out = out;
        this.next = next;
    }

    /** Thrown when the output is closed: the reader has what it wanted. */
    public static final class OutputClosed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputClosed() {
            super("the output is closed", null, false, false);
        }
    }

    private void check() {
        if (++events % CHECK_EVERY == 0 && out.checkError()) {
            throw new OutputClosed();
        }
    }

    @Override
    public void message(long offset, MessageType type, int bodyLength, Object[] values) {
        check();
        next.message(offset, type, bodyLength, values);
    }

    @Override
    public void unknown(long offset, int typeId, int version, String typeName, int bodyLength, byte[] preview) {
        check();
        next.unknown(offset, typeId, version, typeName, bodyLength, preview);
    }

    @Override
    public void error(long offset, String reason) {
        check();
        next.error(offset, reason);
    }

    @Override
    public void resynchronised(long offset, long skipped) {
        check();
        next.resynchronised(offset, skipped);
    }

    @Override
    public void summary(DumpSummary summary) {
        next.summary(summary);
    }
}

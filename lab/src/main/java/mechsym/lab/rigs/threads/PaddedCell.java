package mechsym.lab.rigs.threads;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A {@code volatile long} alone on its 128 bytes (two cache lines a side, for the adjacent-line
 * prefetcher), padded by class hierarchy because the JVM may reorder the fields of one class but
 * keeps a superclass's fields before a subclass's. Access it as a volatile field or through
 * {@link #VALUE} with any access mode. Not a library type: the lab's experiments own their cells so
 * each reads like the post it repeats.
 */
public final class PaddedCell extends PaddedCellValue {
    /** The cell's value, for {@code setRelease}, {@code getAcquire}, {@code getAndAdd}, ... */
    public static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedCellValue.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16;

    public PaddedCell(long initial) {
        value = initial;
    }
}

abstract class PaddedCellLeftPad {
    long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
}

abstract class PaddedCellValue extends PaddedCellLeftPad {
    public volatile long value;
}

package mechsym.tools.asm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The post's point in three one-line methods: a volatile store is a {@code mov} followed by a
 * {@code lock addl $0,(%rsp)} fence; a release store ({@code VarHandle.setRelease}, or the post's
 * {@code AtomicLong.lazySet}) is the {@code mov} alone. {@link #main} runs them until C2 compiles
 * them; {@link #analyse} finds each store in the printed code and names the instruction after it.
 *
 * <p>Each method stores the constant {@link #MARK} ({@code 0x5eed}) so its store is the
 * instruction holding that immediate. The methods are kept out of line ({@link #JVM_ARGS}) so
 * each gets a compilation of its own. The class is a program for a child JVM; its static fields are
 * touched by its main thread only.
 */
public final class StoreDemo {
    /** The value every demo store writes: its immediate marks the store in the listing. */
    public static final long MARK = 0x5eed;

    static final String MARK_TEXT = "0x5eed";

    /** The method pattern for {@code -XX:CompileCommand=print}. */
    public static final String METHODS = StoreDemo.class.getName() + "::*Store";

    /**
     * Flags the demo needs: each store method compiled on its own (not inlined into main), by C2
     * only ({@code -XX:-TieredCompilation}) and before the call that triggered it returns ({@code
     * -Xbatch}), so a short run is sure to print C2 code.
     */
    public static final List<String> JVM_ARGS = List.of(
            "-XX:CompileCommand=dontinline," + METHODS,
            "-XX:-TieredCompilation",
            "-Xbatch",
            "-Xmx64m",
            "-XX:+UseSerialGC");

    /** The demo's methods, what each stores with, and whether the post expects a fence after it. */
    public enum Store {
        VOLATILE("volatileStore", "volatile field write (the post's volatile)", true),
        RELEASE("releaseStore", "VarHandle.setRelease", false),
        LAZY_SET("lazySetStore", "AtomicLong.lazySet (the post's ordered store)", false);

        private final String method;
        private final String how;
        private final boolean fenceExpected;

        Store(String method, String how, boolean fenceExpected) {
            this.method = method;
            this.how = how;
            this.fenceExpected = fenceExpected;
        }

        public String method() {
            return method;
        }

        public String how() {
            return how;
        }

        public boolean fenceExpected() {
            return fenceExpected;
        }
    }

    /** Cells written by the demo: one volatile field, one plain field written with release. */
    static final class Cell {
        volatile long volatileValue;
        long releaseValue;

        static final VarHandle RELEASE_VALUE;

        static {
            try {
                RELEASE_VALUE = MethodHandles.lookup().findVarHandle(Cell.class, "releaseValue", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    private StoreDemo() {}

    static void volatileStore(Cell cell) {
        cell.volatileValue = MARK;
    }

    static void releaseStore(Cell cell) {
        Cell.RELEASE_VALUE.setRelease(cell, MARK);
    }

    static void lazySetStore(AtomicLong counter) {
        counter.lazySet(MARK);
    }

    /** Calls each store method often enough for C2 (args: CALLS, default 50000). */
    public static void main(String[] args) {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        Cell cell = new Cell();
        AtomicLong counter = new AtomicLong();
        long check = 0;
        for (int i = 0; i < calls; i++) {
            volatileStore(cell);
            releaseStore(cell);
            lazySetStore(counter);
            check += cell.volatileValue + cell.releaseValue + counter.get();
        }
        if (check != 3 * MARK * (long) calls) {
            throw new IllegalStateException("the stores did not store: " + check);
        }
        System.out.println("stores done: " + calls + " calls of each");
    }

    /**
     * What C2 made of one store method.
     *
     * @param store which demo method
     * @param code its C2 instructions (the last C2 compilation printed)
     * @param storeIndex the index of the store in {@code code}, or -1 when not found
     */
    public record Finding(Store store, AsmListing.CompiledMethod code, int storeIndex) {
        /** The store instruction, or null. */
        public AsmListing.Instruction storeInstruction() {
            return storeIndex < 0 ? null : code.instructions().get(storeIndex);
        }

        /** The instruction right after the store, or null. */
        public AsmListing.Instruction next() {
            return storeIndex < 0 || storeIndex + 1 >= code.instructions().size()
                    ? null
                    : code.instructions().get(storeIndex + 1);
        }

        /** Whether a {@code lock addl} fence follows the store. */
        public boolean fenced() {
            AsmListing.Instruction next = next();
            return next != null && next.isStackFence();
        }

        /** Whether the code matches the post: a fence after a volatile store, none after the others. */
        public boolean asThePostSays() {
            return storeIndex >= 0 && fenced() == store.fenceExpected();
        }
    }

    /** Finds each demo store in a listing; a method C2 did not compile is left out. */
    public static List<Finding> analyse(AsmListing listing) {
        List<Finding> findings = new ArrayList<>();
        for (Store store : Store.values()) {
            List<AsmListing.CompiledMethod> compiled = listing.named(store.method()).stream()
                    .filter(m -> m.isC2() && !m.osr() && !m.instructions().isEmpty())
                    .toList();
            if (compiled.isEmpty()) {
                continue;
            }
            AsmListing.CompiledMethod code = compiled.getLast();
            findings.add(new Finding(store, code, storeIndex(code)));
        }
        return findings;
    }

    /** The store: the instruction writing the mark to memory (or the first memory write after a mark load). */
    static int storeIndex(AsmListing.CompiledMethod code) {
        int i = code.indexOf(MARK_TEXT);
        if (i < 0) {
            return -1;
        }
        for (int j = i; j < code.instructions().size(); j++) {
            if (code.instructions().get(j).writesMemory()) {
                return j;
            }
        }
        return -1;
    }
}

package mechsym.tools.asm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders compiled code for a person: one block per method, {@code lock}-prefixed instructions
 * marked, and for the {@link StoreDemo} each store labelled with what follows it. Stateless.
 */
public final class ListingPrinter {
    /** The label on lock-prefixed instructions. */
    public static final String LOCK_MARK = "<== LOCK";

    private ListingPrinter() {}

    /** A method's instructions, HotSpot's comments kept, lock-prefixed lines marked. */
    public static List<String> method(AsmListing.CompiledMethod method) {
        List<String> lines = new ArrayList<>();
        lines.add(title(method));
        for (AsmListing.Instruction insn : method.instructions()) {
            lines.add(line(
                    insn,
                    insn.isStackFence()
                            ? LOCK_MARK + ": full fence (lock add of 0 to the stack)"
                            : insn.isLocked() ? LOCK_MARK + ": atomic read-modify-write, also a full fence" : null));
        }
        long locked = method.lockedInstructions().size();
        lines.add(String.format(
                Locale.ROOT,
                "  (%d instructions, %d with the lock prefix)",
                method.instructions().size(),
                locked));
        return lines;
    }

    /** The demo: each store with the instructions around it, then a summary line per store. */
    public static List<String> demo(List<StoreDemo.Finding> findings) {
        List<String> lines = new ArrayList<>();
        for (StoreDemo.Finding f : findings) {
            lines.add(title(f.code()) + "   " + f.store().how());
            if (f.storeIndex() < 0) {
                lines.add("  (the store of " + StoreDemo.MARK_TEXT + " was not found in this code)");
                lines.addAll(method(f.code()).subList(1, f.code().instructions().size() + 1));
                lines.add("");
                continue;
            }
            int first = Math.max(0, f.storeIndex() - 3);
            for (AsmListing.Instruction insn : f.code().around(f.storeIndex(), 3, 3)) {
                int i = first++;
                String label = null;
                if (i == f.storeIndex()) {
                    label = "<-- the store";
                } else if (i == f.storeIndex() + 1) {
                    label = insn.isStackFence()
                            ? LOCK_MARK + ": the full fence after the store"
                            : "<-- after the store: no fence";
                } else if (insn.isLocked()) {
                    label = LOCK_MARK;
                }
                lines.add(line(insn, label));
            }
            lines.add("");
        }
        lines.add("Summary: the instruction after each store");
        for (StoreDemo.Finding f : findings) {
            AsmListing.Instruction next = f.next();
            lines.add(String.format(
                    Locale.ROOT,
                    "  %-46s %-30s then %s%s",
                    f.store().how(),
                    f.storeInstruction() == null
                            ? "(store not found)"
                            : f.storeInstruction().text(),
                    next == null ? "(nothing)" : next.text(),
                    f.fenced() ? "   <- fence" : "   <- no fence"));
        }
        return lines;
    }

    /** Whether every finding matches the post, and all three stores were found. */
    public static boolean asThePostSays(List<StoreDemo.Finding> findings) {
        return findings.size() == StoreDemo.Store.values().length
                && findings.stream().allMatch(StoreDemo.Finding::asThePostSays);
    }

    private static String title(AsmListing.CompiledMethod method) {
        return "== " + method.compiler().toUpperCase(Locale.ROOT) + " " + method.method()
                + (method.osr() ? " (OSR: the loop, entered while running)" : "") + " ==";
    }

    /** One instruction: address, text, then the label (if any), then HotSpot's comment shortened. */
    static String line(AsmListing.Instruction insn, String label) {
        StringBuilder b =
                new StringBuilder(String.format(Locale.ROOT, "  0x%016x:   %-34s", insn.address(), insn.text()));
        if (label != null) {
            b.append(' ').append(label);
        }
        String comment = shortComment(insn.comment());
        if (!comment.isEmpty()) {
            b.append("   ;").append(comment);
        }
        return b.toString().stripTrailing();
    }

    /** HotSpot's comment without the deoptimisation flags ({@code {reexecute=0 rethrow=0 return_oop=0}}). */
    static String shortComment(String comment) {
        return comment.replaceAll("\\s*\\{reexecute=\\d+ rethrow=\\d+ return_oop=\\d+}", "")
                .strip();
    }
}

package mechsym.lab.experiments.memoryaccess;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Verdict;

/**
 * The memory-access verdict from a run's medians: the post's order (linear &lt; random in a page &lt;
 * random over the heap) and its size, about an order of magnitude from the linear walk to the random
 * heap walk (10x on its Sandy Bridge, 29x and 64x on its older machines). Pure: figures in, verdict out.
 */
final class MemoryAccessVerdict {
    /** "An order of magnitude": the post's smallest ratio, its Sandy Bridge's, is 10.4x. */
    static final double ORDER_OF_MAGNITUDE = 10;

    /** One storage's median ns per word for the three walks; null where a walk was not measured. */
    record Walks(String storage, Double linear, Double page, Double heap) {
        boolean complete() {
            return linear != null && page != null && heap != null && linear > 0;
        }

        boolean inOrder() {
            return linear < page && page < heap;
        }

        double heapOverLinear() {
            return heap / linear;
        }
    }

    private MemoryAccessVerdict() {}

    static Verdict judge(List<Walks> storages) {
        List<Walks> complete = storages.stream().filter(Walks::complete).toList();
        if (complete.isEmpty()) {
            return Verdict.inconclusive("No storage has all three walks measured, so neither the order nor the"
                    + " order of magnitude could be judged.");
        }
        int ordered = 0;
        int atMagnitude = 0;
        List<String> ratios = new ArrayList<>();
        for (Walks w : complete) {
            boolean inOrder = w.inOrder();
            boolean big = inOrder && w.heapOverLinear() >= ORDER_OF_MAGNITUDE;
            ordered += inOrder ? 1 : 0;
            atMagnitude += big ? 1 : 0;
            ratios.add(String.format(
                    Locale.ROOT, "%s %.1fx%s", w.storage(), w.heapOverLinear(), inOrder ? "" : " (out of order)"));
        }
        int total = complete.size();
        String reason = String.format(
                Locale.ROOT,
                "%d of %d storages show linear < random-page < random-heap (medians); random-heap / linear: %s. The"
                        + " post's order of magnitude (>= %.0fx; it measured 10.4x on its Sandy Bridge, 29x and 64x on"
                        + " its older machines) is %s.",
                ordered,
                total,
                String.join(", ", ratios),
                ORDER_OF_MAGNITUDE,
                atMagnitude == total
                        ? "met by every storage"
                        : atMagnitude == 0 ? "met by none" : "met by " + atMagnitude + " of " + total);
        if (ordered == total && atMagnitude == total) {
            return Verdict.reproduced(reason);
        }
        if (ordered > 0) {
            return Verdict.partly(reason);
        }
        return Verdict.notReproduced(reason);
    }
}

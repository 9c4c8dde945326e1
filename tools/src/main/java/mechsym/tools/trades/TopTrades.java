package mechsym.tools.trades;

/**
 * The N trades of largest notional ({@code price * quantity}, exact), ties to the earlier record:
 * a bounded min-heap over primitive arrays, so offering allocates nothing. Not thread-safe.
 */
final class TopTrades {
    private final long[] price;
    private final long[] quantity;
    private final long[] index;
    private int size;

    TopTrades(int capacity) {
        price = new long[capacity];
        quantity = new long[capacity];
        index = new long[capacity];
    }

    void offer(long recordIndex, long recordPrice, long recordQuantity) {
        int capacity = price.length;
        if (capacity == 0) {
            return;
        }
        if (size < capacity) {
            set(size, recordIndex, recordPrice, recordQuantity);
            siftUp(size++);
        } else if (better(recordPrice, recordQuantity, recordIndex, 0)) {
            set(0, recordIndex, recordPrice, recordQuantity);
            siftDown(0);
        }
    }

    /** Record indexes, best first; empties the heap. */
    long[] drainBestFirst() {
        long[] best = new long[size];
        for (int out = size - 1; out >= 0; out--) {
            best[out] = index[0];
            size--;
            if (size > 0) {
                set(0, index[size], price[size], quantity[size]);
                siftDown(0);
            }
        }
        return best;
    }

    private boolean better(long p, long q, long i, int than) {
        int cmp = Int192.compareProducts(p, q, price[than], quantity[than]);
        return cmp > 0 || (cmp == 0 && i < index[than]);
    }

    private void set(int at, long i, long p, long q) {
        index[at] = i;
        price[at] = p;
        quantity[at] = q;
    }

    private void swap(int a, int b) {
        long i = index[a];
        long p = price[a];
        long q = quantity[a];
        set(a, index[b], price[b], quantity[b]);
        set(b, i, p, q);
    }

    private void siftUp(int at) {
        while (at > 0) {
            int parent = (at - 1) / 2;
            if (!better(price[parent], quantity[parent], index[parent], at)) {
                return;
            }
            swap(at, parent);
            at = parent;
        }
    }

    private void siftDown(int at) {
        while (true) {
            int left = 2 * at + 1;
            if (left >= size) {
                return;
            }
            int worst = left;
            int right = left + 1;
            if (right < size && better(price[worst], quantity[worst], index[worst], right)) {
                worst = right;
            }
            if (!better(price[at], quantity[at], index[at], worst)) {
                return;
            }
            swap(at, worst);
            at = worst;
        }
    }
}

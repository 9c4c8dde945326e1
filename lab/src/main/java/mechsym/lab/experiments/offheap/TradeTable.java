package mechsym.lab.experiments.offheap;

/**
 * One storage of the post's trade table: built by {@link #init}, scanned by {@link #scan} for the
 * post's buy and sell cost, released by {@link #destroy}. Each fork uses one implementation, so
 * the calls stay monomorphic.
 */
interface TradeTable {
    /** The venue and instrument codes the post packs from "XLON" and "BHP". */
    int VENUE_CODE = pack(new byte[] {'X', 'L', 'O', 'N'});

    int INSTRUMENT_CODE = pack(new byte[] {'B', 'H', 'P'});

    /** Builds the table of {@code records} trades exactly as the post's init() does. */
    void init(int records);

    /** The post's query: buy cost and sell cost, summed over every trade. */
    void scan(int records, long[] buyAndSellCost);

    /** Bytes the records occupy off the heap (0 for on-heap storage). */
    long offHeapBytes();

    /** Frees what init allocated. */
    void destroy();

    /** The post's pack(): up to four ASCII bytes into an int, first byte highest. */
    @SuppressWarnings("fallthrough") // the post's switch, kept as written
    static int pack(byte[] value) {
        int result = 0;
        switch (value.length) {
            case 4:
                result = value[3];
            // fall through, as in the post
            case 3:
                result |= ((int) value[2] << 8);
            // fall through
            case 2:
                result |= ((int) value[1] << 16);
            // fall through
            case 1:
                result |= ((int) value[0] << 24);
                break;
            default:
                throw new IllegalArgumentException("Invalid array size");
        }
        return result;
    }
}

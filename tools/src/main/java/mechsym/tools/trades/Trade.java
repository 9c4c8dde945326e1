package mechsym.tools.trades;

import mechsym.core.memory.CharField;
import mechsym.core.memory.Flyweight;
import mechsym.core.memory.IntField;
import mechsym.core.memory.LongField;
import mechsym.core.memory.RecordLayout;

/**
 * The post's trade record, 42 bytes packed, read and written through a flyweight. Confined to
 * one thread, like every {@link Flyweight}.
 *
 * <pre>
 *  0        8        16       20       24       32       40   42
 *  +--------+--------+--------+--------+--------+--------+----+
 *  |tradeId |clientId|venue   |instr.  |price   |quantity|side|
 *  | int64  | int64  | int32  | int32  | int64  | int64  |chr |
 *  +--------+--------+--------+--------+--------+--------+----+
 * </pre>
 *
 * <p>Venue and instrument are up to four ASCII characters packed into an int as the post does
 * ({@link Codes}); the price is a count of {@linkplain Prices ticks} of 0.0001; the side is
 * {@code 'B'} or {@code 'S'}.
 */
public final class Trade extends Flyweight {
    /** The post's 42-byte layout. */
    public static final RecordLayout LAYOUT = RecordLayout.packed()
            .int64("tradeId")
            .int64("clientId")
            .int32("venueCode")
            .int32("instrumentCode")
            .int64("price")
            .int64("quantity")
            .char16("side")
            .build();

    // static final handles are constants: their offsets and the record size fold into each access
    private static final LongField TRADE_ID = LAYOUT.longField("tradeId");
    private static final LongField CLIENT_ID = LAYOUT.longField("clientId");
    private static final IntField VENUE_CODE = LAYOUT.intField("venueCode");
    private static final IntField INSTRUMENT_CODE = LAYOUT.intField("instrumentCode");
    private static final LongField PRICE = LAYOUT.longField("price");
    private static final LongField QUANTITY = LAYOUT.longField("quantity");
    private static final CharField SIDE = LAYOUT.charField("side");

    /** An unbound trade flyweight. */
    public Trade() {
        super(LAYOUT);
    }

    public long tradeId() {
        return TRADE_ID.get(this);
    }

    public long clientId() {
        return CLIENT_ID.get(this);
    }

    public int venueCode() {
        return VENUE_CODE.get(this);
    }

    public int instrumentCode() {
        return INSTRUMENT_CODE.get(this);
    }

    /** The price in ticks of 0.0001. */
    public long price() {
        return PRICE.get(this);
    }

    public long quantity() {
        return QUANTITY.get(this);
    }

    public char side() {
        return SIDE.get(this);
    }

    public void tradeId(long value) {
        TRADE_ID.set(this, value);
    }

    public void clientId(long value) {
        CLIENT_ID.set(this, value);
    }

    public void venueCode(int value) {
        VENUE_CODE.set(this, value);
    }

    public void instrumentCode(int value) {
        INSTRUMENT_CODE.set(this, value);
    }

    /** Sets the price in ticks of 0.0001. */
    public void price(long value) {
        PRICE.set(this, value);
    }

    public void quantity(long value) {
        QUANTITY.set(this, value);
    }

    public void side(char value) {
        SIDE.set(this, value);
    }

    /**
     * Writes every field of the current record. Convenient, but in a loop over millions of records
     * prefer the single-field setters: this method's compiled code is large, and once C2 has
     * compiled it on its own it no longer inlines it into a hot loop ("already compiled into a big
     * method"), which costs a call per record.
     */
    public void set(
            long tradeId, long clientId, int venueCode, int instrumentCode, long price, long quantity, char side) {
        TRADE_ID.set(this, tradeId);
        CLIENT_ID.set(this, clientId);
        VENUE_CODE.set(this, venueCode);
        INSTRUMENT_CODE.set(this, instrumentCode);
        PRICE.set(this, price);
        QUANTITY.set(this, quantity);
        SIDE.set(this, side);
    }
}

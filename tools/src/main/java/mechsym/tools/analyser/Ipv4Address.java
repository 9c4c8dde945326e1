package mechsym.tools.analyser;

/**
 * An IPv4 address parsed out of a packet: one object per address, allocated by the processor as the
 * post's Java does (its {@code IPV4Address}). Immutable.
 */
public final class Ipv4Address {
    private final int address;

    public Ipv4Address(int address) {
        this.address = address;
    }

    /** The address as a big-endian int (a.b.c.d = a << 24 | ...). */
    public int address() {
        return address;
    }

    @Override
    public String toString() {
        return (address >>> 24) + "." + (address >>> 16 & 0xFF) + "." + (address >>> 8 & 0xFF) + "." + (address & 0xFF);
    }
}

package mechsym.tools.analyser;

/**
 * The flat parse result: the same fields as {@link IpHeader} as primitives, one per packet, made with
 * it and overwritten by each parse (the post's flat C++ keeps them inside its buffers). Not
 * thread-safe.
 */
public final class FlatHeader {
    int source;
    int destination;
    int protocol;
    int totalLength;
    int sourcePort;
    int destinationPort;

    public int protocol() {
        return protocol;
    }
}

package mechsym.tools.jdbc;

/**
 * Follows the client's side of PostgreSQL's wire protocol (version 3) byte by byte and counts its
 * Execute ('E') messages. The first messages have no type byte (startup, or an SSL / GSSAPI / cancel
 * request, after which another untyped one follows); every later message is a type byte and a 4-byte
 * big-endian length that counts itself. Not thread-safe: one instance per connection, fed by one thread.
 */
final class PostgresFrontendCounter {
    private static final int SSL_REQUEST = 80877103;
    private static final int GSSENC_REQUEST = 80877104;
    private static final int CANCEL_REQUEST = 80877102;

    private boolean startup = true;
    private final byte[] header = new byte[8];
    private int headerFilled;
    private long bodyLeft;
    private int type;

    /** Feeds {@code length} bytes; returns how many Execute messages began in them. */
    int feed(byte[] bytes, int offset, int length) {
        int executes = 0;
        int i = offset;
        int end = offset + length;
        while (i < end) {
            if (bodyLeft > 0) {
                int skip = (int) Math.min(bodyLeft, end - i);
                bodyLeft -= skip;
                i += skip;
                continue;
            }
            int headerSize = startup ? 8 : 5;
            header[headerFilled++] = bytes[i++];
            if (headerFilled < headerSize) {
                continue;
            }
            headerFilled = 0;
            if (startup) {
                int messageLength = readInt(header, 0);
                int code = readInt(header, 4);
                bodyLeft = Math.max(0, messageLength - 8);
                startup = code == SSL_REQUEST || code == GSSENC_REQUEST || code == CANCEL_REQUEST;
            } else {
                type = header[0];
                bodyLeft = Math.max(0, readInt(header, 1) - 4L);
                if (type == 'E') {
                    executes++;
                }
            }
        }
        return executes;
    }

    private static int readInt(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }
}

package mechsym.tools.gateway;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * An incremental HTTP/1.1 request parser for one connection: feed it the bytes received so far; it
 * consumes a request line, headers ({@link #maxHeaderBytes} at most) and a {@code Content-Length}
 * body ({@link #maxBodyBytes} at most) and says whether the request is complete, needs more bytes,
 * or is in error with the status to answer. Not thread-safe: one connection's thread.
 *
 * <p>What it refuses, with the status: a request line that is not {@code METHOD SP TARGET SP
 * HTTP/1.x}, a header line without a name and colon, folded headers, a bad or conflicting {@code
 * Content-Length}, a bare LF or bare CR, a control character (NUL and the like) in the request line
 * or a header ({@code 400}, as soon as the offending byte arrives); headers above the limit ({@code
 * 431}); a body above the limit ({@code 413}); a {@code Transfer-Encoding} ({@code 501}: chunked
 * request bodies are not supported, a length is required). Empty lines before a request line are
 * ignored (RFC 9112, section 2.2).
 *
 * <p><b>Memory:</b> the body's array grows as its bytes arrive (doubling, up to the declared length),
 * so a connection holds about twice what it was sent, never what it merely declared; the growth is
 * taken from the gateway's {@link BufferBudget} ({@code 503} when it does not fit) and given back
 * at {@link #reset()}.
 */
final class RequestParser {
    enum Result {
        NEED_MORE,
        COMPLETE,
        ERROR
    }

    private final int maxHeaderBytes;
    private final int maxBodyBytes;
    private final BufferBudget budget;

    private boolean inBody;
    private int scanned;
    private byte[] body;
    private long bodyLength;
    private int bodyFilled;

    String method;
    String target;
    boolean keepAlive;
    boolean expectContinue;
    int errorStatus;
    String errorReason;

    RequestParser(int maxHeaderBytes, int maxBodyBytes, BufferBudget budget) {
        this.maxHeaderBytes = maxHeaderBytes;
        this.maxBodyBytes = maxBodyBytes;
        this.budget = budget;
    }

    /** Whether some bytes of a request have been consumed but the request is not complete. */
    boolean inRequest() {
        return inBody || scanned > 0;
    }

    /** Whether the headers are in and a body is still expected (for {@code 100 Continue}). */
    boolean awaitingBody() {
        return inBody;
    }

    /** The complete request's body (empty array if none). */
    byte[] body() {
        return body;
    }

    /** Ready for the next request on the connection. */
    void reset() {
        budget.release(bodyCapacity());
        inBody = false;
        scanned = 0;
        body = null;
        bodyLength = 0;
        bodyFilled = 0;
        method = null;
        target = null;
        keepAlive = false;
        expectContinue = false;
        errorStatus = 0;
        errorReason = null;
    }

    /**
     * Consumes from {@code in} (read mode: position to limit are the unparsed bytes) as much of one
     * request as it can; bytes after a complete request stay in {@code in}.
     */
    Result parse(ByteBuffer in) {
        if (!inBody) {
            skipEmptyLines(in);
            int start = in.position();
            int end = findHeaderEnd(in, start);
            if (end == MALFORMED) {
                return Result.ERROR;
            }
            if (end < 0) {
                scanned = in.remaining();
                if (in.remaining() >= maxHeaderBytes) {
                    return error(431, "request headers larger than " + maxHeaderBytes + " bytes");
                }
                return Result.NEED_MORE;
            }
            if (end - start > maxHeaderBytes) {
                return error(431, "request headers larger than " + maxHeaderBytes + " bytes");
            }
            Result headers = parseHead(in, start, end);
            in.position(end);
            if (headers != Result.COMPLETE) {
                return headers;
            }
            inBody = true;
        }
        int toCopy = (int) Math.min(in.remaining(), bodyLength - bodyFilled);
        if (bodyFilled + toCopy > body.length) {
            int capacity = (int) Math.min(bodyLength, Math.max(2L * body.length, bodyFilled + toCopy));
            if (!budget.reserve(capacity - body.length)) {
                return error(503, "server busy: request bodies in memory are at their limit");
            }
            body = Arrays.copyOf(body, capacity);
        }
        in.get(body, bodyFilled, toCopy);
        bodyFilled += toCopy;
        return bodyFilled == bodyLength ? Result.COMPLETE : Result.NEED_MORE;
    }

    /** Bytes held for the body so far (its array's length): what this connection's request costs. */
    int bodyCapacity() {
        return body == null ? 0 : body.length;
    }

    /** Consumes the CRLFs (empty lines) before a request line. */
    private static void skipEmptyLines(ByteBuffer in) {
        int p = in.position();
        while (p + 1 < in.limit() && in.get(p) == '\r' && in.get(p + 1) == '\n') {
            p += 2;
        }
        in.position(p);
    }

    private static final int MALFORMED = -2;

    /**
     * The index just after the blank line ending the headers, -1 if it has not arrived, or {@link
     * #MALFORMED} (with the error set) at a bare CR, a bare LF or a control character.
     */
    private int findHeaderEnd(ByteBuffer in, int start) {
        int limit = in.limit();
        for (int i = start; i < limit; i++) {
            byte b = in.get(i);
            if (b == '\r') {
                if (i + 1 == limit) {
                    return -1;
                }
                if (in.get(i + 1) != '\n') {
                    error(400, "bare CR in the request head (lines end with CRLF)");
                    return MALFORMED;
                }
            } else if (b == '\n') {
                if (i == start || in.get(i - 1) != '\r') {
                    error(400, "bare LF in the request head (lines end with CRLF)");
                    return MALFORMED;
                }
                if (i >= start + 3 && in.get(i - 2) == '\n' && in.get(i - 3) == '\r') {
                    return i + 1;
                }
            } else if ((b >= 0 && b < 0x20 && b != '\t') || b == 0x7f) {
                error(400, String.format(Locale.ROOT, "control character 0x%02x in the request head", b));
                return MALFORMED;
            }
        }
        return -1;
    }

    /**
     * Parses the head in {@code in}'s bytes {@code [start, end)} (its blank line included) where they
     * lie: no copy, no string per line or header; only the method (a constant for the common ones)
     * and the target become strings.
     */
    private Result parseHead(ByteBuffer in, int start, int end) {
        int headEnd = end - 4; // before the blank line's CRLF CRLF
        int lineEnd = indexOfCrlf(in, start, headEnd);
        int firstSpace = indexOf(in, start, lineEnd, (byte) ' ');
        int secondSpace = firstSpace < 0 ? -1 : indexOf(in, firstSpace + 1, lineEnd, (byte) ' ');
        if (secondSpace < 0
                || indexOf(in, secondSpace + 1, lineEnd, (byte) ' ') >= 0
                || !isToken(in, start, firstSpace)
                || !isVisibleAscii(in, firstSpace + 1, secondSpace)) {
            return error(400, "malformed request line");
        }
        boolean http11 = equalsAscii(in, secondSpace + 1, lineEnd, "HTTP/1.1", false);
        if (!http11 && !equalsAscii(in, secondSpace + 1, lineEnd, "HTTP/1.0", false)) {
            String version = ascii(in, secondSpace + 1, lineEnd);
            return error(version.startsWith("HTTP/") ? 505 : 400, "unsupported version " + printable(version));
        }
        method = method(in, start, firstSpace);
        target = ascii(in, firstSpace + 1, secondSpace);
        keepAlive = http11;
        long contentLength = -1;
        int line = 1;
        for (int p = lineEnd + 2; p < headEnd + 2; p = lineEnd + 2) {
            line++;
            lineEnd = indexOfCrlf(in, p, headEnd);
            int colon = indexOf(in, p, lineEnd, (byte) ':');
            if (colon <= p || !isToken(in, p, colon)) {
                return error(400, "malformed header line " + line);
            }
            int valueStart = colon + 1;
            int valueEnd = lineEnd;
            while (valueStart < valueEnd && isWhitespace(in.get(valueStart))) {
                valueStart++;
            }
            while (valueEnd > valueStart && isWhitespace(in.get(valueEnd - 1))) {
                valueEnd--;
            }
            if (equalsAscii(in, p, colon, "content-length", true)) {
                long length = parseLength(in, valueStart, valueEnd);
                if (length < 0 || (contentLength >= 0 && contentLength != length)) {
                    return error(400, "bad Content-Length");
                }
                contentLength = length;
            } else if (equalsAscii(in, p, colon, "transfer-encoding", true)) {
                return error(501, "Transfer-Encoding is not supported; send a Content-Length");
            } else if (equalsAscii(in, p, colon, "connection", true)) {
                if (containsAscii(in, valueStart, valueEnd, "close")) {
                    keepAlive = false;
                } else if (containsAscii(in, valueStart, valueEnd, "keep-alive")) {
                    keepAlive = true;
                }
            } else if (equalsAscii(in, p, colon, "expect", true)) {
                expectContinue = equalsAscii(in, valueStart, valueEnd, "100-continue", true);
            }
        }
        if (contentLength > maxBodyBytes) {
            return error(413, "request body of " + contentLength + " bytes, above the limit of " + maxBodyBytes);
        }
        bodyLength = Math.max(0, contentLength);
        body = EMPTY;
        return Result.COMPLETE;
    }

    private static final byte[] EMPTY = new byte[0];

    /** The methods most requests use, so that naming one allocates nothing. */
    private static final String[] COMMON_METHODS = {"GET", "POST", "HEAD", "PUT", "DELETE"};

    private static String method(ByteBuffer in, int from, int to) {
        for (String m : COMMON_METHODS) {
            if (equalsAscii(in, from, to, m, false)) {
                return m;
            }
        }
        return ascii(in, from, to);
    }

    /** The index of the CRLF ending the line that starts at {@code from}, or {@code headEnd}. */
    private static int indexOfCrlf(ByteBuffer in, int from, int headEnd) {
        for (int i = from; i < headEnd; i++) {
            if (in.get(i) == '\r') {
                return i; // findHeaderEnd let no CR through without its LF
            }
        }
        return headEnd;
    }

    private static int indexOf(ByteBuffer in, int from, int to, byte b) {
        for (int i = from; i < to; i++) {
            if (in.get(i) == b) {
                return i;
            }
        }
        return -1;
    }

    /** Whether bytes {@code [from, to)} are {@code text} (ASCII), ignoring case when told. */
    private static boolean equalsAscii(ByteBuffer in, int from, int to, String text, boolean ignoreCase) {
        if (to - from != text.length()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            int b = in.get(from + i);
            int c = text.charAt(i);
            if (b != c && !(ignoreCase && lower(b) == lower(c))) {
                return false;
            }
        }
        return true;
    }

    /** Whether bytes {@code [from, to)} contain {@code text} (lower-case ASCII), ignoring case. */
    private static boolean containsAscii(ByteBuffer in, int from, int to, String text) {
        for (int i = from; i + text.length() <= to; i++) {
            if (equalsAscii(in, i, i + text.length(), text, true)) {
                return true;
            }
        }
        return false;
    }

    private static int lower(int c) {
        return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
    }

    /** Whitespace as {@link String#strip} sees it in a Latin-1 head: tab, space and the separators. */
    private static boolean isWhitespace(byte b) {
        return Character.isWhitespace((char) (b & 0xff));
    }

    private static String ascii(ByteBuffer in, int from, int to) {
        byte[] bytes = new byte[to - from];
        in.get(from, bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static long parseLength(ByteBuffer in, int from, int to) {
        if (from == to || to - from > 18) {
            return -1;
        }
        long length = 0;
        for (int i = from; i < to; i++) {
            byte c = in.get(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            length = length * 10 + (c - '0');
        }
        return length;
    }

    private static boolean isToken(ByteBuffer in, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            int c = in.get(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** A request target: one or more visible ASCII characters (no space, no control, no 8-bit). */
    private static boolean isVisibleAscii(ByteBuffer in, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            int c = in.get(i) & 0xff;
            if (c <= 0x20 || c >= 0x7f) {
                return false;
            }
        }
        return true;
    }

    private static String printable(String s) {
        String cut = s.length() > 20 ? s.substring(0, 20) : s;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }

    private Result error(int status, String reason) {
        errorStatus = status;
        errorReason = reason;
        return Result.ERROR;
    }
}

package mechsym.tools.load;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An incremental HTTP/1.1 response reader for one connection: consumes bytes as they arrive, skips
 * {@code 1xx} interim responses, frames the body by {@code Content-Length}, {@code chunked} transfer
 * coding, or the connection's close, and reports the status. Keeps no body bytes: a load generator
 * needs the status and the framing only. Not thread-safe: one connection's thread.
 */
final class ResponseReader {
    /** Status lines and headers above this are a protocol error (a server gone wrong). */
    static final int MAX_HEAD_BYTES = 64 * 1024;

    enum Result {
        NEED_MORE,
        COMPLETE,
        ERROR
    }

    private enum Phase {
        HEAD,
        BODY_LENGTH,
        CHUNK_SIZE,
        CHUNK_DATA,
        CHUNK_DATA_END,
        TRAILERS,
        BODY_UNTIL_CLOSE
    }

    private final StringBuilder line = new StringBuilder(128);
    private Phase phase = Phase.HEAD;
    private int headBytes;
    private boolean statusSeen;
    private long remaining;
    private long contentLength;
    private boolean chunked;
    private boolean headRequest;

    int status;
    boolean closeAfter;
    String error;

    /** Ready for the next response; {@code headRequest} when it answers a HEAD (no body). */
    void reset(boolean headRequest) {
        line.setLength(0);
        phase = Phase.HEAD;
        headBytes = 0;
        statusSeen = false;
        remaining = 0;
        contentLength = -1;
        chunked = false;
        this.headRequest = headRequest;
        status = 0;
        closeAfter = false;
        error = null;
    }

    /** Whether the response ends when the server closes the connection (no length, not chunked). */
    boolean endsAtClose() {
        return phase == Phase.BODY_UNTIL_CLOSE;
    }

    /** Consumes bytes of {@code in} (read mode) up to the end of one response; the rest stays in {@code in}. */
    Result consume(ByteBuffer in) {
        while (in.hasRemaining()) {
            switch (phase) {
                case HEAD, CHUNK_SIZE, CHUNK_DATA_END, TRAILERS -> {
                    byte b = in.get();
                    if (phase == Phase.HEAD && ++headBytes > MAX_HEAD_BYTES) {
                        return error("response head larger than " + MAX_HEAD_BYTES + " bytes");
                    }
                    if (b != '\n') {
                        if (b != '\r') {
                            line.append((char) (b & 0xff));
                        }
                        if (line.length() > 8192) {
                            return error("response line longer than 8192 bytes");
                        }
                        continue;
                    }
                    String text = line.toString();
                    line.setLength(0);
                    Result r = endOfLine(text);
                    if (r != Result.NEED_MORE) {
                        return r;
                    }
                }
                case BODY_LENGTH, CHUNK_DATA -> {
                    int skip = (int) Math.min(in.remaining(), remaining);
                    in.position(in.position() + skip);
                    remaining -= skip;
                    if (remaining == 0) {
                        if (phase == Phase.BODY_LENGTH) {
                            return Result.COMPLETE;
                        }
                        phase = Phase.CHUNK_DATA_END;
                    }
                }
                case BODY_UNTIL_CLOSE -> in.position(in.limit());
            }
        }
        return Result.NEED_MORE;
    }

    /** The connection closed: completes a body framed by the close, else it is an error. */
    Result closed() {
        if (phase == Phase.BODY_UNTIL_CLOSE) {
            return Result.COMPLETE;
        }
        return error("connection closed before the response was complete");
    }

    private Result endOfLine(String text) {
        switch (phase) {
            case HEAD -> {
                if (!statusSeen) {
                    return statusLine(text);
                }
                if (!text.isEmpty()) {
                    return header(text);
                }
                return endOfHead();
            }
            case CHUNK_SIZE -> {
                int semicolon = text.indexOf(';');
                String hex = (semicolon >= 0 ? text.substring(0, semicolon) : text).strip();
                try {
                    remaining = Long.parseLong(hex, 16);
                } catch (NumberFormatException e) {
                    return error("bad chunk size '" + hex + "'");
                }
                if (remaining < 0) {
                    return error("bad chunk size '" + hex + "'");
                }
                phase = remaining == 0 ? Phase.TRAILERS : Phase.CHUNK_DATA;
                return Result.NEED_MORE;
            }
            case CHUNK_DATA_END -> {
                if (!text.isEmpty()) {
                    return error("chunk not followed by CRLF");
                }
                phase = Phase.CHUNK_SIZE;
                return Result.NEED_MORE;
            }
            default -> {
                return text.isEmpty() ? Result.COMPLETE : Result.NEED_MORE; // TRAILERS
            }
        }
    }

    private Result statusLine(String text) {
        if (!text.startsWith("HTTP/1.") || text.length() < 12 || text.charAt(8) != ' ') {
            return error("not an HTTP/1.x status line: '" + cut(text) + "'");
        }
        try {
            status = Integer.parseInt(text.substring(9, 12));
        } catch (NumberFormatException e) {
            return error("bad status code in '" + cut(text) + "'");
        }
        closeAfter = text.startsWith("HTTP/1.0");
        statusSeen = true;
        return Result.NEED_MORE;
    }

    private Result header(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            return error("malformed header '" + cut(text) + "'");
        }
        String name = text.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        String value = text.substring(colon + 1).strip().toLowerCase(Locale.ROOT);
        switch (name) {
            case "content-length" -> {
                try {
                    contentLength = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    return error("bad Content-Length '" + cut(value) + "'");
                }
            }
            case "transfer-encoding" -> chunked = value.endsWith("chunked");
            case "connection" -> {
                if (value.contains("close")) {
                    closeAfter = true;
                } else if (value.contains("keep-alive")) {
                    closeAfter = false;
                }
            }
            default -> {}
        }
        return Result.NEED_MORE;
    }

    private Result endOfHead() {
        if (status >= 100 && status < 200) {
            int interim = status;
            reset(headRequest);
            return interim == 101 ? error("the server switched protocols (101)") : Result.NEED_MORE;
        }
        if (headRequest || status == 204 || status == 304) {
            return Result.COMPLETE;
        }
        if (chunked) {
            phase = Phase.CHUNK_SIZE;
            return Result.NEED_MORE;
        }
        if (contentLength >= 0) {
            remaining = contentLength;
            phase = Phase.BODY_LENGTH;
            return contentLength == 0 ? Result.COMPLETE : Result.NEED_MORE;
        }
        phase = Phase.BODY_UNTIL_CLOSE;
        closeAfter = true;
        return Result.NEED_MORE;
    }

    private static String cut(String s) {
        String c = s.length() > 40 ? s.substring(0, 40) + "..." : s;
        return c.replaceAll("[^\\x20-\\x7e]", "?");
    }

    private Result error(String message) {
        error = message;
        return Result.ERROR;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}

package mechsym.tools.gateway;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** Builds HTTP/1.1 responses as bytes. Stateless; any thread. */
final class HttpResponses {
    static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private HttpResponses() {}

    /** Seconds a client told {@code 503} should wait before retrying. */
    static final int RETRY_AFTER_SECONDS = 1;

    static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 408 -> "Request Timeout";
            case 413 -> "Content Too Large";
            case 500 -> "Internal Server Error";
            case 431 -> "Request Header Fields Too Large";
            case 501 -> "Not Implemented";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status";
        };
    }

    /** The RFC 9110 date of {@code epochSecond} (the {@code Date} header). */
    static String httpDate(long epochSecond) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(
                ZonedDateTime.ofInstant(java.time.Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC));
    }

    /**
     * A complete response: status line, {@code Date}, {@code Content-Type}, {@code Content-Length},
     * {@code Connection: close} when {@code close}, {@code Retry-After} on {@code 503}, then {@code body}
     * unless {@code headOnly} (the answer to a {@code HEAD}: the same head, no body).
     */
    static ByteBuffer response(
            int status, String contentType, byte[] body, boolean close, String date, boolean headOnly) {
        return response(status, contentType, body, close, date, headOnly, null);
    }

    /**
     * The same response written into {@code scratch} (cleared first) when it fits, else into a buffer of
     * its own: a caller that writes it at once and keeps only what the socket did not take allocates
     * nothing per response. {@code scratch} may be null.
     */
    static ByteBuffer response(
            int status,
            String contentType,
            byte[] body,
            boolean close,
            String date,
            boolean headOnly,
            ByteBuffer scratch) {
        // written straight into the one buffer the response needs: no builder, string or copy per request
        String reason = reason(status);
        int bound = HEAD_FIXED_BYTES
                + reason.length()
                + date.length()
                + contentType.length()
                + (status == 503 ? RETRY_AFTER.length() : 0)
                + (close ? CONNECTION_CLOSE.length() : 0)
                + (headOnly ? 0 : body.length);
        ByteBuffer buffer =
                scratch != null && bound <= scratch.capacity() ? scratch.clear() : ByteBuffer.allocate(bound);
        putAscii(buffer, "HTTP/1.1 ");
        putDecimal(buffer, status);
        buffer.put((byte) ' ');
        putAscii(buffer, reason);
        putAscii(buffer, "\r\nDate: ");
        putAscii(buffer, date);
        putAscii(buffer, "\r\nContent-Type: ");
        putAscii(buffer, contentType);
        putAscii(buffer, "\r\nContent-Length: ");
        putDecimal(buffer, body.length);
        putAscii(buffer, "\r\n");
        if (status == 503) {
            putAscii(buffer, RETRY_AFTER);
        }
        if (close) {
            putAscii(buffer, CONNECTION_CLOSE);
        }
        putAscii(buffer, "\r\n");
        if (!headOnly) {
            buffer.put(body);
        }
        buffer.flip();
        return buffer;
    }

    private static final String RETRY_AFTER = "Retry-After: " + RETRY_AFTER_SECONDS + "\r\n";
    private static final String CONNECTION_CLOSE = "Connection: close\r\n";
    /** The head's fixed text, with room for a status of 3 digits and a length of up to 10. */
    private static final int HEAD_FIXED_BYTES =
            ("HTTP/1.1 " + " " + "\r\nDate: " + "\r\nContent-Type: " + "\r\nContent-Length: " + "\r\n" + "\r\n")
                            .length()
                    + 3
                    + 10;

    /** {@code text}'s characters, each one byte (the head is ASCII; anything else becomes '?'). */
    private static void putAscii(ByteBuffer buffer, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            buffer.put(c < 0x80 ? (byte) c : (byte) '?');
        }
    }

    /** {@code value} (not negative) in decimal digits. */
    private static void putDecimal(ByteBuffer buffer, int value) {
        int divisor = 1;
        while (value / divisor >= 10) {
            divisor *= 10;
        }
        for (; divisor > 0; divisor /= 10) {
            buffer.put((byte) ('0' + value / divisor % 10));
        }
    }
}

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
        StringBuilder head = new StringBuilder(160)
                .append("HTTP/1.1 ")
                .append(status)
                .append(' ')
                .append(reason(status))
                .append("\r\nDate: ")
                .append(date)
                .append("\r\nContent-Type: ")
                .append(contentType)
                .append("\r\nContent-Length: ")
                .append(body.length)
                .append("\r\n");
        if (status == 503) {
            head.append("Retry-After: ").append(RETRY_AFTER_SECONDS).append("\r\n");
        }
        if (close) {
            head.append("Connection: close\r\n");
        }
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.US_ASCII);
        ByteBuffer buffer = ByteBuffer.allocate(headBytes.length + (headOnly ? 0 : body.length));
        buffer.put(headBytes);
        if (!headOnly) {
            buffer.put(body);
        }
        buffer.flip();
        return buffer;
    }
}

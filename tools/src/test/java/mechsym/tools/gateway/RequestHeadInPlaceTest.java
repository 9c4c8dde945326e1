package mechsym.tools.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The parser reads a request head where it lies in the buffer; this checks it against a plain
 * reading of the same head as strings (split into lines, each header's name lower-cased and value
 * stripped), on heads built at random from well-formed and broken pieces (seeded: a failure repeats).
 */
class RequestHeadInPlaceTest {
    private static final int MAX_BODY = 1000;

    /** What a head means: the outcome and, when complete, what the gateway reads from it. */
    private record Reading(
            RequestParser.Result result, int status, String method, String target, boolean keepAlive, boolean expect) {}

    private static Reading inPlace(String head) {
        RequestParser parser = new RequestParser(8192, MAX_BODY, new BufferBudget(Long.MAX_VALUE));
        ByteBuffer in = ByteBuffer.wrap(head.getBytes(StandardCharsets.ISO_8859_1));
        RequestParser.Result result = parser.parse(in);
        if (result == RequestParser.Result.ERROR) {
            return new Reading(result, parser.errorStatus, null, null, false, false);
        }
        return new Reading(
                RequestParser.Result.COMPLETE,
                0,
                parser.method,
                parser.target,
                parser.keepAlive,
                parser.expectContinue);
    }

    /** The same head read as strings, line by line: the reference. */
    private static Reading asStrings(String head) {
        String[] lines = head.substring(0, head.length() - 4).split("\r\n", -1);
        String[] parts = lines[0].split(" ", -1);
        if (parts.length != 3 || !token(parts[0]) || !visible(parts[1])) {
            return error(400);
        }
        if (!parts[2].equals("HTTP/1.1") && !parts[2].equals("HTTP/1.0")) {
            return error(parts[2].startsWith("HTTP/") ? 505 : 400);
        }
        boolean keepAlive = parts[2].equals("HTTP/1.1");
        boolean expect = false;
        long contentLength = -1;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0 || !token(lines[i].substring(0, colon))) {
                return error(400);
            }
            String name = lines[i].substring(0, colon).toLowerCase(Locale.ROOT);
            String value = lines[i].substring(colon + 1).strip();
            switch (name) {
                case "content-length" -> {
                    long length = value.matches("[0-9]{1,18}") ? Long.parseLong(value) : -1;
                    if (length < 0 || (contentLength >= 0 && contentLength != length)) {
                        return error(400);
                    }
                    contentLength = length;
                }
                case "transfer-encoding" -> {
                    return error(501);
                }
                case "connection" -> {
                    String tokens = value.toLowerCase(Locale.ROOT);
                    if (tokens.contains("close")) {
                        keepAlive = false;
                    } else if (tokens.contains("keep-alive")) {
                        keepAlive = true;
                    }
                }
                case "expect" -> expect = value.equalsIgnoreCase("100-continue");
                default -> {}
            }
        }
        if (contentLength > MAX_BODY) {
            return error(413);
        }
        return new Reading(RequestParser.Result.COMPLETE, 0, parts[0], parts[1], keepAlive, expect);
    }

    private static Reading error(int status) {
        return new Reading(RequestParser.Result.ERROR, status, null, null, false, false);
    }

    private static boolean token(String s) {
        return s.matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+");
    }

    private static boolean visible(String s) {
        return s.matches("[\\x21-\\x7e]+");
    }

    private static final List<String> REQUEST_LINES = List.of(
            "GET /txn HTTP/1.1",
            "POST /a?b=c HTTP/1.0",
            "HEAD / HTTP/1.1",
            "PATCH /x HTTP/1.1",
            "GET /txn HTTP/2.0",
            "GET /txn HTTPS/1.1",
            "GET  /txn HTTP/1.1",
            "GET /txn HTTP/1.1 ",
            "GET /t\u00e9 HTTP/1.1",
            "G(T / HTTP/1.1",
            " / HTTP/1.1",
            "GET HTTP/1.1");

    private static final List<String> HEADERS = List.of(
            "Host: x",
            "Content-Length: 3",
            "content-length:3",
            "CONTENT-LENGTH:  3 \t",
            "Content-Length: 4",
            "Content-Length: 2000",
            "Content-Length: -1",
            "Content-Length: 1234567890123456789",
            "Content-Length: ",
            "Content-Length: 3x",
            "Transfer-Encoding: chunked",
            "Connection: close",
            "connection: Keep-Alive",
            "Connection: keep-alive, Upgrade",
            "CONNECTION: CLOSE",
            "Expect: 100-continue",
            "expect: 100-Continue ",
            "Expect: 200-ok",
            "X-Empty:",
            ": no name",
            "No colon",
            "Bad Name: x",
            "X-Latin: caf\u00e9 \u00a0",
            "X-Tab:\tvalue\t");

    @Test
    void readsEveryHeadAsTheStringReadingDoes() {
        Random random = new Random(20261206);
        for (int n = 0; n < 20_000; n++) {
            StringBuilder head =
                    new StringBuilder(REQUEST_LINES.get(random.nextInt(REQUEST_LINES.size()))).append("\r\n");
            for (int h = random.nextInt(5); h > 0; h--) {
                head.append(HEADERS.get(random.nextInt(HEADERS.size()))).append("\r\n");
            }
            String text = head.append("\r\n").toString();
            assertThat(inPlace(text)).as(text).isEqualTo(asStrings(text));
        }
    }

    @Test
    void theCommonMethodsAreOneStringEach() {
        assertThat(inPlace("GET /a HTTP/1.1\r\n\r\n").method())
                .isSameAs(inPlace("GET /b HTTP/1.1\r\n\r\n").method());
        assertThat(inPlace("PROPFIND /a HTTP/1.1\r\n\r\n").method()).isEqualTo("PROPFIND");
    }
}

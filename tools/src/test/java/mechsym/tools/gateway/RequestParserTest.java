package mechsym.tools.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestParserTest {
    private final RequestParser parser = new RequestParser(8192, 64 << 20, new BufferBudget(Long.MAX_VALUE));

    private RequestParser.Result parse(String bytes) {
        return parser.parse(ByteBuffer.wrap(bytes.getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void aDeclaredBodyCostsWhatArrivedNotWhatWasDeclared() {
        assertThat(parse("POST / HTTP/1.1\r\nContent-Length: 67108864\r\n\r\n" + "x".repeat(70)))
                .isEqualTo(RequestParser.Result.NEED_MORE);
        assertThat(parser.bodyCapacity()).isBetween(70, 140);
    }

    @Test
    void theBodyGrowsToExactlyItsLengthAsItArrives() {
        assertThat(parse("POST / HTTP/1.1\r\nContent-Length: 10000\r\n\r\n" + "a".repeat(3000)))
                .isEqualTo(RequestParser.Result.NEED_MORE);
        assertThat(parse("b".repeat(3000))).isEqualTo(RequestParser.Result.NEED_MORE);
        assertThat(parse("c".repeat(4000))).isEqualTo(RequestParser.Result.COMPLETE);
        assertThat(new String(parser.body(), StandardCharsets.ISO_8859_1))
                .isEqualTo("a".repeat(3000) + "b".repeat(3000) + "c".repeat(4000));
    }

    @Test
    void aBareLfOrBareCrIsRefusedAtOnce() {
        assertThat(parse("GET / HTTP/1.1\n\n")).isEqualTo(RequestParser.Result.ERROR);
        assertThat(parser.errorStatus).isEqualTo(400);
        assertThat(parser.errorReason).contains("bare LF");
        parser.reset();
        assertThat(parse("GET / HTTP/1.1\rHost: x")).isEqualTo(RequestParser.Result.ERROR);
        assertThat(parser.errorStatus).isEqualTo(400);
        assertThat(parser.errorReason).contains("bare CR");
        parser.reset();
        assertThat(parse("GET / HTTP/1.1\r"))
                .as("a CR at the end may be followed by its LF")
                .isEqualTo(RequestParser.Result.NEED_MORE);
    }

    @Test
    void emptyLinesBeforeTheRequestLineAreIgnored() {
        assertThat(parse("\r\n\r\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n")).isEqualTo(RequestParser.Result.COMPLETE);
        assertThat(parser.target).isEqualTo("/a");
    }

    @Test
    void aControlCharacterInTheRequestLineOrAHeaderIsRefused() {
        assertThat(parse("GET /a\0b HTTP/1.1\r\n\r\n")).isEqualTo(RequestParser.Result.ERROR);
        assertThat(parser.errorStatus).isEqualTo(400);
        assertThat(parser.errorReason).contains("0x00");
        parser.reset();
        assertThat(parse("GET /a HTTP/1.1\r\nX: a\u0001b\r\n\r\n")).isEqualTo(RequestParser.Result.ERROR);
        assertThat(parser.errorStatus).isEqualTo(400);
        parser.reset();
        assertThat(parse("GET /\u00e9 HTTP/1.1\r\n\r\n")).isEqualTo(RequestParser.Result.ERROR);
        assertThat(parser.errorStatus).isEqualTo(400);
    }
}

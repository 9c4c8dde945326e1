package mechsym.tools.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResponseReaderTest {
    private static final String LENGTH = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello";
    private static final String CHUNKED =
            "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n0\r\nTrailer: x\r\n\r\n";
    private static final String INTERIM = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 503 Service Unavailable\r\n"
            + "Retry-After: 1\r\nContent-Length: 0\r\n\r\n";

    @Test
    void framesEveryKindOfBodyWhateverWayTheBytesArrive() {
        for (String response : new String[] {LENGTH, CHUNKED, INTERIM}) {
            byte[] bytes = response.getBytes(StandardCharsets.US_ASCII);
            for (int split = 0; split <= bytes.length; split++) {
                ResponseReader reader = new ResponseReader();
                reader.reset(false);
                ResponseReader.Result first = reader.consume(ByteBuffer.wrap(bytes, 0, split));
                ResponseReader.Result result = first == ResponseReader.Result.COMPLETE
                        ? first
                        : reader.consume(ByteBuffer.wrap(bytes, split, bytes.length - split));
                assertThat(result).as(response + " split at " + split).isEqualTo(ResponseReader.Result.COMPLETE);
                assertThat(reader.status)
                        .isEqualTo(Integer.parseInt(response.substring(
                                response.lastIndexOf("HTTP/1.1 ") + 9, response.lastIndexOf("HTTP/1.1 ") + 12)));
            }
        }
    }

    @Test
    void leavesThePipelinedNextResponseInTheBuffer() {
        ResponseReader reader = new ResponseReader();
        reader.reset(false);
        ByteBuffer two = ByteBuffer.wrap((LENGTH + LENGTH).getBytes(StandardCharsets.US_ASCII));
        assertThat(reader.consume(two)).isEqualTo(ResponseReader.Result.COMPLETE);
        assertThat(two.remaining()).isEqualTo(LENGTH.length());
    }

    @Test
    void aBodyWithoutLengthEndsAtClose() {
        ResponseReader reader = new ResponseReader();
        reader.reset(false);
        ByteBuffer in = ByteBuffer.wrap("HTTP/1.0 200 OK\r\n\r\nsome body".getBytes(StandardCharsets.US_ASCII));
        assertThat(reader.consume(in)).isEqualTo(ResponseReader.Result.NEED_MORE);
        assertThat(reader.endsAtClose()).isTrue();
        assertThat(reader.closed()).isEqualTo(ResponseReader.Result.COMPLETE);
        assertThat(reader.closeAfter).isTrue();
    }

    @Test
    void headAnswersAndNoContentHaveNoBody() {
        ResponseReader reader = new ResponseReader();
        reader.reset(true);
        assertThat(reader.consume(ByteBuffer.wrap("HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n".getBytes())))
                .isEqualTo(ResponseReader.Result.COMPLETE);
        reader.reset(false);
        assertThat(reader.consume(ByteBuffer.wrap("HTTP/1.1 204 No Content\r\n\r\n".getBytes())))
                .isEqualTo(ResponseReader.Result.COMPLETE);
    }

    @Test
    void garbageIsAnErrorNamingWhatWasWrong() {
        ResponseReader reader = new ResponseReader();
        reader.reset(false);
        assertThat(reader.consume(ByteBuffer.wrap("SSH-2.0-OpenSSH\r\n".getBytes())))
                .isEqualTo(ResponseReader.Result.ERROR);
        assertThat(reader.error).contains("not an HTTP/1.x status line");
        reader.reset(false);
        assertThat(reader.consume(
                        ByteBuffer.wrap("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".getBytes())))
                .isEqualTo(ResponseReader.Result.ERROR);
        assertThat(reader.error).contains("bad chunk size");
        reader.reset(false);
        assertThat(reader.consume(ByteBuffer.wrap("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nab".getBytes())))
                .isEqualTo(ResponseReader.Result.NEED_MORE);
        assertThat(reader.closed()).isEqualTo(ResponseReader.Result.ERROR);
    }
}

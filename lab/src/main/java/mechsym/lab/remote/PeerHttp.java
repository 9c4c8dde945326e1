package mechsym.lab.remote;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@code GET} to a peer the lab does not control, bounded in time and size: one deadline covers
 * the whole exchange (connect, head and body), and the body is cut off past a byte limit, so a body
 * that drips or never ends costs at most the deadline and the limit. The JDK's own limit on the
 * head's size ({@code jdk.http.maxHeaderSize}) bounds endless headers. Stateless and thread-safe.
 */
public final class PeerHttp {
    /** The most a gateway's {@code /env} or {@code /stats} answer may hold (they are about 2 KB). */
    public static final int MAX_BODY_BYTES = 64 * 1024;

    private PeerHttp() {}

    /** A peer's answer: its status and its body as UTF-8 text (malformed bytes replaced). */
    public record Answer(int status, String body) {}

    /**
     * {@code GET url}, answered in full within {@code deadline} with at most {@code maxBytes} of body.
     *
     * @throws HttpTimeoutException when the whole answer did not arrive within the deadline
     * @throws IOException when the body is longer than the limit, or the exchange fails
     */
    public static Answer get(URI url, Duration deadline, int maxBytes) throws IOException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(deadline).build();
        CompletableFuture<HttpResponse<byte[]>> exchange =
                client.sendAsync(HttpRequest.newBuilder(url).timeout(deadline).build(), head -> new Limited(maxBytes));
        try {
            HttpResponse<byte[]> response = exchange.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
            return new Answer(response.statusCode(), new String(response.body(), StandardCharsets.UTF_8));
        } catch (TimeoutException e) {
            throw new HttpTimeoutException("no whole answer in " + deadline.toMillis() + " ms");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(cause != null ? String.valueOf(cause.getMessage()) : "failed", cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            exchange.cancel(true);
            // close() would wait for a body that never ends: stop the client's connections now
            client.shutdownNow();
        }
    }

    /** Collects a body up to a limit; past it, cancels the stream and fails. */
    private static final class Limited implements HttpResponse.BodySubscriber<byte[]> {
        private final int maxBytes;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private Flow.Subscription subscription;

        Limited(int maxBytes) {
            this.maxBytes = maxBytes;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            for (ByteBuffer buffer : buffers) {
                if (bytes.size() + buffer.remaining() > maxBytes) {
                    subscription.cancel();
                    result.completeExceptionally(
                            new IOException("an answer longer than the " + maxBytes + " bytes allowed"));
                    return;
                }
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                bytes.write(chunk, 0, chunk.length);
            }
            subscription.request(1);
        }

        @Override
        public void onError(Throwable failure) {
            result.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            result.complete(bytes.toByteArray());
        }
    }
}

package mechsym.tools.gateway;

import java.nio.charset.StandardCharsets;
import mechsym.tools.platform.HostEnvironment;

/**
 * What {@code GET /env} answers: the gateway host's environment as JSON ({@link HostEnvironment}), so
 * that a lab run on another host records the server's machine beside its own. Read afresh on each
 * request (the load average changes); stateless.
 */
final class EnvResponse {
    private EnvResponse() {}

    /** True when the request target asks for the environment. */
    static boolean isFor(String target) {
        return target.equals("/env") || target.startsWith("/env?");
    }

    static byte[] body() {
        return HostEnvironment.json().getBytes(StandardCharsets.UTF_8);
    }
}

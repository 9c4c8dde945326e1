package mechsym.lab.remote;

import java.io.IOException;

/** A remote server that is not there or does not speak its protocol; the message is one line. */
public final class RemoteUnreachable extends IOException {
    private static final long serialVersionUID = 1L;

    RemoteUnreachable(String message) {
        super(message);
    }
}

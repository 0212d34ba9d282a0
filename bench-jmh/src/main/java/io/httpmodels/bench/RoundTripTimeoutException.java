package io.httpmodels.bench;

import java.net.SocketTimeoutException;

/**
 * A round trip got no answer in time: the model does not serve this connection while it serves others (the
 * single thread with several keep-alive connections, a fixed pool with more connections than threads).
 */
public final class RoundTripTimeoutException extends SocketTimeoutException {

    private static final long serialVersionUID = 1L;

    RoundTripTimeoutException(String what, int timeoutMillis, SocketTimeoutException cause) {
        super(what + ": no response within " + timeoutMillis + " ms. The model does not serve this connection"
                + " while it serves the others: it cannot take this many keep-alive connections at once"
                + " (one per JMH thread, -t).");
        initCause(cause);
    }
}

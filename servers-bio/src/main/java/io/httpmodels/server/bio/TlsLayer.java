package io.httpmodels.server.bio;

import io.httpmodels.server.tls.ServerTls;

import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;

/**
 * TLS layered over an accepted plain socket: the server side of a {@link ServerTls}, built once per server, and the
 * handshake that turns each accepted connection into an {@link SSLSocket}. Layered rather than accepted by an
 * {@code SSLServerSocket} so that reads and writes still go through the accepted socket, and with them the
 * write deadline of {@link WriteDeadlineServerSocket}; see {@link BlockingServer}.
 *
 * <p>Thread-safe: one per server, {@link #handshake} called by the threads that serve connections.
 */
final class TlsLayer {

    private final SSLSocketFactory factory;
    private final SSLParameters parameters;

    TlsLayer(ServerTls tls) {
        this.factory = tls.sslContext().getSocketFactory();
        this.parameters = tls.parameters();
    }

    /**
     * Layers TLS over {@code accepted} in server mode and runs the handshake on the calling thread, each read of it
     * bounded by {@code timeout} (the socket timeout in force when it returns; the caller sets its own).
     * Closing the returned socket closes {@code accepted}.
     *
     * @throws java.net.SocketTimeoutException when the client goes silent mid-handshake for {@code timeout}
     * @throws javax.net.ssl.SSLException       when the client sends something other than TLS, or fails it
     */
    SSLSocket handshake(Socket accepted, Duration timeout) throws IOException {
        SSLSocket secure = (SSLSocket) factory.createSocket(accepted, null, true);
        secure.setSSLParameters(parameters);
        secure.setSoTimeout((int) Math.clamp(timeout.toMillis(), 1, Integer.MAX_VALUE));
        secure.startHandshake();
        return secure;
    }
}

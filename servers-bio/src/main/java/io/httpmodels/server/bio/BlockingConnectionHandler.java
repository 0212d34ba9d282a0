package io.httpmodels.server.bio;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.HttpRequest;
import io.httpmodels.server.http.HttpRequestReader;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpResponseWriter;
import io.httpmodels.server.http.HttpStatus;
import io.httpmodels.server.http.RequestRejectedException;
import io.httpmodels.server.http.WorkloadHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;

/**
 * Serves one accepted connection on the calling thread until it ends: the loop every blocking model runs,
 * whatever thread it runs on. Persistent by default; {@code Connection: close} and HTTP/1.0 honoured; pipelined
 * requests answered in order, their responses sent together when no more input is buffered; the simulated work
 * slept on this thread before each answer; bad input answered with its status and the connection closed; a
 * connection silent for the idle timeout closed; at most {@link ServerConfig.Limits#maxPendingOutputBytes()} (and 16
 * KiB) of answers held unsent, since the write that sends them blocks, and nothing is read meanwhile; a request whose
 * head or body misses its deadline ({@link ServerConfig.Timeouts#header()}, {@link ServerConfig.Timeouts#body()}; see
 * {@link DeadlineInputStream}) answered 408 and the connection closed.
 *
 * <p>Over TLS ({@link ServerConfig#tls()}) the same, on an {@link SSLSocket} layered over the accepted socket
 * ({@link TlsLayer}) by the thread that serves it: the handshake comes first, bounded by the header timeout in all
 * (a client that stalls in it, trickles it, or sends something other than TLS, such as garbage or a plaintext
 * request, is closed); the head deadline then counts from the first byte after the handshake. Writes still pass
 * through the accepted socket, so the write deadline bounds a client that never reads.
 *
 * <p>Thread-safe: one instance per server, {@link #serve} called by any number of threads at once.
 */
final class BlockingConnectionHandler implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BlockingConnectionHandler.class);
    // After an error response, how long and how much to keep reading before the close, so the client reads
    // the response instead of a reset (RFC 9112 §9.6).
    private static final int LINGER_MILLIS = 1_000;
    private static final int LINGER_BYTES = 1 << 20;

    private final String serverHeader;
    private final ServerConfig config;
    private final int writerBufferBytes;
    private final TlsLayer tls;
    private final WorldStore store;

    /**
     * @param modelName the model's name, for the {@code Server} header
     * @param config    limits, idle timeout, request deadlines and simulated work
     * @param store     what the database routes query on the serving thread, or {@code null} for none (503)
     */
    public BlockingConnectionHandler(String modelName, ServerConfig config, WorldStore store) {
        this.store = store;
        this.serverHeader = Workload.serverHeader(modelName);
        this.config = config;
        this.writerBufferBytes = Math.min(
                HttpResponseWriter.DEFAULT_BUFFER_BYTES, config.limits().maxPendingOutputBytes());
        this.tls = config.tls()
                .map(serverTls -> new TlsLayer(serverTls, modelName + "-tls-deadline"))
                .orElse(null);
    }

    /** Stops what the handler started for TLS (its handshake timer); connections are the server's to close. */
    @Override
    public void close() {
        if (tls != null) {
            tls.close();
        }
    }

    /**
     * Serves {@code socket} until the client closes, asks to close, sends something bad, goes silent for the
     * idle timeout, misses a request deadline, or the thread is interrupted. Closes the socket; never throws.
     */
    public void serve(Socket accepted) {
        try (accepted) {
            accepted.setTcpNoDelay(true);
            if (tls == null) {
                serveConnection(accepted, accepted);
                return;
            }
            SSLSocket secure;
            try {
                secure = tls.handshake(accepted, config.timeouts().header());
            } catch (SocketTimeoutException e) {
                log.debug(
                        "closing {}: no TLS handshake within {} ms",
                        accepted.getRemoteSocketAddress(),
                        config.timeouts().header().toMillis());
                return;
            } catch (SSLException e) {
                log.debug("closing {}: TLS handshake failed: {}", accepted.getRemoteSocketAddress(), e.toString());
                return;
            }
            try (secure) {
                serveConnection(secure, accepted);
            }
        } catch (IOException e) {
            log.debug("connection {} ended: {}", accepted.getRemoteSocketAddress(), e.toString());
        }
    }

    // Serves the requests on socket (the accepted one, or TLS over it); the caller closes it. accepted is the
    // plain socket under it, drained raw by the linger after an error response.
    private void serveConnection(Socket socket, Socket accepted) {
        try {
            DeadlineInputStream input = new DeadlineInputStream(socket, config);
            // Answers beyond the buffer go out in a write that blocks until the socket takes them, and nothing is
            // read meanwhile: the bound on unsent answers, kept by blocking.
            HttpResponseWriter writer =
                    new HttpResponseWriter(socket.getOutputStream(), serverHeader, writerBufferBytes);
            HttpRequestReader reader = new HttpRequestReader(
                    input,
                    writer,
                    config.limits().maxHeaderBytes(),
                    config.limits().maxBodyBytes());
            input.attach(reader);
            try {
                serveRequests(reader, input, writer);
            } catch (RequestRejectedException e) {
                answerAndClose(socket, accepted, writer, e.status(), e.detail());
            } catch (DeadlineInputStream.RequestTimeoutException e) {
                // Every earlier answer was flushed before the read that timed out: nothing of this one has begun.
                answerAndClose(socket, accepted, writer, HttpStatus.REQUEST_TIMEOUT, e.getMessage());
            }
        } catch (SocketTimeoutException e) {
            log.debug("closing idle connection {}", socket.getRemoteSocketAddress());
        } catch (EOFException | SocketException e) {
            log.debug("connection {} ended: {}", socket.getRemoteSocketAddress(), e.toString());
        } catch (IOException e) {
            log.debug("connection {} failed", socket.getRemoteSocketAddress(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server is closing; the socket closes on the way out
        } catch (RuntimeException e) {
            log.warn("unexpected failure serving {}", socket.getRemoteSocketAddress(), e);
        }
    }

    private void serveRequests(HttpRequestReader reader, DeadlineInputStream input, HttpResponseWriter writer)
            throws IOException, RequestRejectedException, InterruptedException {
        HttpRequest request;
        while ((request = reader.read()) != null) {
            input.requestRead();
            Workload.simulateWork(config.workMillis());
            writer.write(
                    WorkloadHandler.handle(request, store),
                    request.isHead(),
                    HttpResponseWriter.ConnectionHeader.forRequest(request));
            if (!request.keepAlive()) {
                break;
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("server closing");
            }
        }
        writer.flush();
    }

    // The answer to a request that ends the connection: the status, then a half-close and a bounded drain.
    private static void answerAndClose(
            Socket socket, Socket accepted, HttpResponseWriter writer, HttpStatus status, String detail)
            throws IOException {
        writer.write(HttpResponse.error(status, detail), false, HttpResponseWriter.ConnectionHeader.CLOSE);
        writer.flush();
        lingerBeforeClose(socket, accepted);
    }

    // Over TLS, the half-close of the SSLSocket sends close_notify, then shuts the accepted socket's output; what
    // the client still sends is drained from the accepted socket as it comes, undecrypted.
    private static void lingerBeforeClose(Socket socket, Socket accepted) {
        try {
            socket.shutdownOutput();
            accepted.setSoTimeout(LINGER_MILLIS);
            InputStream in = accepted.getInputStream();
            byte[] sink = new byte[8192];
            long deadline = System.nanoTime() + LINGER_MILLIS * 1_000_000L;
            int drained = 0;
            int n;
            while (drained < LINGER_BYTES && System.nanoTime() < deadline && (n = in.read(sink)) >= 0) {
                drained += n;
            }
        } catch (IOException e) {
            // the client closed or went silent: either way, done
        }
    }
}

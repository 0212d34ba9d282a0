package io.httpmodels.server.nio;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.http.Answer;
import io.httpmodels.server.http.HttpRequest;
import io.httpmodels.server.http.HttpRequestReader;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpResponseWriter;
import io.httpmodels.server.http.HttpResponseWriter.ConnectionHeader;
import io.httpmodels.server.http.HttpStatus;
import io.httpmodels.server.http.RequestRejectedException;
import io.httpmodels.server.http.WorkloadHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The connections one {@link EventLoop} owns, and how each is served: what a read brought is parsed with the
 * shared codec ({@link HttpRequestReader} over an {@link InputFeed}) and every complete request answered in order;
 * a connection's answers leave with what its socket takes, the rest waits in its {@link OutputQueue}, with
 * {@code OP_WRITE} registered only while some is left.
 *
 * <p>Backpressure: a connection whose unsent answers pass {@link ServerConfig.Limits#maxPendingOutputBytes()} is
 * neither read nor parsed until they are down to {@link ServerConfig.Limits#resumeReadingBelowBytes()}; one that stays
 * over it for the idle timeout is closed, so a client that never reads holds at most that bound (and the kernel's
 * buffers). Over TLS the bound counts what the connection holds unsent, which is encrypted: its {@link TlsSession}
 * encrypts the answers as the writer hands them over, so the queue holds records (a few dozen bytes per 16 KiB more
 * than their plaintext), and a stopped connection holds besides at most one read's plaintext and a partial record.
 *
 * <p>TLS ({@link ServerConfig#tls()}): each connection has a {@link TlsSession}; a read goes through it (the
 * handshake answered, the records decrypted) and what it decrypts is parsed as a plaintext read is; the handshake
 * must finish within the head deadline of the accept, or the connection is closed. Without TLS nothing of it runs
 * (a null check per read, per answer written and per close).
 *
 * <p>Simulated work ({@link ServerConfig#workMillis()} &gt; 0) runs on the server's work pool, one request of a
 * connection at a time (as a blocking thread would serve them): the answer comes back to the loop through its
 * completion queue, and parsing resumes after it, so pipelined answers keep their order. A database route's answer
 * (with a store) is worked the same way, whether or not there is simulated work: the pool runs the work, then the
 * queries, and builds the answer there; the loop never waits for the database.
 *
 * <p>Deadlines (idle, head, body, write) are checked by {@link #sweep}, which the loop runs a few times per
 * shortest timeout: a head or body over its deadline gets 408 and a close, an idle connection or an unfinished
 * TLS handshake a close.
 *
 * <p>Used only on the loop's thread. The read buffer, the reader that connections between requests share, the
 * response writer and its sink are one per loop: an idle connection holds none of them.
 */
final class LoopConnections {

    private static final Logger log = LoggerFactory.getLogger(LoopConnections.class);
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    // After an error answer, how long and how much to keep reading before the close, so the client reads
    // the response instead of a reset (RFC 9112 §9.6); as the blocking models linger.
    private static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long LINGER_BYTES = 1 << 20;
    private static final ByteBuffer NO_BYTES = ByteBuffer.allocate(0);

    private final ServerConfig config;
    private final ExecutorService workPool;
    private final WorldStore store;
    private final Executor loop;
    private final Set<Connection> connections = new LinkedHashSet<>();
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final InputFeed feed = new InputFeed();
    private final ConnectionSink sink = new ConnectionSink();
    private final HttpResponseWriter writer;
    private HttpRequestReader sharedReader;
    private final TlsSession.Setup tls;
    private final TlsSession.Buffers tlsBuffers;

    /**
     * @param workPool where simulated work and queries run; {@code null} when there is neither
     * @param store    what the database routes query on {@code workPool}; {@code null} without a database (503)
     * @param loop     runs a task on the loop's thread, from any thread: where the work's answers come back
     * @param tls      the server's TLS, each connection's engine made from it; {@code null} for plaintext
     */
    LoopConnections(
            ServerConfig config,
            String serverHeader,
            ExecutorService workPool,
            WorldStore store,
            Executor loop,
            TlsSession.Setup tls) {
        if (store != null && workPool == null) {
            throw new IllegalArgumentException("a database needs a work pool");
        }
        this.config = config;
        this.workPool = workPool;
        this.store = store;
        this.loop = loop;
        this.tls = tls;
        this.tlsBuffers = tls == null ? null : new TlsSession.Buffers(tls);
        this.writer = new HttpResponseWriter(
                sink,
                serverHeader,
                Math.min(
                        HttpResponseWriter.DEFAULT_BUFFER_BYTES, config.limits().maxPendingOutputBytes()));
        this.sharedReader = newReader();
    }

    private HttpRequestReader newReader() {
        return new HttpRequestReader(
                feed, writer, config.limits().maxHeaderBytes(), config.limits().maxBodyBytes());
    }

    /** Takes {@code channel} (non-blocking, accepted) into {@code selector}, interested in reads. */
    void register(SocketChannel channel, Selector selector) {
        long now = System.nanoTime();
        Connection c = new Connection(channel, now);
        if (tls != null) {
            c.tls = new TlsSession(tls.newEngine(), tlsBuffers, bytes -> ConnectionSink.send(c, bytes), now);
        }
        try {
            c.key = channel.register(selector, SelectionKey.OP_READ, c);
            connections.add(c);
        } catch (IOException e) {
            log.debug("could not register {}: {}", channel, e.toString());
            closeQuietly(channel);
        }
    }

    /** Serves what {@code key} is ready for. */
    void onReady(SelectionKey key) {
        Connection c = (Connection) key.attachment();
        try {
            long now = System.nanoTime();
            if (key.isWritable()) {
                flush(c, now);
            }
            if (!c.closed && key.isValid() && key.isReadable()) {
                onReadable(c, now);
            }
        } catch (IOException | CancelledKeyException e) {
            log.debug("connection {} ended: {}", c.channel, e.toString(), e);
            close(c);
        }
    }

    private void onReadable(Connection c, long now) throws IOException {
        if (c.tls != null && !c.lingering) {
            onTlsReadable(c, now);
            return;
        }
        readBuffer.clear();
        int n = c.channel.read(readBuffer);
        if (n == 0) {
            return;
        }
        c.lastActivityNanos = now;
        if (c.lingering) {
            c.lingeredBytes += Math.max(n, 0);
            if (n < 0 || c.lingeredBytes >= LINGER_BYTES) {
                close(c);
            }
            return;
        }
        readBuffer.flip();
        if (n < 0) {
            c.inputEnded = true;
        }
        parse(c, readBuffer, now);
        flush(c, now);
    }

    /**
     * As {@link #onReadable}, through the connection's TLS: the handshake is answered as its messages arrive, and
     * what the records decrypt to is parsed as a plaintext read is. Not TLS (a plaintext request, garbage) throws an
     * {@link javax.net.ssl.SSLException}, and the connection closes (after the engine's alert, if it made one).
     */
    private void onTlsReadable(Connection c, long now) throws IOException {
        int n = c.tls.read(c.channel);
        if (n == 0) {
            flush(c, now); // the handshake may have queued a flight the socket did not take
            return;
        }
        c.lastActivityNanos = now;
        if (n < 0 || c.tls.inboundClosed()) {
            c.inputEnded = true;
        }
        parse(c, tlsBuffers.plain, now);
        flush(c, now);
    }

    private boolean canParse(Connection c) {
        return !c.workInFlight
                && !c.closeAfterOutput
                && !c.paused
                && c.output.bytes() <= config.limits().maxPendingOutputBytes();
    }

    /**
     * Parses and answers every complete request in {@code source} (after what the connection's reader holds), as
     * long as the connection may take more; keeps what is left for later.
     */
    private void parse(Connection c, ByteBuffer source, long now) throws IOException {
        HttpRequestReader reader = c.reader != null ? c.reader : sharedReader;
        feed.point(source, c.inputEnded);
        sink.point(c);
        c.stoppedEarly = false;
        try {
            while (true) {
                if (!canParse(c)) {
                    c.stoppedEarly = true;
                    break;
                }
                HttpRequest request;
                try {
                    request = reader.read();
                } catch (InputFeed.NeedMoreInput e) {
                    break;
                }
                if (request == null) {
                    c.closeAfterOutput = true; // the peer closed between requests
                    break;
                }
                c.requestStartNanos = 0;
                c.bodyStartNanos = 0;
                answer(c, request);
            }
        } catch (RequestRejectedException e) {
            answerAndClose(c, e.status(), e.detail());
        } catch (EOFException e) {
            c.closeAfterOutput = true; // the peer closed inside a request: there is nothing to answer
        } catch (IOException | RuntimeException e) {
            forgetSharedReader(reader);
            throw e;
        }
        try {
            writer.flush();
        } catch (IOException | RuntimeException e) {
            forgetSharedReader(reader);
            throw e;
        }
        keepWhatIsLeft(c, source);
        keepReaderIfItHoldsARequest(c, reader, now);
    }

    // The connection ends (the caller closes it) with a failure: what it left in the loop's shared reader must not
    // reach the next connection the reader parses for. (The shared writer drops its own bytes as its write fails.)
    private void forgetSharedReader(HttpRequestReader reader) {
        if (reader == sharedReader) {
            sharedReader = newReader();
        }
    }

    private void answer(Connection c, HttpRequest request) throws IOException {
        ConnectionHeader connection = ConnectionHeader.forRequest(request);
        boolean head = request.isHead();
        if (!request.keepAlive()) {
            c.closeAfterOutput = true;
        }
        boolean queries = store != null && queriesTheDatabase(request);
        int millis = config.workMillis();
        if (!queries && millis == 0) {
            writer.write(WorkloadHandler.handle(request), head, connection);
            return;
        }
        // Built now unless it needs the database: then on the pool, once the queries are done.
        HttpResponse built = queries ? null : WorkloadHandler.handle(request);
        c.workInFlight = true;
        try {
            workPool.execute(() -> {
                try {
                    Workload.simulateWork(millis);
                } catch (InterruptedException e) {
                    return; // the server is closing: the loop closes the connection
                }
                HttpResponse response = built != null ? built : query(request);
                loop.execute(() -> workDone(c, response, head, connection));
            });
        } catch (RejectedExecutionException e) {
            throw new IOException("work pool closed", e);
        }
    }

    // On a work thread. DatabaseRoutes answers a failing database 503 itself; anything else is a bug, which still
    // gets an answer, so that the connection is not left waiting for one that never comes.
    private HttpResponse query(HttpRequest request) {
        try {
            return WorkloadHandler.handle(request, store);
        } catch (RuntimeException e) {
            return HttpResponse.error(HttpStatus.INTERNAL_SERVER_ERROR, "the database route failed: " + e);
        }
    }

    private static boolean queriesTheDatabase(HttpRequest request) {
        return Answer.forRequest(request.method(), request.target()) instanceof Answer.Serve serve
                && DatabaseRoutes.serves(serve.route());
    }

    private void workDone(Connection c, HttpResponse response, boolean head, ConnectionHeader connection) {
        if (c.closed) {
            return;
        }
        c.workInFlight = false;
        try {
            sink.point(c);
            writer.write(response, head, connection);
            writer.flush();
            flush(c, System.nanoTime());
        } catch (IOException | CancelledKeyException e) {
            log.debug("connection {} ended: {}", c.channel, e.toString());
            close(c);
        }
    }

    private void answerAndClose(Connection c, HttpStatus status, String detail) throws IOException {
        writer.write(HttpResponse.error(status, detail), false, ConnectionHeader.CLOSE);
        c.closeAfterOutput = true;
        c.lingerAfterOutput = true;
    }

    private void keepWhatIsLeft(Connection c, ByteBuffer source) {
        if (c.closeAfterOutput) {
            c.pending = null; // nothing after a close is read
        } else if (source == c.pending) {
            if (!source.hasRemaining()) {
                c.pending = null;
            }
        } else if (source.hasRemaining()) {
            c.pending = ByteBuffer.allocate(source.remaining()).put(source).flip();
        }
    }

    // A reader that holds part of a request stays with its connection (the loop takes a new one); one that holds
    // nothing goes back, so an idle connection keeps no parse buffer.
    private void keepReaderIfItHoldsARequest(Connection c, HttpRequestReader reader, long now) {
        if (reader.isBetweenRequests() || c.closeAfterOutput) {
            if (reader == c.reader) {
                c.reader = null;
            } else if (!reader.isBetweenRequests()) {
                sharedReader = newReader(); // it holds the rest of a closed connection's bytes
            }
            c.requestStartNanos = 0;
            c.bodyStartNanos = 0;
            return;
        }
        if (reader == sharedReader) {
            c.reader = reader;
            sharedReader = newReader();
        }
        if (reader.readingBody()) {
            if (c.bodyStartNanos == 0) {
                c.bodyStartNanos = now;
            }
        } else if (c.requestStartNanos == 0) {
            c.requestStartNanos = now;
        }
    }

    /**
     * Writes what the socket takes, pauses or resumes reading by the bound, parses what an earlier stop left,
     * closes once a close is due and everything is sent, and sets the interest ops to what is left.
     */
    private void flush(Connection c, long now) throws IOException {
        while (true) {
            if (!c.output.isEmpty() && c.output.writeTo(c.channel) > 0) {
                c.lastActivityNanos = now;
            }
            long queued = c.output.bytes();
            if (!c.paused && queued > config.limits().maxPendingOutputBytes()) {
                c.paused = true;
                c.pausedSinceNanos = now;
            } else if (c.paused && queued <= config.limits().resumeReadingBelowBytes()) {
                c.paused = false;
            }
            if (c.stoppedEarly && canParse(c)) {
                parse(c, c.pending != null ? c.pending : NO_BYTES, now);
                continue;
            }
            break;
        }
        if (c.output.isEmpty() && c.closeAfterOutput && !c.workInFlight) {
            if (!c.lingerAfterOutput) {
                close(c);
                return;
            }
            if (!c.lingering) {
                startLingering(c, now);
            }
        }
        updateInterest(c);
    }

    private void startLingering(Connection c, long now) {
        c.lingering = true;
        c.lingerUntilNanos = now + LINGER_NANOS;
        c.reader = null;
        c.pending = null;
        if (c.tls != null) {
            c.tls.closeOutbound();
        }
        try {
            c.channel.shutdownOutput();
        } catch (IOException e) {
            close(c);
        }
    }

    private void updateInterest(Connection c) {
        if (c.closed) {
            return;
        }
        int ops = 0;
        if (!c.output.isEmpty()) {
            ops |= SelectionKey.OP_WRITE;
        }
        boolean mayRead = c.lingering
                || (!c.inputEnded
                        && !c.closeAfterOutput
                        && !c.workInFlight
                        && !c.paused
                        && !c.stoppedEarly
                        && c.pending == null);
        if (mayRead) {
            ops |= SelectionKey.OP_READ;
        }
        if (c.key.interestOps() != ops) {
            c.key.interestOps(ops);
        }
    }

    void sweep(long now) {
        List<Connection> expired = new ArrayList<>();
        List<Connection> timedOut = new ArrayList<>();
        long idle = config.timeouts().idle().toNanos();
        for (Connection c : connections) {
            if (c.lingering) {
                if (now - c.lingerUntilNanos >= 0) {
                    expired.add(c);
                }
            } else if (c.tls != null && !c.tls.established()) {
                // The handshake is bounded as a head is: by the head deadline, from the accept.
                if (now - c.tls.startNanos() > config.timeouts().header().toNanos()
                        || now - c.lastActivityNanos > idle) {
                    log.debug("closing {}: no TLS handshake within the head deadline", c.channel);
                    expired.add(c);
                }
            } else if (c.workInFlight) {
                continue; // the work's answer restarts the clocks; the idle close waits for it, as in netty
            } else if (c.paused) {
                // The write deadline: the peer must take the answers down to half the bound within the idle timeout.
                if (now - c.pausedSinceNanos > idle) {
                    expired.add(c);
                }
            } else if (c.reader != null && !c.stoppedEarly && !c.closeAfterOutput && isOverItsDeadline(c, now)) {
                timedOut.add(c);
            } else if (now - c.lastActivityNanos > idle) {
                expired.add(c);
            }
        }
        for (Connection c : expired) {
            log.debug("closing idle connection {}", c.channel);
            close(c);
        }
        for (Connection c : timedOut) {
            try {
                sink.point(c);
                String part = c.reader.readingBody() ? "body" : "head";
                answerAndClose(c, HttpStatus.REQUEST_TIMEOUT, "the request " + part + " did not arrive in time");
                writer.flush();
                flush(c, now);
            } catch (IOException | CancelledKeyException e) {
                close(c);
            }
        }
    }

    private boolean isOverItsDeadline(Connection c, long now) {
        if (c.reader.readingBody()) {
            return now - c.bodyStartNanos > config.timeouts().body().toNanos();
        }
        return now - c.requestStartNanos > config.timeouts().header().toNanos();
    }

    private void close(Connection c) {
        if (c.closed) {
            return;
        }
        if (c.tls != null) {
            c.tls.closeOutbound();
        }
        c.closed = true;
        connections.remove(c);
        if (c.key != null) {
            c.key.cancel();
        }
        closeQuietly(c.channel);
    }

    /** Closes every connection. */
    void closeAll() {
        for (Connection c : List.copyOf(connections)) {
            close(c);
        }
    }

    static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}

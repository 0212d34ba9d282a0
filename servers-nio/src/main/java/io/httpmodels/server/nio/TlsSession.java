package io.httpmodels.server.nio;

import io.httpmodels.server.tls.ServerTls;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * One connection's TLS, through the JDK's {@link SSLEngine}, driven by the connection's event loop: {@link #read}
 * takes what the socket has, answers the handshake and decrypts every complete record; {@link #write} encrypts an
 * answer; {@link #closeOutbound} says {@code close_notify}. Encrypted bytes leave through the connection's {@link
 * Output}, which writes what the socket takes and queues the rest, so the connection's {@link OutputQueue} holds
 * ciphertext and its backpressure bound counts the encrypted bytes not yet sent (the plaintext is encrypted as the
 * writer hands it over: nothing plaintext waits here).
 *
 * <p>The engine's delegated tasks (key exchange, signing, certificate work) run inline on the loop: they are CPU
 * work the handshake cannot go on without, so another thread would only add a hand-off and a wakeup while the
 * connection waits anyway, and the cost of a handshake is what this model should show on its loop, as netty's
 * {@code SslHandler} runs them on its event loop by default.
 *
 * <p>The buffers are the loop's ({@link Buffers}, shared by its connections); a connection keeps only the tail of
 * a record that has not fully arrived. Used only by the connection's event loop.
 */
final class TlsSession {

    /** Where encrypted bytes go: the socket, or the connection's queue for what the socket does not take now. */
    @FunctionalInterface
    interface Output {
        /** Sends {@code encrypted} (position to limit); it may be reused once this returns. */
        void send(ByteBuffer encrypted) throws IOException;
    }

    /**
     * The server's TLS, set up once: each connection's engine comes from {@link #context}, with {@link
     * #parameters}, and the buffers are sized from a session's packet and application buffer sizes.
     */
    record Setup(SSLContext context, SSLParameters parameters, int packetBytes, int applicationBytes) {

        static Setup of(ServerTls tls) {
            SSLContext context = tls.sslContext();
            SSLParameters parameters = tls.parameters();
            SSLEngine probe = context.createSSLEngine();
            probe.setUseClientMode(false);
            probe.setSSLParameters(parameters);
            SSLSession session = probe.getSession();
            return new Setup(context, parameters, session.getPacketBufferSize(), session.getApplicationBufferSize());
        }

        SSLEngine newEngine() {
            SSLEngine engine = context.createSSLEngine();
            engine.setUseClientMode(false);
            engine.setSSLParameters(parameters);
            return engine;
        }
    }

    /**
     * One loop's buffers, shared by its TLS connections: encrypted input (several records, as a plaintext read
     * takes 64 KiB at once), the plaintext it decrypts to (at least as large, since a record's plaintext is smaller
     * than the record, so decrypting all of it never overflows), and one record of encrypted output.
     */
    static final class Buffers {
        private static final int RECORDS_PER_READ = 4;

        final ByteBuffer encryptedIn;
        final ByteBuffer plain;
        final ByteBuffer encryptedOut;

        Buffers(Setup setup) {
            int in = RECORDS_PER_READ * setup.packetBytes();
            this.encryptedIn = ByteBuffer.allocate(in);
            this.plain = ByteBuffer.allocate(in + setup.applicationBytes());
            this.encryptedOut = ByteBuffer.allocate(setup.packetBytes());
        }
    }

    private static final ByteBuffer NO_BYTES = ByteBuffer.allocate(0);

    private final SSLEngine engine;
    private final Buffers buffers;
    private final Output output;
    private final long startNanos;
    /** Encrypted bytes of a record not complete yet; {@code null} when none. */
    private ByteBuffer partial;

    private boolean established;
    private boolean inboundClosed;

    TlsSession(SSLEngine engine, Buffers buffers, Output output, long startNanos) {
        this.engine = engine;
        this.buffers = buffers;
        this.output = output;
        this.startNanos = startNanos;
    }

    /** Whether the handshake has finished. */
    boolean established() {
        return established;
    }

    /** When the connection was accepted: its handshake must finish within the head deadline of this. */
    long startNanos() {
        return startNanos;
    }

    /** Whether the peer said {@code close_notify}: nothing more will come. */
    boolean inboundClosed() {
        return inboundClosed;
    }

    /**
     * Reads what {@code channel} has, answers the handshake through the output, and decrypts every complete record
     * into {@link Buffers#plain} (cleared first, flipped for reading on return).
     *
     * @return the encrypted bytes read, 0 when the socket had none, -1 when the peer has closed
     * @throws SSLException for what is not TLS or fails the handshake, after the engine's alert was sent if it made one
     */
    int read(SocketChannel channel) throws IOException {
        ByteBuffer in = buffers.encryptedIn;
        ByteBuffer plain = buffers.plain;
        in.clear();
        plain.clear();
        if (partial != null) {
            in.put(partial);
            partial = null;
        }
        int n = channel.read(in);
        in.flip();
        try {
            unwrapAll(in, plain);
            if (n < 0 && !inboundClosed) {
                inboundClosed = true;
                engine.closeInbound(); // throws for a peer that closed without close_notify (a truncation)
            }
        } catch (SSLException e) {
            if (n < 0) {
                return n; // the peer is gone: nothing to say to it
            }
            sendAlert();
            throw e;
        } finally {
            plain.flip();
        }
        if (in.hasRemaining()) {
            if (in.remaining() == in.capacity()) {
                throw new SSLException("a TLS record larger than " + in.capacity() + " bytes");
            }
            partial = ByteBuffer.allocate(in.remaining()).put(in).flip();
        }
        return n;
    }

    private void unwrapAll(ByteBuffer in, ByteBuffer plain) throws IOException {
        while (true) {
            produceHandshake();
            if (!in.hasRemaining() || inboundClosed) {
                return;
            }
            SSLEngineResult result = engine.unwrap(in, plain);
            noteFinished(result);
            switch (result.getStatus()) {
                case OK -> {
                    if (result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
                        return; // the engine waits for something else (its own output went nowhere): never spin
                    }
                }
                case BUFFER_UNDERFLOW -> {
                    produceHandshake();
                    return; // the rest of a record is still on its way
                }
                case BUFFER_OVERFLOW ->
                    // Buffers.plain holds the plaintext of all of Buffers.encryptedIn, so this is a bug, not input
                    throw new SSLException("TLS plaintext buffer too small: " + plain.capacity() + " bytes");
                case CLOSED -> {
                    inboundClosed = true; // close_notify: answer it if the engine wants to, read nothing more
                    produceHandshake();
                    return;
                }
            }
        }
    }

    /** Runs the engine's tasks and sends what the handshake (or a close) has it say, until it waits for the peer. */
    private void produceHandshake() throws IOException {
        while (true) {
            HandshakeStatus status = engine.getHandshakeStatus();
            if (status == HandshakeStatus.NEED_TASK) {
                runDelegatedTasks();
            } else if (status == HandshakeStatus.NEED_WRAP) {
                SSLEngineResult result = wrap(NO_BYTES);
                if (result.getStatus() == SSLEngineResult.Status.CLOSED || result.bytesProduced() == 0) {
                    return; // closed, or nothing to say after all: never spin
                }
            } else {
                return;
            }
        }
    }

    // Inline, on the loop: see the class comment.
    private void runDelegatedTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }

    /**
     * Encrypts {@code plain} whole, sending each record as it is made.
     *
     * @throws SSLException when the session is closed (the connection closes)
     */
    void write(ByteBuffer plain) throws IOException {
        while (plain.hasRemaining()) {
            SSLEngineResult result = wrap(plain);
            if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                throw new SSLException("TLS session closed");
            }
            if (result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
                throw new SSLException("TLS engine took no plaintext (" + result.getHandshakeStatus() + ")");
            }
            produceHandshake(); // a post-handshake message (a key update) may be due
        }
    }

    /** Wraps once from {@code plain} and sends the record made, if any. */
    private SSLEngineResult wrap(ByteBuffer plain) throws IOException {
        ByteBuffer out = buffers.encryptedOut;
        out.clear();
        SSLEngineResult result = engine.wrap(plain, out);
        noteFinished(result);
        out.flip();
        if (out.hasRemaining()) {
            output.send(out);
        }
        if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
            // Buffers.encryptedOut holds the session's largest record; the engine never needs more than that.
            throw new SSLException("TLS output buffer too small: " + out.capacity() + " bytes");
        }
        return result;
    }

    private void noteFinished(SSLEngineResult result) {
        if (result.getHandshakeStatus() == HandshakeStatus.FINISHED) {
            established = true;
        }
    }

    /** After an {@link SSLException}: sends the alert the engine made, if any; best effort. */
    private void sendAlert() {
        try {
            engine.closeOutbound();
            produceHandshake();
        } catch (IOException | RuntimeException e) {
            // the connection closes anyway
        }
    }

    /** Says {@code close_notify} (best effort: the connection is about to close or half-close). */
    void closeOutbound() {
        sendAlert();
    }
}

package io.httpmodels.load;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * One connection's TLS over a non-blocking channel: an {@link SSLEngine} (the JDK's or OpenSSL's, see {@link
 * ClientTlsProvider}) with the connection's encrypted bytes in and out. The {@link Worker} drives it as it drives a
 * plain channel: {@link #handshake} on every ready event until it says {@link Step#DONE}, then {@link #write} and
 * {@link #read} in place of the channel's own.
 * Delegated tasks (certificate checks) run inline, on the worker's thread: the worker has nothing else to run them
 * on, and its other connections wait meanwhile as they would for any other work it does.
 *
 * <p>Not thread-safe: owned by its worker's thread.
 */
final class TlsChannel {

    /** Where a handshake stands after {@link #handshake}: done, or waiting to read or to write. */
    enum Step {
        DONE,
        NEED_READ,
        NEED_WRITE
    }

    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    private final SlotTlsContext slot;
    private final SSLEngine engine;
    private final SocketChannel channel;
    /** Encrypted bytes read and not yet unwrapped; in fill mode between calls. */
    private final ByteBuffer netIn;
    /** Encrypted bytes wrapped and not yet written; in drain mode between calls. */
    private final ByteBuffer netOut;
    /** The slot's certificate chains checked when the handshake began: see {@link #resumed()}. */
    private final long chainsCheckedBefore;

    /**
     * Begins the handshake on a new engine of the slot's: the ClientHello is made by the first {@link #handshake}
     * call. {@link #release} frees the engine once the connection is closed.
     *
     * @throws SSLException the engine cannot begin (no protocol enabled); the engine is released then
     */
    TlsChannel(SlotTlsContext slot, String host, int port, SocketChannel channel) throws SSLException {
        this.slot = slot;
        this.chainsCheckedBefore = slot.chainsChecked();
        this.engine = slot.newEngine(host, port);
        this.channel = channel;
        try {
            int packet = engine.getSession().getPacketBufferSize();
            // Room for a few records per read, so pipelined answers decrypt in one go. The slot's own buffers,
            // direct or not as its engine prefers: its connections use them one at a time.
            this.netIn = slot.netIn(2 * packet);
            this.netOut = slot.netOut(packet);
            engine.beginHandshake();
        } catch (SSLException | RuntimeException e) {
            slot.release(engine);
            throw e;
        }
    }

    /** Frees the engine (OpenSSL's native {@code SSL}); once, when the connection is closed. */
    void release() {
        slot.release(engine);
    }

    /**
     * Takes the handshake as far as it goes without waiting.
     *
     * @param scratch room for any application bytes an unwrap produces during the handshake (none in HTTP/1.1,
     *                where the client speaks first)
     * @throws SSLException the handshake failed (a bad certificate, a peer that does not speak TLS, an alert)
     * @throws IOException  the connection failed or closed during the handshake
     */
    Step handshake(ByteBuffer scratch) throws IOException {
        while (true) {
            if (netOut.hasRemaining()) {
                channel.write(netOut);
                if (netOut.hasRemaining()) {
                    return Step.NEED_WRITE;
                }
            }
            switch (engine.getHandshakeStatus()) {
                case NEED_WRAP -> {
                    netOut.clear();
                    SSLEngineResult r = engine.wrap(EMPTY, netOut);
                    netOut.flip();
                    if (!netOut.hasRemaining()) {
                        // Closed, or nothing to send though it asked to: a loop would spin.
                        throw new SSLException("the TLS engine closed during the handshake (" + r.getStatus() + ")");
                    }
                }
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    if (!unwrapForHandshake(scratch)) {
                        return Step.NEED_READ;
                    }
                }
                case NEED_TASK -> runTasks();
                default -> {
                    return Step.DONE;
                }
            }
        }
    }

    /** One unwrap, reading first when no whole record is buffered; false when it must wait for bytes. */
    private boolean unwrapForHandshake(ByteBuffer scratch) throws IOException {
        netIn.flip();
        SSLEngineResult r;
        try {
            scratch.clear();
            r = engine.unwrap(netIn, scratch);
        } finally {
            netIn.compact();
        }
        switch (r.getStatus()) {
            case BUFFER_UNDERFLOW -> {
                if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.FINISHED) {
                    // OpenSSL's engine learns that its TLS 1.2 handshake ended on the unwrap after the server's
                    // Finished, with nothing left to read: waiting for bytes would wait for the server, which
                    // waits for the request.
                    return true;
                }
                int n = channel.read(netIn);
                if (n < 0) {
                    throw new EOFException("the server closed the connection during the TLS handshake");
                }
                return n > 0;
            }
            case CLOSED -> throw new SSLException("the server ended the TLS session during the handshake");
            default -> {
                // A record taken (or an engine with more to do): go on. Nothing taken: wait for bytes.
                return r.bytesConsumed() > 0 || r.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NEED_UNWRAP;
            }
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }

    /**
     * Reads what the channel has and decrypts it into {@code plain} (cleared first).
     *
     * @return plaintext bytes now in {@code plain} (flipped by the caller), or -1 at the end of the stream or of the
     *     TLS session with nothing left to give
     * @throws SSLException a record that does not decrypt, or an alert
     */
    int read(ByteBuffer plain) throws IOException {
        plain.clear();
        int n = channel.read(netIn);
        boolean closed = n < 0;
        netIn.flip();
        try {
            while (netIn.hasRemaining()) {
                SSLEngineResult r = engine.unwrap(netIn, plain);
                if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                    closed = true;
                    break;
                }
                if (r.getStatus() != SSLEngineResult.Status.OK) {
                    // Underflow: the rest of a record is still on its way. Overflow cannot happen: plain holds
                    // more than netIn's records decrypt to.
                    break;
                }
                if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                    runTasks();
                }
            }
        } finally {
            netIn.compact();
        }
        if (plain.position() == 0 && closed) {
            return -1;
        }
        return plain.position();
    }

    /**
     * Encrypts {@code plain}'s remaining bytes and writes them.
     *
     * @return true when everything went out; false when encrypted bytes wait for the channel to be writable (call
     *     again then, with the same buffer)
     */
    boolean write(ByteBuffer plain) throws IOException {
        while (true) {
            if (netOut.hasRemaining()) {
                channel.write(netOut);
                if (netOut.hasRemaining()) {
                    return false;
                }
            }
            if (!plain.hasRemaining()) {
                return true;
            }
            netOut.clear();
            SSLEngineResult r = engine.wrap(plain, netOut);
            netOut.flip();
            if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                throw new SSLException("the TLS session is closed");
            }
            if (r.bytesConsumed() == 0 && !netOut.hasRemaining()) {
                // The engine wants to handshake again (a renegotiation, a key update it cannot make): no progress
                // is possible here, and a loop would spin.
                throw new SSLException("the TLS engine took no bytes to send (" + r.getHandshakeStatus() + ")");
            }
        }
    }

    /**
     * Whether the finished handshake resumed an earlier session rather than made a new one: the server's certificate
     * chain was not checked during it ({@link CountingTrustManager}). A full handshake always shows the client the
     * chain, a resumed one never does; the slot makes one handshake at a time, so its count is this handshake's.
     */
    boolean resumed() {
        return slot.chainsChecked() == chainsCheckedBefore;
    }

    /** The application protocol ALPN settled on ({@code h2}), or null or empty when none was. */
    String applicationProtocol() {
        return engine.getApplicationProtocol();
    }

    /** The protocol the handshake settled on ({@code TLSv1.3}). */
    String protocol() {
        return engine.getSession().getProtocol();
    }
}

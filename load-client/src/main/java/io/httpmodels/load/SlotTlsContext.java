package io.httpmodels.load;

import javax.net.ssl.SSLEngine;
import java.nio.ByteBuffer;

/**
 * One connection slot's TLS context, kept across that slot's reconnects (see {@link TlsSettings#newContext}): it
 * makes the engine of each of the slot's connections, one at a time, lends each the slot's encrypted-byte buffers
 * (allocated once, not once a connection), and counts the certificate chains its trust manager checked, by which a
 * handshake is known to have resumed (it checked none). Owned by its worker's thread.
 */
abstract class SlotTlsContext {
    private ByteBuffer netIn;
    private ByteBuffer netOut;

    /** A client engine for one connection to {@code host:port}, offering the slot's last session if resuming. */
    abstract SSLEngine newEngine(String host, int port);

    /** Certificate chains checked so far: a handshake that ends with the count where it began resumed a session. */
    abstract long chainsChecked();

    /** Frees what a closed connection's engine holds outside the heap (OpenSSL's {@code SSL}); the JDK's: nothing. */
    abstract void release(SSLEngine engine);

    /** Frees the context itself, once its worker is done; nothing to do for the JDK's. */
    abstract void close();

    /**
     * Whether the engine works best on direct buffers: OpenSSL's reads and writes native memory, and copies a heap
     * buffer through a direct one of its own; the JDK's ciphers work on arrays.
     */
    abstract boolean directBuffers();

    /** The slot's buffer for encrypted bytes read, empty, in fill mode, of at least {@code bytes}. */
    final ByteBuffer netIn(int bytes) {
        netIn = fit(netIn, bytes);
        return netIn.clear();
    }

    /** The slot's buffer for encrypted bytes to write, empty, in drain mode, of at least {@code bytes}. */
    final ByteBuffer netOut(int bytes) {
        netOut = fit(netOut, bytes);
        return netOut.clear().flip();
    }

    private ByteBuffer fit(ByteBuffer b, int bytes) {
        if (b != null && b.capacity() >= bytes) {
            return b;
        }
        return directBuffers() ? ByteBuffer.allocateDirect(bytes) : ByteBuffer.allocate(bytes);
    }
}

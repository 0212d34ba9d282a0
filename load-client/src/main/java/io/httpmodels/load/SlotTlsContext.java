package io.httpmodels.load;

import javax.net.ssl.SSLEngine;

/**
 * One connection slot's TLS context, kept across that slot's reconnects (see {@link TlsSettings#newContext}): it
 * makes the engine of each of the slot's connections, one at a time, and counts the certificate chains its trust
 * manager checked, by which a handshake is known to have resumed (it checked none). Owned by its worker's thread.
 */
interface SlotTlsContext {

    /** A client engine for one connection to {@code host:port}, offering the slot's last session if resuming. */
    SSLEngine newEngine(String host, int port);

    /** Certificate chains checked so far: a handshake that ends with the count where it began resumed a session. */
    long chainsChecked();

    /** Frees what a closed connection's engine holds outside the heap (OpenSSL's {@code SSL}); the JDK's: nothing. */
    void release(SSLEngine engine);

    /** Frees the context itself, once its worker is done; nothing to do for the JDK's. */
    void close();
}

package io.httpmodels.server;

import java.net.InetSocketAddress;

/**
 * A server started by {@link HttpServerModel#start(ServerConfig)}. Closing it stops accepting, closes every
 * connection, ends every thread the model started and frees the port before {@link #close()} returns.
 * {@code close()} is idempotent and thread-safe.
 */
public interface RunningServer extends AutoCloseable {

    /** The address the server listens on, with the real port when the config asked for port 0. */
    InetSocketAddress address();

    /** The port the server listens on. */
    default int port() {
        return address().getPort();
    }

    /**
     * What is running, with the settings that matter for reading a measurement: for example
     * {@code "fixed-pool: 8 platform threads"} or {@code "netty: epoll, 2 event loops"}.
     */
    String description();

    /** Stops the server; see the class comment. Never throws. */
    @Override
    void close();
}

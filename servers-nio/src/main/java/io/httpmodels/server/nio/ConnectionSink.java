package io.httpmodels.server.nio;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Where an event loop's {@link io.httpmodels.server.http.HttpResponseWriter} sends what it renders: the socket of
 * the connection the loop is serving at the moment, as much as it takes at once when nothing of that connection is
 * queued yet, and the rest into the connection's {@link OutputQueue} (copied, since the writer reuses its buffer).
 * So the common answer leaves straight from the writer's buffer, with no copy and no allocation. The writer and the
 * readers built on it are the loop's, shared by its connections; the loop points the sink before it parses or
 * answers. For a TLS connection the writer's bytes go to its {@link TlsSession} instead, and the records it makes
 * come back through {@link #send}, to the socket or the queue alike.
 */
final class ConnectionSink extends OutputStream {

    private Connection target;

    void point(Connection connection) {
        this.target = connection;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (target.tls != null) {
            target.tls.write(ByteBuffer.wrap(b, off, len)); // its records come back through send
            return;
        }
        int written = 0;
        if (target.output.isEmpty() && !target.closed) {
            written = target.channel.write(ByteBuffer.wrap(b, off, len));
            if (written > 0) {
                target.lastActivityNanos = System.nanoTime();
            }
        }
        target.output.add(b, off + written, len - written);
    }

    /**
     * Sends {@code bytes} (encrypted ones, for a TLS connection) on {@code connection} as {@link #write} sends an
     * answer: what the socket takes now, the rest copied into its queue.
     */
    static void send(Connection connection, ByteBuffer bytes) throws IOException {
        if (connection.output.isEmpty() && !connection.closed) {
            if (connection.channel.write(bytes) > 0) {
                connection.lastActivityNanos = System.nanoTime();
            }
        }
        if (bytes.hasRemaining()) {
            connection.output.add(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
            bytes.position(bytes.limit());
        }
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }
}

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
 * answers.
 */
final class ConnectionSink extends OutputStream {

    private Connection target;

    void point(Connection connection) {
        this.target = connection;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int written = 0;
        if (target.output.isEmpty() && !target.closed) {
            written = target.channel.write(ByteBuffer.wrap(b, off, len));
            if (written > 0) {
                target.lastActivityNanos = System.nanoTime();
            }
        }
        target.output.add(b, off + written, len - written);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }
}

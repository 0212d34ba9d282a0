package io.httpmodels.server.nio;

import java.io.OutputStream;

/**
 * Where an event loop's {@link io.httpmodels.server.http.HttpResponseWriter} sends what it renders: the
 * {@link OutputQueue} of the connection the loop is serving at the moment. The writer and the readers built on it
 * are the loop's, shared by its connections; the loop points the sink before it parses or answers.
 */
final class ConnectionSink extends OutputStream {

    private OutputQueue target;

    void point(OutputQueue queue) {
        this.target = queue;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        target.add(b, off, len);
    }

    @Override
    public void write(int b) {
        target.add(new byte[] {(byte) b}, 0, 1);
    }
}

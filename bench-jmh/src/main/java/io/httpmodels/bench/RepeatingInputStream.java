package io.httpmodels.bench;

import java.io.InputStream;

/**
 * An endless stream that delivers the same bytes again and again, at most one copy per {@code read}: a
 * keep-alive connection whose client sends the same request (or pipelined batch) each time the server reads.
 * A codec can read from it for ever without being rebuilt, so a benchmark measures the codec's steady state.
 *
 * <p>Not thread-safe, and unlike {@link java.io.ByteArrayInputStream} not synchronized.
 */
public final class RepeatingInputStream extends InputStream {

    private final byte[] chunk;
    private int pos;

    public RepeatingInputStream(byte[] chunk) {
        if (chunk.length == 0) {
            throw new IllegalArgumentException("nothing to repeat");
        }
        this.chunk = chunk.clone();
    }

    @Override
    public int read() {
        int b = chunk[pos] & 0xFF;
        pos = (pos + 1) % chunk.length;
        return b;
    }

    @Override
    public int read(byte[] dst, int off, int len) {
        if (len == 0) {
            return 0;
        }
        int n = Math.min(len, chunk.length - pos);
        System.arraycopy(chunk, pos, dst, off, n);
        pos = (pos + n) % chunk.length;
        return n;
    }
}

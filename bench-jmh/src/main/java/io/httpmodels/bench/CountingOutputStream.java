package io.httpmodels.bench;

import java.io.OutputStream;

/**
 * A socket stand-in that keeps nothing and counts what it is given, so a benchmark can return the count and the
 * JIT cannot treat the writes as dead. Not thread-safe.
 */
public final class CountingOutputStream extends OutputStream {

    private long bytes;

    @Override
    public void write(int b) {
        bytes++;
    }

    @Override
    public void write(byte[] src, int off, int len) {
        bytes += len;
    }

    /** Bytes written so far. */
    public long bytes() {
        return bytes;
    }
}

package io.httpmodels.server.nio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;

/**
 * One connection's answers that the socket has not taken yet (their TLS records, over TLS), in order, and how
 * many bytes they are. Written with gathering writes; empty for an idle connection (no buffer is kept).
 *
 * <p>Used only by the connection's event loop.
 */
final class OutputQueue {

    private static final int MAX_GATHER = 64;

    private ArrayDeque<ByteBuffer> buffers;
    private long bytes;

    /** Appends a copy of {@code b[off, off + len)}. */
    void add(byte[] b, int off, int len) {
        if (len == 0) {
            return;
        }
        byte[] copy = new byte[len];
        System.arraycopy(b, off, copy, 0, len);
        if (buffers == null) {
            buffers = new ArrayDeque<>(4);
        }
        buffers.addLast(ByteBuffer.wrap(copy));
        bytes += len;
    }

    /** The bytes waiting. */
    long bytes() {
        return bytes;
    }

    boolean isEmpty() {
        return bytes == 0;
    }

    /**
     * Writes what the socket takes now, without blocking.
     *
     * @return the bytes written (0 when the socket's buffer is full)
     */
    long writeTo(SocketChannel channel) throws IOException {
        long written = 0;
        while (bytes > 0) {
            long n;
            if (buffers.size() == 1) {
                n = channel.write(buffers.peekFirst());
            } else {
                ByteBuffer[] batch = buffers.stream().limit(MAX_GATHER).toArray(ByteBuffer[]::new);
                n = channel.write(batch);
            }
            if (n <= 0) {
                break;
            }
            written += n;
            bytes -= n;
            while (!buffers.isEmpty() && !buffers.peekFirst().hasRemaining()) {
                buffers.removeFirst();
            }
        }
        if (bytes == 0) {
            buffers = null; // an idle connection keeps no queue
        }
        return written;
    }
}

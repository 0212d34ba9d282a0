package io.httpmodels.server.nio;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * The stream an event loop's {@link io.httpmodels.server.http.HttpRequestReader}s read from: it hands out the
 * bytes of the buffer it is pointed at and, once they are gone, throws {@link NeedMoreInput} instead of blocking
 * (or returns -1 when the peer has closed). The reader keeps what it parsed and resumes on the next read, so the
 * reactor parses with the shared codec and no second parser.
 *
 * <p>One per loop, used only by that loop's thread.
 */
final class InputFeed extends InputStream {

    /** Thrown when the buffer is used up: the socket has nothing more yet. Carries no stack trace. */
    static final class NeedMoreInput extends IOException {
        private NeedMoreInput() {
            super("no more input yet");
        }

        // Thrown at the end of nearly every read: a stack trace would cost more than the parse.
        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    static final NeedMoreInput NEED_MORE_INPUT = new NeedMoreInput();

    private ByteBuffer source = ByteBuffer.allocate(0);
    private boolean ended;

    /**
     * Points the feed at {@code bytes} (read from its position to its limit).
     *
     * @param ended whether the peer has closed: once {@code bytes} are used up, reads return -1
     */
    void point(ByteBuffer bytes, boolean ended) {
        this.source = bytes;
        this.ended = ended;
    }

    /** The bytes not yet handed out. */
    int remaining() {
        return source.remaining();
    }

    /** The buffer the feed is pointed at, positioned at the first byte not yet handed out. */
    ByteBuffer source() {
        return source;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int n = Math.min(len, source.remaining());
        if (n == 0) {
            if (ended) {
                return -1;
            }
            throw NEED_MORE_INPUT;
        }
        source.get(b, off, n);
        return n;
    }

    /** Not used: the reader reads in chunks, and a byte at a time would be a slow path to hide. */
    @Override
    public int read() {
        throw new UnsupportedOperationException("the request reader reads in chunks");
    }

    @Override
    public int available() {
        return source.remaining();
    }
}

package io.httpmodels.load;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;

import java.util.Arrays;

/**
 * The HPACK decoding of one HTTP/2 connection's response header blocks, for their {@code :status}: netty's decoder
 * (Huffman, the dynamic table), behind a cache of the last block that left the dynamic table as it was. A server
 * answers the same request with the same block, byte for byte, until its Date changes (nginx's every second), and a
 * block that adds no table entry and changes no table size means the same every time the table is the same: so an
 * identical block is the same status without decoding it again, and the rest go through netty. Not thread-safe: owned
 * by its connection's worker thread.
 */
final class H2ResponseHeaders {

    /** Blocks longer than this are never cached (a response's usual block is tens of bytes). */
    private static final int CACHED_BYTES = 512;

    private final Http2Headers headers = new DefaultHttp2Headers(false);
    private final byte[] cached = new byte[CACHED_BYTES];
    private int cachedLength = -1;
    private int cachedStatus;
    /** HPACK's decoder of this connection: its dynamic table lives as long as the connection. */
    private DefaultHttp2HeadersDecoder decoder;

    H2ResponseHeaders() {
        reset();
    }

    /** A new connection: an empty dynamic table, so a new decoder (once per connection), and nothing cached. */
    void reset() {
        cachedLength = -1;
        decoder = new DefaultHttp2HeadersDecoder(false, 64 * 1024) {
            @Override
            protected Http2Headers newHeaders() {
                return headers; // reused: only :status is read, before the next block
            }
        };
    }

    /**
     * Decodes a whole header block (every block must be decoded, in order, for the dynamic table) and returns its
     * {@code :status}, 0 when it has none (trailers) or it is not three digits.
     *
     * @param block a heap buffer holding the block, consumed
     * @throws Http2Exception the block does not decode (a compression error: the connection must end)
     */
    int status(int streamId, ByteBuf block) throws Http2Exception {
        byte[] bytes = block.array();
        int from = block.arrayOffset() + block.readerIndex();
        int n = block.readableBytes();
        if (n == cachedLength && Arrays.equals(bytes, from, from + n, cached, 0, n)) {
            block.skipBytes(n);
            return cachedStatus;
        }
        boolean cacheable = n <= CACHED_BYTES && leavesTableAlone(bytes, from, from + n);
        if (cacheable) {
            System.arraycopy(bytes, from, cached, 0, n);
        }
        cachedLength = -1; // a block that changes the table changes what an earlier one means
        int status;
        try {
            decoder.decodeHeaders(streamId, block);
            CharSequence s = headers.status();
            status = s == null ? 0 : parse(s);
        } finally {
            headers.clear();
        }
        if (cacheable) {
            cachedLength = n;
            cachedStatus = status;
        }
        return status;
    }

    private static int parse(CharSequence s) {
        if (s.length() != 3) {
            return 0;
        }
        int code = 0;
        for (int i = 0; i < 3; i++) {
            char ch = s.charAt(i);
            if (ch < '0' || ch > '9') {
                return 0;
            }
            code = code * 10 + (ch - '0');
        }
        return code;
    }

    /**
     * Whether a block only reads the tables: indexed fields and literals without indexing or never indexed (RFC 7541
     * §6.1, §6.2.2, §6.2.3), no literal with incremental indexing (§6.2.1) and no size update (§6.3). False for a
     * block that does not parse, which netty then rejects.
     */
    static boolean leavesTableAlone(byte[] b, int i, int end) {
        while (i < end) {
            int first = b[i] & 0xff;
            if ((first & 0x80) != 0) {
                i = skipInteger(b, i, end, 7);
            } else if ((first & 0xc0) == 0x40 || (first & 0xe0) == 0x20) {
                return false;
            } else {
                boolean literalName = (first & 0x0f) == 0;
                i = skipInteger(b, i, end, 4);
                if (literalName) {
                    i = skipString(b, i, end);
                }
                i = skipString(b, i, end);
            }
            if (i < 0) {
                return false;
            }
        }
        return true;
    }

    /** Past an HPACK integer with an N-bit prefix at {@code i}, or -1 when it runs past {@code end}. */
    private static int skipInteger(byte[] b, int i, int end, int prefixBits) {
        if (i < 0 || i >= end) {
            return -1;
        }
        int max = (1 << prefixBits) - 1;
        if ((b[i] & max) < max) {
            return i + 1;
        }
        for (int k = i + 1; k < end && k < i + 6; k++) {
            if ((b[k] & 0x80) == 0) {
                return k + 1;
            }
        }
        return -1;
    }

    /** Past a string literal (H bit, 7-bit-prefix length, the octets) at {@code i}, or -1 when it runs past end. */
    private static int skipString(byte[] b, int i, int end) {
        if (i < 0 || i >= end) {
            return -1;
        }
        long length = b[i] & 0x7f;
        int k = i + 1;
        if (length == 0x7f) {
            int shift = 0;
            while (true) {
                if (k >= end || shift > 28) {
                    return -1;
                }
                int next = b[k++];
                length += (long) (next & 0x7f) << shift;
                shift += 7;
                if ((next & 0x80) == 0) {
                    break;
                }
            }
        }
        long after = k + length;
        return after <= end ? (int) after : -1;
    }
}

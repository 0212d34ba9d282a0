package io.httpmodels.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;

import java.util.Arrays;

/**
 * The HPACK decoding of one HTTP/2 connection's response header blocks, for their {@code :status}: netty's decoder
 * (Huffman, the dynamic table), behind a cache of the last block whose meaning owes nothing to the dynamic table (it
 * names only static-table entries and literals). A server answers the same request with the same block, byte for
 * byte, until its Date changes (nginx's every second), so a repeat of the cached block is its status without decoding.
 *
 * <p>Such a block may still add entries to the table (nginx 1.22 adds its four response fields, every response): the
 * repeats skipped are a debt, paid before any other block is decoded by decoding the cached block again, at most
 * {@link #MAX_REPLAYS} times. That bound is enough: the table holds at most 4,096 bytes (this client never raises
 * SETTINGS_HEADER_TABLE_SIZE) and an entry takes at least 32, so after 129 repeats of one block its entries are all
 * the table holds, whatever came before. Not thread-safe: owned by its connection's worker thread.
 */
final class H2ResponseHeaders {

    /** Blocks longer than this are never cached (a response's usual block is tens of bytes). */
    private static final int CACHED_BYTES = 512;
    /** The last entry of HPACK's static table (RFC 7541 Appendix A). */
    private static final int LAST_STATIC = 61;
    /** Repeats of one block that leave the table as any greater number would (see the class comment). */
    static final int MAX_REPLAYS = 4096 / 32 + 1;

    private final Http2Headers headers = new DefaultHttp2Headers(false);
    private final byte[] cached = new byte[CACHED_BYTES];
    private final ByteBuf replay = Unpooled.wrappedBuffer(cached);
    private int cachedLength = -1;
    private int cachedStatus;
    /** Repeats of the cached block answered from the cache and not yet decoded. */
    private int debt;
    /** HPACK's decoder of this connection: its dynamic table lives as long as the connection. */
    private DefaultHttp2HeadersDecoder decoder;
    /** The value of the last integer {@link #integer} read. */
    private long value;

    H2ResponseHeaders() {
        reset();
    }

    /** A new connection: an empty dynamic table, so a new decoder (once per connection), and nothing cached. */
    void reset() {
        cachedLength = -1;
        debt = 0;
        decoder = new DefaultHttp2HeadersDecoder(false, 64 * 1024) {
            @Override
            protected Http2Headers newHeaders() {
                return headers; // reused: only :status is read, before the next block
            }
        };
    }

    /**
     * Decodes a whole header block (the dynamic table must see every block, in order) and returns its {@code
     * :status}, 0 when it has none (trailers) or it is not three digits.
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
            debt++;
            return cachedStatus;
        }
        for (int k = Math.min(debt, MAX_REPLAYS); k > 0; k--) {
            decode(streamId, replay.setIndex(0, cachedLength));
        }
        debt = 0;
        cachedLength = -1;
        boolean cacheable = n <= CACHED_BYTES && staticOnly(bytes, from, from + n);
        if (cacheable) {
            System.arraycopy(bytes, from, cached, 0, n);
        }
        int status = decode(streamId, block);
        if (cacheable) {
            cachedLength = n;
            cachedStatus = status;
        }
        return status;
    }

    private int decode(int streamId, ByteBuf block) throws Http2Exception {
        try {
            decoder.decodeHeaders(streamId, block);
            CharSequence s = headers.status();
            return s == null ? 0 : parse(s);
        } finally {
            headers.clear();
        }
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
     * Whether a block's meaning owes nothing to the dynamic table: every field it names by index names a static entry
     * (RFC 7541 §6.1, §6.2), and it has no size update (§6.3). It may add entries. False for a block that does not
     * parse, which netty then rejects.
     */
    boolean staticOnly(byte[] b, int i, int end) {
        while (i < end) {
            int first = b[i] & 0xff;
            if ((first & 0x80) != 0) {
                i = integer(b, i, end, 7);
                if (value > LAST_STATIC) {
                    return false;
                }
                continue;
            }
            if ((first & 0xe0) == 0x20) {
                return false;
            }
            // A literal: with incremental indexing (6-bit name index), or without or never indexed (4-bit).
            i = integer(b, i, end, (first & 0xc0) == 0x40 ? 6 : 4);
            if (i < 0 || value > LAST_STATIC) {
                return false;
            }
            if (value == 0) {
                i = string(b, i, end);
            }
            i = string(b, i, end);
            if (i < 0) {
                return false;
            }
        }
        return true;
    }

    /** Reads an HPACK integer with an N-bit prefix at {@code i} into {@link #value}; past it, or -1 past end. */
    private int integer(byte[] b, int i, int end, int prefixBits) {
        value = Long.MAX_VALUE;
        if (i < 0 || i >= end) {
            return -1;
        }
        int max = (1 << prefixBits) - 1;
        long v = b[i] & max;
        int k = i + 1;
        if (v == max) {
            int shift = 0;
            while (true) {
                if (k >= end || shift > 28) {
                    return -1;
                }
                int next = b[k++];
                v += (long) (next & 0x7f) << shift;
                shift += 7;
                if ((next & 0x80) == 0) {
                    break;
                }
            }
        }
        value = v;
        return k;
    }

    /** Past a string literal (H bit, 7-bit-prefix length, the octets) at {@code i}, or -1 past end. */
    private int string(byte[] b, int i, int end) {
        int k = integer(b, i, end, 7);
        if (k < 0) {
            return -1;
        }
        long after = k + value;
        return after <= end ? (int) after : -1;
    }
}

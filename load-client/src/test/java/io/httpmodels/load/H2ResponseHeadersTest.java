package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2HeadersEncoder;
import org.junit.jupiter.api.Test;

/** The status of every block, whether the cache answers it or netty's decoder does. */
class H2ResponseHeadersTest {

    private static byte[] bytes(ByteBuf b) {
        byte[] out = new byte[b.readableBytes()];
        b.readBytes(out);
        return out;
    }

    private static int status(H2ResponseHeaders decoder, byte[] block) throws Exception {
        ByteBuf buf = Unpooled.buffer(block.length).writeBytes(block);
        int status = decoder.status(1, buf);
        assertEquals(0, buf.readableBytes(), "the block is consumed");
        return status;
    }

    @Test
    void blocksThatIndexEntriesAreDecodedEveryTimeAndRepeatsOfOthersAnsweredAlike() throws Exception {
        // Netty's encoder adds every field to its table: its blocks then name them by dynamic index.
        DefaultHttp2HeadersEncoder encoder =
                new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.NEVER_SENSITIVE, false, 0);
        H2ResponseHeaders decoder = new H2ResponseHeaders();
        int[] statuses = {200, 404, 200, 200, 503, 503, 200};
        for (int round = 0; round < 3; round++) {
            for (int code : statuses) {
                ByteBuf out = Unpooled.buffer();
                encoder.encodeHeaders(
                        1,
                        new DefaultHttp2Headers().status(String.valueOf(code)).add("server", "x" + code),
                        out);
                assertEquals(code, status(decoder, bytes(out)));
            }
        }
    }

    @Test
    void aLiteralWithoutIndexingBlockIsCachedAndAnIndexingOneIsNot() throws Exception {
        // :status 200 (static 8), then server: nginx as a literal without indexing, name by static index 54.
        byte[] plain = {(byte) 0x88, 0x0f, 0x27, 5, 'n', 'g', 'i', 'n', 'x'};
        assertTrue(H2ResponseHeaders.leavesTableAlone(plain, 0, plain.length));
        // The same field with incremental indexing (0x40 | 54) changes the table.
        byte[] indexing = {(byte) 0x88, 0x76, 5, 'n', 'g', 'i', 'n', 'x'};
        assertFalse(H2ResponseHeaders.leavesTableAlone(indexing, 0, indexing.length));
        assertFalse(H2ResponseHeaders.leavesTableAlone(new byte[] {0x3f, (byte) 0xe1, 0x1f}, 0, 3), "a size update");
        assertFalse(H2ResponseHeaders.leavesTableAlone(plain, 0, plain.length - 1), "a cut string");
        H2ResponseHeaders decoder = new H2ResponseHeaders();
        for (int i = 0; i < 3; i++) {
            assertEquals(200, status(decoder, plain));
            assertEquals(200, status(decoder, indexing));
        }
        // 404 (static 13) after them: a different block, decoded.
        assertEquals(404, status(decoder, new byte[] {(byte) 0x8d}));
        assertEquals(0, status(decoder, new byte[] {0x0f, 0x27, 1, 'x'}), "trailers have no status");
    }
}

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
    void aBlockNamingOnlyStaticEntriesIsCachedAndItsInsertsPaidBeforeABlockThatNeedsThem() throws Exception {
        // nginx's way: :status 200 (static 8), then server: nginx with incremental indexing (0x40 | 54).
        byte[] nginx = {(byte) 0x88, 0x76, 5, 'n', 'g', 'i', 'n', 'x'};
        H2ResponseHeaders decoder = new H2ResponseHeaders();
        assertTrue(decoder.staticOnly(nginx, 0, nginx.length), "it adds an entry but needs none");
        byte[] dynamic = {(byte) 0xbe}; // index 62: the entry added last
        assertFalse(decoder.staticOnly(dynamic, 0, 1));
        assertFalse(decoder.staticOnly(new byte[] {0x3f, (byte) 0xe1, 0x1f}, 0, 3), "a size update");
        assertFalse(decoder.staticOnly(nginx, 0, nginx.length - 1), "a cut string");
        for (int i = 0; i < 500; i++) {
            assertEquals(200, status(decoder, nginx));
        }
        // 404 (static 13) then a literal with incremental indexing of :status 204 (0x40 | 8): a new entry at 62.
        assertEquals(404, status(decoder, new byte[] {(byte) 0x8d, 0x48, 3, '2', '0', '4'}));
        // Index 62 is :status 204 whatever the cache skipped: its debt was paid before.
        assertEquals(204, status(decoder, dynamic));
        // 63 is the entry before it: server: nginx, from the last repeat; no status.
        assertEquals(0, status(decoder, new byte[] {(byte) 0xbf}));
        assertEquals(0, status(decoder, new byte[] {0x0f, 0x27, 1, 'x'}), "trailers have no status");
    }
}

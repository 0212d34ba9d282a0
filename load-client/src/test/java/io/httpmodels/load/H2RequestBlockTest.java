package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.Test;

/** The request's three HPACK blocks, read back by netty's decoder in the order a connection sends them. */
class H2RequestBlockTest {

    private static String fields(Http2Headers headers) {
        StringBuilder sb = new StringBuilder();
        headers.forEach(
                e -> sb.append(e.getKey()).append('=').append(e.getValue()).append(';'));
        return sb.toString();
    }

    @Test
    void theFirstBlockFillsTheTableAndTheIndexedOneNamesTheSameFields() throws Exception {
        LoadConfig config = LoadConfig.builder("http://127.0.0.1:8080/plaintext?x=1")
                .method("PUT")
                .header("Accept: text/plain")
                .header("Connection: keep-alive")
                .header("X-Long: " + "v".repeat(200))
                .build();
        H2RequestBlock block = H2RequestBlock.of(config);
        DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(true);
        String expected = ":method=PUT;:scheme=http;:path=/plaintext?x=1;:authority=127.0.0.1:8080;"
                + "accept=text/plain;x-long=" + "v".repeat(200) + ";";
        assertEquals(expected, fields(decoder.decodeHeaders(1, Unpooled.wrappedBuffer(block.first()))));
        for (int id = 3; id < 9; id += 2) {
            assertEquals(expected, fields(decoder.decodeHeaders(id, Unpooled.wrappedBuffer(block.indexed()))));
        }
        assertEquals(expected, fields(decoder.decodeHeaders(11, Unpooled.wrappedBuffer(block.plain()))));
    }

    @Test
    void aGetOfTheRootIsStaticIndicesButTheAuthority() throws Exception {
        H2RequestBlock block =
                H2RequestBlock.of(LoadConfig.builder("http://localhost/").build());
        assertEquals(3 + 1, block.indexed().length, ":method, :scheme, :path static; :authority dynamic");
        DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(true);
        decoder.decodeHeaders(1, Unpooled.wrappedBuffer(block.first()));
        assertEquals(
                ":method=GET;:scheme=http;:path=/;:authority=localhost;",
                fields(decoder.decodeHeaders(3, Unpooled.wrappedBuffer(block.indexed()))));
    }
}

package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.Test;

class RequestPseudoHeadersTest {

    private static Http2Headers get() {
        return new DefaultHttp2Headers()
                .method("GET")
                .scheme("http")
                .path("/plaintext")
                .authority("x");
    }

    @Test
    void aRequestWithMethodSchemeAndPathIsWellFormed() {
        assertNull(RequestPseudoHeaders.problem(get()));
        assertNull(
                RequestPseudoHeaders.problem(
                        new DefaultHttp2Headers().method("GET").scheme("http").path("/")),
                ":authority is optional (RFC 9113 section 8.3.1)");
    }

    @Test
    void aRequestMissingARequiredPseudoHeaderIsMalformed() {
        assertEquals(
                "no :method",
                RequestPseudoHeaders.problem(
                        new DefaultHttp2Headers().scheme("http").path("/")));
        assertEquals(
                "no :scheme",
                RequestPseudoHeaders.problem(
                        new DefaultHttp2Headers().method("GET").path("/")));
        assertEquals(
                "no :path",
                RequestPseudoHeaders.problem(
                        new DefaultHttp2Headers().method("GET").scheme("http")));
        assertEquals(
                "an empty :path",
                RequestPseudoHeaders.problem(new DefaultHttp2Headers(false)
                        .method("GET")
                        .scheme("http")
                        .path("")));
    }

    @Test
    void connectNeedsNeitherSchemeNorPath() {
        assertNull(RequestPseudoHeaders.problem(
                new DefaultHttp2Headers().method("CONNECT").authority("x:443")));
    }
}

package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class HttpRequestTest {

    @Test
    void headersAreFoundByNameInAnyCaseFirstOneFirst() {
        HttpRequest request = new HttpRequest(
                "HEAD",
                "/",
                HttpRequest.HTTP_1_1,
                List.of(new HttpHeader("X-A", "1"), new HttpHeader("x-a", "2"), new HttpHeader("Host", "h")),
                new byte[0],
                true);
        assertEquals("1", request.header("x-A"));
        assertEquals("h", request.header("HOST"));
        assertNull(request.header("X-B"));
        assertTrue(request.isHead());
        assertFalse(new HttpRequest("head", "/", "HTTP/1.1", List.of(), new byte[0], true).isHead());
    }

    @Test
    void aHeaderIsAReadOnlyMapEntry() {
        Map.Entry<String, String> entry = new HttpHeader("Content-Type", "text/plain");
        assertEquals("Content-Type", entry.getKey());
        assertEquals("text/plain", entry.getValue());
        assertThrows(UnsupportedOperationException.class, () -> entry.setValue("x"));
    }

    @Test
    void aRejectionCarriesItsStatusAndDetail() {
        RequestRejectedException e = new RequestRejectedException(HttpStatus.URI_TOO_LONG, "too long");
        assertEquals(HttpStatus.URI_TOO_LONG, e.status());
        assertEquals("too long", e.detail());
        assertEquals(414, e.status().code());
        assertEquals("URI Too Long", e.status().reason());
    }
}

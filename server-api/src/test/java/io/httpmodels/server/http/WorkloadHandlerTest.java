package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

class WorkloadHandlerTest {

    private static HttpResponse handle(String method, String target, String body) {
        return WorkloadHandler.handle(new HttpRequest(
                method,
                target,
                HttpRequest.HTTP_1_1,
                List.of(new HttpHeader("Host", "h")),
                body.getBytes(StandardCharsets.ISO_8859_1),
                true));
    }

    private static String text(HttpResponse response) {
        return new String(response.body(), StandardCharsets.ISO_8859_1);
    }

    @Test
    void eachRouteAnswersWithItsBodyAndType() {
        HttpResponse plaintext = handle("GET", "/plaintext", "");
        assertEquals(HttpStatus.OK, plaintext.status());
        assertEquals("text/plain", plaintext.contentType());
        assertEquals("Hello, World!", text(plaintext));
        assertNull(plaintext.allow());
        HttpResponse json = handle("HEAD", "/json?x", "");
        assertEquals(HttpStatus.OK, json.status());
        assertEquals("application/json", json.contentType());
        assertEquals("{\"message\":\"Hello, World!\"}", text(json));
        HttpResponse echo = handle("POST", "/echo", "ping");
        assertEquals(HttpStatus.OK, echo.status());
        assertEquals("text/plain", echo.contentType());
        assertEquals("POST /echo HTTP/1.1\r\nHost: h\r\n\r\nping", text(echo));
    }

    @Test
    void anUnknownPathIs404AndAWrongMethod405WithAllow() {
        HttpResponse missing = handle("GET", "/nowhere", "");
        assertEquals(HttpStatus.NOT_FOUND, missing.status());
        assertEquals("404 Not Found: no route for /nowhere\n", text(missing));
        assertNull(missing.allow());
        HttpResponse refused = handle("POST", "/json", "x");
        assertEquals(HttpStatus.METHOD_NOT_ALLOWED, refused.status());
        assertEquals("text/plain", refused.contentType());
        assertEquals("405 Method Not Allowed: POST is not allowed on /json\n", text(refused));
        assertEquals("GET, HEAD, OPTIONS", refused.allow());
    }
}

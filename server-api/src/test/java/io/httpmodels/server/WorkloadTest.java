package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

class WorkloadTest {

    @Test
    void jsonIsSerialisedAnewForEveryRequest() {
        byte[] first = Workload.jsonBody();
        byte[] second = Workload.jsonBody();
        assertEquals("{\"message\":\"Hello, World!\"}", new String(first, StandardCharsets.UTF_8));
        assertNotSame(first, second);
    }

    @Test
    void echoRendersTheRequestCanonically() {
        byte[] echo = Workload.echoBody(
                "POST",
                "/echo",
                "HTTP/1.1",
                List.of(Map.entry("Host", "h"), Map.entry("X-A", "1")),
                "body".getBytes(StandardCharsets.UTF_8));
        assertEquals("POST /echo HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n\r\nbody", new String(echo, StandardCharsets.UTF_8));
    }
}

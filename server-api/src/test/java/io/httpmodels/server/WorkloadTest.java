package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        String large = "b".repeat(1000);
        byte[] echoLarge =
                Workload.echoBody("PUT", "/echo", "HTTP/1.0", List.of(), large.getBytes(StandardCharsets.UTF_8));
        assertEquals("PUT /echo HTTP/1.0\r\n\r\n" + large, new String(echoLarge, StandardCharsets.UTF_8));
    }

    @Test
    void thePlaintextBodyAndTheServerHeaderAreFixed() {
        assertEquals("Hello, World!", new String(Workload.plaintextBody(), StandardCharsets.US_ASCII));
        assertEquals("httpmodels-netty", Workload.serverHeader("netty"));
    }

    @Test
    void simulatedWorkSleepsOnTheCallingThreadAndNoWorkReturnsAtOnce() throws InterruptedException {
        long start = System.nanoTime();
        Workload.simulateWork(30);
        assertTrue(System.nanoTime() - start >= 30_000_000L, "30 ms of work slept at least 30 ms");
        Thread.currentThread().interrupt();
        try {
            Workload.simulateWork(0); // no sleep, so the interrupt is not consumed
            assertTrue(Thread.currentThread().isInterrupted());
            assertThrows(InterruptedException.class, () -> Workload.simulateWork(1));
        } finally {
            Thread.interrupted();
        }
    }
}

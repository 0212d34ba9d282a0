package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RouteTest {

    @Test
    void resolvesOriginAndAbsoluteFormTargetsIgnoringTheQuery() {
        assertEquals(Route.PLAINTEXT, Route.forTarget("/plaintext"));
        assertEquals(Route.JSON, Route.forTarget("/json?pretty=1"));
        assertEquals(Route.ECHO, Route.forTarget("http://localhost:8080/echo"));
        assertEquals(Route.ECHO, Route.forTarget("/echo#fragment"));
    }

    @Test
    void unknownTargetsHaveNoRoute() {
        assertNull(Route.forTarget("/plaintext/"));
        assertNull(Route.forTarget("/Plaintext"));
        assertNull(Route.forTarget("/"));
        assertNull(Route.forTarget("*"));
        assertNull(Route.forTarget(""));
        assertNull(Route.forTarget("http://host-without-path"));
        assertNull(Route.forTarget("http://"));
        assertNull(Route.forTarget("abc/plaintext"), "no scheme separator");
        assertNull(Route.forTarget("://host/plaintext"), "an empty scheme");
        assertNull(Route.forTarget("/plaintex"));
        assertNull(Route.forTarget("/plaintextt"));
    }

    @Test
    void eachRouteSaysItsPath() {
        assertEquals("/plaintext", Route.PLAINTEXT.path());
        assertEquals("/json", Route.JSON.path());
        assertEquals("/echo", Route.ECHO.path());
        assertEquals("GET, HEAD, OPTIONS", Route.JSON.allow());
        assertEquals(Route.JSON, Route.forTarget("h://x/json"));
    }

    @Test
    void headGoesWhereGetGoesAndPostOnlyToEcho() {
        for (Route route : Route.values()) {
            assertTrue(route.allows("GET"));
            assertTrue(route.allows("HEAD"));
            assertFalse(route.allows("get"), "methods are case-sensitive");
            assertFalse(route.allows("DELETE"));
        }
        assertTrue(Route.ECHO.allows("POST"));
        assertFalse(Route.PLAINTEXT.allows("POST"));
        assertEquals("GET, HEAD, POST, OPTIONS", Route.ECHO.allow());
    }
}

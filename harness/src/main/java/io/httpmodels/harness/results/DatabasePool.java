package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A model's database pool over a window, as its JVM tells it: how many connections it holds, and how long a
 * request waited for one.
 *
 * @param connections          the connections of every pool the model's JVM has open (one, or one per event loop)
 * @param waitMicrosPerRequest time requests waited for a connection, per request (HikariCP's own timing of each
 *                             wait); null for a pool that does not time its waits (Vert.x's)
 */
public record DatabasePool(
        int connections,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double waitMicrosPerRequest) {}

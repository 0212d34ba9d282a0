package io.httpmodels.harness.results;

/**
 * How a scenario's client connects: how many connections, whether it reuses them, how many requests each has in
 * flight.
 *
 * @param keepAlive   whether connections are reused; false opens a new connection per request
 * @param connections concurrent connections
 * @param pipeline    requests in flight per connection (1 = no pipelining)
 */
public record ConnectionShape(boolean keepAlive, int connections, int pipeline) {

    public ConnectionShape {
        if (connections < 1 || pipeline < 1) {
            throw new IllegalArgumentException(
                    "connections and pipeline must be >= 1, were " + connections + " and " + pipeline);
        }
    }
}

package io.httpmodels.harness.results;

/**
 * A cell's connections: how many the client kept open, and how many of them the server really served.
 *
 * @param connections       connections the client kept open
 * @param connectionsServed of those, how many completed at least one recorded response; null when not measured
 * @param connectsSucceeded TCP connections established, reconnects included; null when not measured
 */
public record ConnectionCounts(int connections, Integer connectionsServed, Long connectsSucceeded) {

    /** A cell of {@code connections} that was not measured. */
    public static ConnectionCounts none(int connections) {
        return new ConnectionCounts(connections, null, null);
    }
}

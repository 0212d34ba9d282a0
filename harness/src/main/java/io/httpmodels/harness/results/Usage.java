package io.httpmodels.harness.results;

/**
 * What a cell's window cost the machine, on either side.
 *
 * @param server the server's CPU, memory and threads over the window; null when not measured
 * @param client the client's own CPU over the window; null when not measured
 */
public record Usage(ServerUsage server, ClientUsage client) {

    /** Neither side measured. */
    public static final Usage NONE = new Usage(null, null);
}

package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a cell's window cost the machine, on either side.
 *
 * @param server   the server's CPU, memory and threads over the window; null when not measured
 * @param client   the client's own CPU over the window; null when not measured
 * @param database the database's CPU over the window, when the requests queried one this machine runs; else null
 *                 (absent from results.json)
 * @param databaseConnections the database's connections in use over the window, when the requests queried one;
 *                 else null (absent)
 */
public record Usage(
        ServerUsage server,
        ClientUsage client,
        @JsonInclude(JsonInclude.Include.NON_NULL) DatabaseUsage database,
        @JsonInclude(JsonInclude.Include.NON_NULL) DatabaseConnections databaseConnections) {

    /** Neither side measured. */
    public static final Usage NONE = new Usage(null, null);

    /** A window that queried no database of this machine's. */
    public Usage(ServerUsage server, ClientUsage client) {
        this(server, client, null, null);
    }

    /** A window whose database's connections were not sampled. */
    public Usage(ServerUsage server, ClientUsage client, DatabaseUsage database) {
        this(server, client, database, null);
    }

    /** The same with the database's connections. */
    public Usage withDatabaseConnections(DatabaseConnections value) {
        return new Usage(server, client, database, value);
    }
}

package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A database scenario's cost on the database's side, over the forks: what the server's figures leave out, and whether
 * the answers were right.
 *
 * @param cpuMicrosPerRequest PostgreSQL's CPU time per request, the median over the forks with its 95 % interval;
 *                            null when not measured ({@code --db-url}: a database the run does not own)
 * @param connections         its connections in use, over every window of every fork; null (absent) when not sampled
 * @param checks              the answers sampled during the windows and the rows updates wrote, summed over the
 *                            windows and forks; null (absent) when not checked
 */
public record DatabaseFigures(
        Estimate cpuMicrosPerRequest,
        @JsonInclude(JsonInclude.Include.NON_NULL) DatabaseConnections connections,
        @JsonInclude(JsonInclude.Include.NON_NULL) DatabaseChecks checks) {

    /** The database's CPU alone. */
    public DatabaseFigures(Estimate cpuMicrosPerRequest) {
        this(cpuMicrosPerRequest, null, null);
    }
}

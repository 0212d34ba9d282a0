package io.httpmodels.harness.results;

/**
 * A database scenario's cost on the database's side, over the forks: what the server's figures leave out.
 *
 * @param cpuMicrosPerRequest PostgreSQL's CPU time per request, the median over the forks with its 95 % interval
 */
public record DatabaseFigures(Estimate cpuMicrosPerRequest) {}

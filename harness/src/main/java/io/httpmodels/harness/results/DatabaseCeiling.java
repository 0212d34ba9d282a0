package io.httpmodels.harness.results;

/**
 * What the run's PostgreSQL serves with no HTTP server in front: pgbench running TechEmpower's {@code /db} query (one
 * random row by id, a prepared statement) from as many connections as a scenario has, pinned as the load client is,
 * in the same run. A model's {@code /db} requests/s over its {@link #queriesPerSecond()} is its share of the ceiling.
 *
 * @param connections               pgbench's clients, one connection each
 * @param queriesPerSecond          queries/s over the measured seconds, the median over pgbench's runs with its
 *                                  interval
 * @param databaseCpuMicrosPerQuery the database's CPU time per query over the same seconds (10 ms ticks)
 */
public record DatabaseCeiling(int connections, Estimate queriesPerSecond, Estimate databaseCpuMicrosPerQuery) {}

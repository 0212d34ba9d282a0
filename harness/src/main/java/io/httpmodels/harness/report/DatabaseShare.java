package io.httpmodels.harness.report;

import io.httpmodels.harness.results.DatabaseCeiling;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.server.Route;
import io.httpmodels.server.db.DatabaseRoutes;

import java.util.Locale;

/**
 * A database row against what PostgreSQL serves alone ({@link DatabaseCeiling}): the one definition of that share, for
 * every report. Only the routes that run the ceiling's query compare: {@code /db} (one read per request) and {@code
 * /queries?queries=N} (N); fortunes and updates run other statements. Stateless.
 */
final class DatabaseShare {

    private DatabaseShare() {}

    /** World reads a request of {@code scenario} makes with the ceiling's query, or 0 when its route runs others. */
    static int readsPerRequest(Scenario scenario) {
        Route route = Route.forTarget(scenario.route());
        if (route == Route.DB) {
            return 1;
        }
        return route == Route.QUERIES ? DatabaseRoutes.queryCount(scenario.route()) : 0;
    }

    /** The row's reads per second as a share of the ceiling at its connections, or null when they do not compare. */
    static Double ofCeiling(Results results, Scenario scenario, Summary row) {
        DatabaseCeiling ceiling = results.databaseCeiling(scenario.shape().connections());
        int reads = readsPerRequest(scenario);
        if (ceiling == null || reads == 0 || row.requestsPerSecond() == null) {
            return null;
        }
        double alone = ceiling.queriesPerSecond().value();
        return alone > 0 ? row.requestsPerSecond() * reads / alone : null;
    }

    /**
     * What PostgreSQL served alone at the scenario's connections, in one line, then at the run's other connection
     * counts (a pool's size among them) for what the database serves behind fewer sessions; null when not measured
     * at the scenario's.
     */
    static String ceilingLine(Results results, Scenario scenario) {
        DatabaseCeiling ceiling = results.databaseCeiling(scenario.shape().connections());
        if (ceiling == null) {
            return null;
        }
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "PostgreSQL alone (pgbench, TechEmpower's /db query prepared, %d connections, the same CPUs): %s",
                ceiling.connections(),
                figures(ceiling)));
        results.databaseCeilings().stream()
                .filter(other -> other.connections() != ceiling.connections())
                .forEach(other -> line.append(
                        String.format(Locale.ROOT, "; at %d connections: %s", other.connections(), figures(other))));
        return line.toString();
    }

    private static String figures(DatabaseCeiling ceiling) {
        return String.format(
                Locale.ROOT,
                "%s queries/s, %s µs of database CPU a query",
                Format.withPlusMinus(
                        Format.requestsPerSecond(ceiling.queriesPerSecond().value()), ceiling.queriesPerSecond()),
                Format.withPlusMinus(
                        Format.cpuMicros(ceiling.databaseCpuMicrosPerQuery().value()),
                        ceiling.databaseCpuMicrosPerQuery()));
    }
}

package io.httpmodels.server.vertx;

import io.httpmodels.server.Route;
import io.httpmodels.server.Workload;
import io.httpmodels.server.db.DatabaseRoutes;
import io.httpmodels.server.db.DatabaseSettings;
import io.httpmodels.server.db.Fortune;
import io.httpmodels.server.db.OpenPools;
import io.httpmodels.server.db.PoolWaits;
import io.httpmodels.server.db.World;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The database routes on Vert.x's reactive PostgreSQL client ({@code vertx-pg-client}), for one event loop: a pooled
 * client of a few connections, created in the verticle so that its connections and its callbacks are that loop's,
 * with the queries of all the loop's requests pipelined on them (up to {@value #PIPELINING_LIMIT} in flight on a
 * connection), as TechEmpower's vertx entry queries. Nothing blocks: a route returns a future that the loop completes
 * when the answers arrive.
 *
 * <p>The answers are {@link DatabaseRoutes}' (its {@code json}, {@code fortunesPage}, {@code queryCount} and
 * {@code randomIds}), so they are byte for byte those of every model; the queries are prepared statements, cached
 * per connection; {@code /updates} reads each row with a query of its own, then writes them in one batch
 * ({@code executeBatch}: one round trip, one implicit transaction) in id order, so that two requests updating the same
 * rows lock them in the same order and cannot deadlock. A failing database (down, a query refused) is answered
 * {@code 503} with the cause, as {@link DatabaseRoutes#answer} answers it.
 *
 * <p>Where it breaks: a connection's queries are answered in order, so one slow query holds up the loop's others on
 * that connection; requests beyond what the connections pipeline wait in the pool's queue, unbounded. It gives no
 * figure of those waits (Vert.x's pool times none without a metrics SPI), so this model reports its pool's size and
 * no waits.
 *
 * <p>Used on its event loop only.
 */
final class PgWorlds {

    /** Queries in flight on one connection at most: the client's default, which TechEmpower's entry also relies on. */
    static final int PIPELINING_LIMIT = 256;

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";

    private final SqlClient client;
    /** Ends this client's count among the JVM's open pools; set once it answered its first query. */
    private Runnable unregister = () -> {};

    private PgWorlds(SqlClient client) {
        this.client = client;
    }

    /**
     * A client of {@code connections} connections on the calling verticle's event loop (call it from the verticle's
     * start), checked with one query: a database that cannot be reached fails the future, and so the start.
     */
    static Future<PgWorlds> open(Vertx vertx, DatabaseSettings settings, int connections) {
        PgConnectOptions connect;
        try {
            connect = PgConnectOptions.fromUri(settings.jdbcUrl().substring("jdbc:".length()));
        } catch (IllegalArgumentException e) {
            return Future.failedFuture(new IllegalArgumentException(
                    "Vert.x's PostgreSQL client cannot read " + settings.jdbcUrl() + ": " + e.getMessage(), e));
        }
        connect.setUser(settings.user())
                .setPassword(settings.password())
                .setCachePreparedStatements(true)
                .setPipeliningLimit(PIPELINING_LIMIT);
        // Event-loop size 0 (the default): the pool's connections live on the event loop of the verticle creating it.
        SqlClient client = PgBuilder.client()
                .with(new PoolOptions().setMaxSize(connections))
                .connectingTo(connect)
                .using(vertx)
                .build();
        PgWorlds worlds = new PgWorlds(client);
        return client.query("SELECT 1")
                .execute()
                .<PgWorlds>map(rows -> {
                    // Its size counts among the JVM's pools; its waits are not timed (see above).
                    worlds.unregister = OpenPools.register(() -> PoolWaits.untimed(connections));
                    return worlds;
                })
                .recover(e -> client.close()
                        .transform(closed -> Future.failedFuture(new IllegalStateException(
                                "cannot reach the database at " + settings.jdbcUrl() + ": " + e.getMessage(), e))));
    }

    /** The answer to database route {@code route} with request target {@code target}; never a failed future. */
    Future<HttpResponse> answer(Route route, String target) {
        Future<HttpResponse> answer = switch (route) {
            case DB -> world(DatabaseRoutes.randomIds(1)[0]).map(world -> json(world));
            case QUERIES ->
                worlds(DatabaseRoutes.randomIds(DatabaseRoutes.queryCount(target)))
                        .map(PgWorlds::json);
            case FORTUNES ->
                fortunes()
                        .map(fortunes ->
                                HttpResponse.ok(DatabaseRoutes.TEXT_HTML, DatabaseRoutes.fortunesPage(fortunes)));
            case UPDATES -> update(DatabaseRoutes.queryCount(target)).map(PgWorlds::json);
            case PLAINTEXT, JSON, ECHO -> throw new IllegalArgumentException(route + " is not a database route");
        };
        return answer.recover(e -> Future.succeededFuture(
                HttpResponse.error(HttpStatus.SERVICE_UNAVAILABLE, "the database failed: " + e.getMessage())));
    }

    /** Closes the client and its connections. */
    Future<Void> close() {
        unregister.run();
        return client.close();
    }

    private static HttpResponse json(Object value) {
        return HttpResponse.ok(Workload.APPLICATION_JSON, DatabaseRoutes.json(value));
    }

    private Future<World> world(int id) {
        return client.preparedQuery(SELECT_WORLD).execute(Tuple.of(id)).map(rows -> {
            RowIterator<Row> row = rows.iterator();
            if (!row.hasNext()) {
                throw new NoSuchElementException("world has no row " + id);
            }
            Row found = row.next();
            return new World(found.getInteger(0), found.getInteger(1));
        });
    }

    /** Each row by a query of its own, all sent at once: they are pipelined on the loop's connections. */
    private Future<List<World>> worlds(int[] ids) {
        List<Future<World>> rows = new ArrayList<>(ids.length);
        for (int id : ids) {
            rows.add(world(id));
        }
        return Future.all(rows).map(all -> all.<World>list());
    }

    private Future<List<Fortune>> fortunes() {
        return client.preparedQuery(SELECT_FORTUNES).execute().map(PgWorlds::fortunes);
    }

    private static List<Fortune> fortunes(RowSet<Row> rows) {
        List<Fortune> fortunes = new ArrayList<>(rows.size());
        for (Row row : rows) {
            fortunes.add(new Fortune(row.getInteger(0), row.getString(1)));
        }
        return fortunes;
    }

    /** Reads {@code count} random rows, gives each a new random number and writes them back in one batch. */
    private Future<List<World>> update(int count) {
        int[] ids = DatabaseRoutes.randomIds(count);
        int[] numbers = DatabaseRoutes.randomIds(count);
        return worlds(ids).compose(read -> {
            List<World> written = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                written.add(new World(ids[i], numbers[i]));
            }
            List<World> byId = new ArrayList<>(written);
            byId.sort(Comparator.comparingInt(World::id));
            List<Tuple> batch = new ArrayList<>(count);
            for (World world : byId) {
                batch.add(Tuple.of(world.randomNumber(), world.id()));
            }
            return client.preparedQuery(UPDATE_WORLD).executeBatch(batch).map(done -> written);
        });
    }
}

package io.httpmodels.server.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.IMetricsTracker;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@link WorldStore} over JDBC (PostgreSQL's driver) through a fixed-size HikariCP pool, as TechEmpower's JDBC
 * entries query: prepared statements (the driver prepares them on the server from their fifth use per connection
 * and caches them), autocommit, one connection per request.
 *
 * <p>Where it breaks: a request waits at most {@link #CONNECTION_WAIT} for a pooled connection, then fails (the route
 * answers 503); a query on a database that stopped answering fails after {@link #SOCKET_TIMEOUT}. The pool opens
 * every connection at start and fails the start when the database cannot be reached, so a wrong URL is a start
 * error, not a run of 503s; a database that goes away later is reconnected to when it returns.
 */
public final class JdbcWorldStore implements WorldStore {

    /** The longest a request waits for a pooled connection before it is answered 503. */
    public static final Duration CONNECTION_WAIT = Duration.ofSeconds(5);
    /** The longest a query may go unanswered by a database that stopped answering. */
    public static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(10);

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";

    private final HikariDataSource pool;
    private final Runnable unregister;
    private final int poolSize;
    private final LongAdder acquired = new LongAdder();
    private final LongAdder waitNanos = new LongAdder();
    private final LongAdder timedOut = new LongAdder();

    private JdbcWorldStore(DatabaseSettings settings, int poolSize, String poolName) {
        this.poolSize = poolSize;
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(settings.jdbcUrl());
        config.setUsername(settings.user());
        config.setPassword(settings.password());
        config.setPoolName(poolName);
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(poolSize);
        config.setAutoCommit(true);
        config.setConnectionTimeout(CONNECTION_WAIT.toMillis());
        config.addDataSourceProperty("socketTimeout", SOCKET_TIMEOUT.toSeconds());
        config.addDataSourceProperty("tcpKeepAlive", true);
        config.setMetricsTrackerFactory((name, stats) -> new WaitTracker());
        this.pool = new HikariDataSource(config);
        this.unregister = OpenPools.register(this::poolWaits);
    }

    /**
     * Opens a pool of {@code settings.poolSizeOr(modelDefault)} connections and checks that the database answers.
     *
     * @param poolName names the pool's threads, e.g. the model's name
     * @throws SQLException when the database cannot be reached or refuses the user
     */
    public static JdbcWorldStore open(DatabaseSettings settings, int modelDefault, String poolName)
            throws SQLException {
        int size = settings.poolSizeOr(modelDefault);
        if (size < 1) {
            throw new IllegalArgumentException("a pool needs at least one connection, was " + size);
        }
        try {
            return new JdbcWorldStore(settings, size, poolName);
        } catch (RuntimeException e) { // HikariCP's PoolInitializationException wraps the driver's SQLException
            throw new SQLException("cannot reach the database at " + settings.jdbcUrl() + ": " + rootMessage(e), e);
        }
    }

    /**
     * The store a model's database routes query, or {@code null} when it was started without a database (they then
     * answer 503).
     *
     * @param modelDefault the pool size the model's design implies, used unless the settings give one
     * @throws IOException when the database cannot be reached: a server with a wrong database URL does not start
     */
    public static WorldStore openIfSet(Optional<DatabaseSettings> settings, int modelDefault, String poolName)
            throws IOException {
        if (settings.isEmpty()) {
            return null;
        }
        try {
            return open(settings.get(), modelDefault, poolName);
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public List<World> worlds(int[] ids) throws SQLException {
        try (Connection connection = connection();
                PreparedStatement select = connection.prepareStatement(SELECT_WORLD)) {
            List<World> worlds = new ArrayList<>(ids.length);
            for (int id : ids) {
                worlds.add(select(select, id));
            }
            return worlds;
        }
    }

    @Override
    public List<Fortune> fortunes() throws SQLException {
        try (Connection connection = connection();
                PreparedStatement select = connection.prepareStatement(SELECT_FORTUNES);
                ResultSet rows = select.executeQuery()) {
            List<Fortune> fortunes = new ArrayList<>(16);
            while (rows.next()) {
                fortunes.add(new Fortune(rows.getInt(1), rows.getString(2)));
            }
            return fortunes;
        }
    }

    @Override
    public List<World> update(int[] ids, int[] newNumbers) throws SQLException {
        if (ids.length != newNumbers.length) {
            throw new IllegalArgumentException(ids.length + " ids but " + newNumbers.length + " numbers");
        }
        try (Connection connection = connection();
                PreparedStatement select = connection.prepareStatement(SELECT_WORLD);
                PreparedStatement update = connection.prepareStatement(UPDATE_WORLD)) {
            List<World> worlds = new ArrayList<>(ids.length);
            for (int i = 0; i < ids.length; i++) {
                select(select, ids[i]);
                worlds.add(new World(ids[i], newNumbers[i]));
            }
            // One batch, sent in one round trip as one implicit transaction; in id order, so that two requests
            // updating the same rows lock them in the same order and cannot deadlock.
            World[] byId = worlds.toArray(World[]::new);
            Arrays.sort(byId, (a, b) -> Integer.compare(a.id(), b.id()));
            for (World world : byId) {
                update.setInt(1, world.randomNumber());
                update.setInt(2, world.id());
                update.addBatch();
            }
            update.executeBatch();
            return worlds;
        }
    }

    @Override
    public PoolWaits poolWaits() {
        return new PoolWaits(acquired.sum(), waitNanos.sum(), timedOut.sum(), poolSize, true);
    }

    @Override
    public void close() {
        unregister.run();
        pool.close();
    }

    private Connection connection() throws SQLException {
        return pool.getConnection();
    }

    private static World select(PreparedStatement select, int id) throws SQLException {
        select.setInt(1, id);
        try (ResultSet row = select.executeQuery()) {
            if (!row.next()) {
                throw new SQLException("world has no row " + id);
            }
            return new World(row.getInt(1), row.getInt(2));
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return String.valueOf(root.getMessage());
    }

    /** Sums the pool's own figures: HikariCP times each wait for a connection. */
    private final class WaitTracker implements IMetricsTracker {
        @Override
        public void recordConnectionAcquiredNanos(long elapsedAcquiredNanos) {
            acquired.increment();
            waitNanos.add(elapsedAcquiredNanos);
        }

        @Override
        public void recordConnectionTimeout() {
            timedOut.increment();
        }
    }
}

package io.httpmodels.server.db;

import java.sql.SQLException;
import java.util.List;

/**
 * The queries behind the database routes, blocking on the calling thread: the seam between what a route answers
 * ({@link DatabaseRoutes}) and how a model reaches the database ({@link JdbcWorldStore} through a pool). Each call
 * takes one pooled connection for its whole request and gives it back before returning.
 *
 * <p>Implementations are thread-safe.
 */
public interface WorldStore extends AutoCloseable {

    /** Rows in {@code world}, ids 1 to this; random numbers are drawn from the same range. */
    int WORLD_ROWS = 10_000;

    /** The {@code world} rows of {@code ids}, in that order, each read by a query of its own (TechEmpower's rule). */
    List<World> worlds(int[] ids) throws SQLException;

    /** Every row of {@code fortune}, in the database's order. */
    List<Fortune> fortunes() throws SQLException;

    /**
     * Reads the rows of {@code ids} one query each, gives each the new random number {@code newNumbers} holds at
     * its index, writes them back (in one batch where the driver allows) and returns the rows as written.
     */
    List<World> update(int[] ids, int[] newNumbers) throws SQLException;

    /** How long requests waited for a pooled connection so far. */
    PoolWaits poolWaits();

    /** Closes the pool and its connections. */
    @Override
    void close();
}

package io.httpmodels.server.db;

/**
 * How long requests waited for a connection from a model's database pool, summed since it opened: the queue in
 * front of the database that a blocking model's threads (or virtual threads) stand in.
 *
 * @param acquired   connections handed out
 * @param waitNanos  the time spent waiting for them, summed
 * @param timedOut   requests that gave up waiting (answered 503)
 * @param poolSize   the pool's size: its connections
 * @param waitsTimed whether the pool times its waits (a pool that does not, as Vert.x's, says only its size)
 */
public record PoolWaits(long acquired, long waitNanos, long timedOut, int poolSize, boolean waitsTimed) {

    /** No pool: nothing waited. */
    public static final PoolWaits NONE = new PoolWaits(0, 0, 0, 0, true);

    /** A pool of {@code poolSize} connections that does not time its waits. */
    public static PoolWaits untimed(int poolSize) {
        return new PoolWaits(0, 0, 0, poolSize, false);
    }
}

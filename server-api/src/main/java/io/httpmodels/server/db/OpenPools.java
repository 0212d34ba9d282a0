package io.httpmodels.server.db;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The database pools open in this JVM, whatever their kind (HikariCP's, Vert.x's reactive client), for what the
 * harness asks a model's JVM at a window's edges: their connections and waits, summed. A model's server has one
 * pool, or one per event loop. Thread-safe.
 */
public final class OpenPools {

    private static final Set<Supplier<PoolWaits>> OPEN = ConcurrentHashMap.newKeySet();

    private OpenPools() {}

    /**
     * Counts {@code pool} among the open ones until the returned handle is run (when the pool closes).
     *
     * @param pool what the pool says of itself now; called at each window's edges, from any thread
     */
    public static Runnable register(Supplier<PoolWaits> pool) {
        Supplier<PoolWaits> entry = pool::get; // a new identity: registering the same supplier twice counts twice
        OPEN.add(entry);
        return () -> OPEN.remove(entry);
    }

    /**
     * The open pools' connections and waits, summed; their waits are timed only when every pool times them. Null
     * when none is open.
     */
    public static PoolWaits sum() {
        long acquired = 0;
        long waitNanos = 0;
        long timedOut = 0;
        int size = 0;
        boolean timed = true;
        for (Supplier<PoolWaits> pool : OPEN) {
            PoolWaits waits = pool.get();
            acquired += waits.acquired();
            waitNanos += waits.waitNanos();
            timedOut += waits.timedOut();
            size += waits.poolSize();
            timed &= waits.waitsTimed();
        }
        return size == 0 ? null : new PoolWaits(acquired, waitNanos, timedOut, size, timed);
    }
}

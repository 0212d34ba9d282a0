package io.httpmodels.server.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import java.util.function.Supplier;

/** What a model's JVM says of its open database pools: their connections and waits, summed. */
class OpenPoolsTest {

    @Test
    void theOpenPoolsAreSummedUntilEachCloses() {
        Runnable first = OpenPools.register(() -> new PoolWaits(10, 2_000, 1, 4, true));
        Runnable second = OpenPools.register(() -> new PoolWaits(5, 1_000, 0, 4, true));
        try {
            assertEquals(new PoolWaits(15, 3_000, 1, 8, true), OpenPools.sum());
            first.run();
            assertEquals(new PoolWaits(5, 1_000, 0, 4, true), OpenPools.sum());
        } finally {
            first.run();
            second.run();
        }
        assertNull(OpenPools.sum(), "no pool open");
    }

    @Test
    void waitsAreTimedOnlyWhenEveryPoolTimesThem() {
        Runnable timed = OpenPools.register(() -> new PoolWaits(10, 2_000, 0, 4, true));
        Runnable untimed = OpenPools.register(() -> PoolWaits.untimed(2));
        try {
            assertEquals(new PoolWaits(10, 2_000, 0, 6, false), OpenPools.sum());
        } finally {
            timed.run();
            untimed.run();
        }
    }

    @Test
    void theSamePoolRegisteredTwiceCountsTwice() {
        Supplier<PoolWaits> pool = () -> PoolWaits.untimed(3);
        Runnable a = OpenPools.register(pool);
        Runnable b = OpenPools.register(pool);
        try {
            assertEquals(6, OpenPools.sum().poolSize());
        } finally {
            a.run();
            b.run();
        }
    }
}

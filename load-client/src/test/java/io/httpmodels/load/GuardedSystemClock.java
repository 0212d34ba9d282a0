package io.httpmodels.load;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * The system's clock for a loop under test on real sockets, with a {@link ReadGuard}: it waits and reads as
 * {@link NanoClock#SYSTEM} does, and fails a thread that reads it {@value ReadGuard#READ_LIMIT} times without
 * waiting.
 */
final class GuardedSystemClock implements NanoClock {

    private final ReadGuard guard = new ReadGuard();

    @Override
    public long nanoTime() {
        guard.read();
        return System.nanoTime();
    }

    @Override
    public void select(Selector selector, Consumer<SelectionKey> action, long timeoutMillis) throws IOException {
        guard.waited();
        NanoClock.super.select(selector, action, timeoutMillis);
    }

    @Override
    public boolean await(CountDownLatch latch, long timeoutNanos) throws InterruptedException {
        guard.waited();
        return NanoClock.super.await(latch, timeoutNanos);
    }
}

package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

class ReadGuardTest {

    private static void readTimes(ReadGuard guard, int times) {
        for (int i = 0; i < times; i++) {
            guard.read();
        }
    }

    @Test
    void aThreadMayReadTheLimitBetweenTwoWaits() {
        ReadGuard guard = new ReadGuard();
        readTimes(guard, ReadGuard.READ_LIMIT);
        guard.waited();
        assertDoesNotThrow(() -> readTimes(guard, ReadGuard.READ_LIMIT));
    }

    @Test
    void theReadingPastTheLimitFailsNamingTheThread() {
        ReadGuard guard = new ReadGuard();
        readTimes(guard, ReadGuard.READ_LIMIT);
        AssertionError e = assertThrows(AssertionError.class, guard::read);
        assertTrue(
                e.getMessage().startsWith(Thread.currentThread().getName() + " read the clock 100000 times"),
                e.getMessage());
    }

    @Test
    void itFailsOnceSoThatTheThreadMayReadOnItsWayOut() {
        ReadGuard guard = new ReadGuard();
        readTimes(guard, ReadGuard.READ_LIMIT);
        assertThrows(AssertionError.class, guard::read);
        assertDoesNotThrow(guard::read);
    }

    @Test
    void eachThreadCountsItsOwnReadings() throws InterruptedException {
        ReadGuard guard = new ReadGuard();
        readTimes(guard, ReadGuard.READ_LIMIT);
        AtomicReference<Throwable> other = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try {
                readTimes(guard, ReadGuard.READ_LIMIT);
            } catch (Throwable t) {
                other.set(t);
            }
        });
        reader.start();
        reader.join();
        assertNull(other.get(), String.valueOf(other.get()));
        assertThrows(AssertionError.class, guard::read);
    }
}

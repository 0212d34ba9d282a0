package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.function.UnaryOperator;

/** Each bound of {@link MachineLimits}, at and past its edge, against a given open-file limit and heap. */
class MachineLimitsTest {

    private static final long FILES = 1024;
    private static final long HEAP = 64L << 20;

    private static LoadConfig load(UnaryOperator<LoadConfig.Builder> settings) {
        return settings.apply(LoadConfig.builder("http://127.0.0.1:1/")).build();
    }

    private static String refused(LoadConfig config) {
        return assertThrows(IllegalArgumentException.class, () -> MachineLimits.check(config, FILES, HEAP))
                .getMessage();
    }

    @Test
    void threadsAreBetweenTheLeastAndTheBound() {
        assertDoesNotThrow(() -> MachineLimits.checkThreads("-t", 1, 1));
        assertDoesNotThrow(() -> MachineLimits.checkThreads("-t", MachineLimits.MAX_THREADS, 1));
        assertDoesNotThrow(() -> MachineLimits.checkThreads("--server-threads", 0, 0));
        assertEquals(
                "-t 0: threads must be between 1 and 4096",
                assertThrows(IllegalArgumentException.class, () -> MachineLimits.checkThreads("-t", 0, 1))
                        .getMessage());
        assertEquals(
                "-t 4097: threads must be between 1 and 4096",
                assertThrows(IllegalArgumentException.class, () -> MachineLimits.checkThreads("-t", 4097, 1))
                        .getMessage());
        assertTrue(refused(load(b -> b.connections(5000).threads(5000))).startsWith("-t 5000: threads"));
    }

    @Test
    void connectionsAndTheirThreadsSelectorsFitUnderTheOpenFileLimit() {
        // 1024 files: 64 kept aside, 3 for the one thread's selector, so 957 connections and no more.
        assertDoesNotThrow(() -> MachineLimits.check(load(b -> b.connections(957)), FILES, HEAP));
        assertEquals(
                "-c 958 needs 1025 open files, more than this process may open (1024, ulimit -n): give fewer"
                        + " connections or raise the limit",
                refused(load(b -> b.connections(958))));
        assertTrue(refused(load(b -> b.connections(900).idleConnections(50).slowConnections(10)))
                .startsWith("960 connections (50 idle, 10 slow beside -c 900) needs 1027 open files"));
        assertTrue(refused(load(b -> b.connections(950).threads(4))).startsWith("-c 950 needs 1026 open files"));
    }

    @Test
    void theConnectionsHeapIsWithinHalfOfTheJvms() {
        // A plain connection 2 KiB, pipelined 16 more bytes per request in flight: 64 MiB / 2 holds 16,384 plain.
        assertDoesNotThrow(() -> MachineLimits.check(load(b -> b.connections(900)), 1 << 20, HEAP));
        String pipelined = assertThrows(
                        IllegalArgumentException.class,
                        () -> MachineLimits.check(load(b -> b.connections(2000).pipeline(1024)), 1 << 20, HEAP))
                .getMessage();
        assertEquals(
                "-c 2000 at --pipeline 1024 needs about 35 MiB of heap for its connections, more than half of this"
                        + " JVM's 64 MiB (-Xmx, e.g. in HTTPMODELS_JAVA_OPTS): give fewer connections or a larger heap",
                pipelined);
        LoadConfig tls =
                LoadConfig.builder("https://127.0.0.1:1/").connections(600).build();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MachineLimits.check(tls, 1 << 20, HEAP))
                .getMessage()
                .startsWith("-c 600 needs about 38 MiB of heap"));
        assertDoesNotThrow(() -> MachineLimits.check(
                LoadConfig.builder("https://127.0.0.1:1/").connections(400).build(), 1 << 20, HEAP));
    }

    @Test
    void theRequestTimesThePipelineIsAtMost64MiB() {
        byte[] body = new byte[100 * 1024];
        assertDoesNotThrow(
                () -> MachineLimits.check(load(b -> b.connections(1).body(body).pipeline(600)), FILES, HEAP));
        assertTrue(refused(load(b -> b.connections(1).body(body).pipeline(700)))
                .contains("times --pipeline 700 is 68 MiB, more than the 64 MiB a worker writes from"));
    }

    @Test
    void theRateIsWhatTheNanosecondClockSchedules() {
        assertDoesNotThrow(() -> MachineLimits.check(load(b -> b.rate(1e9)), FILES, HEAP));
        assertEquals(
                "-R 1000000001: the rate must be at most 1000000000 requests/s (one a nanosecond, the clock's"
                        + " resolution)",
                refused(load(b -> b.rate(1e9 + 1))));
    }
}

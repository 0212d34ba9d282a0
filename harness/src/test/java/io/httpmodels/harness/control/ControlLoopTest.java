package io.httpmodels.harness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.db.PoolWaits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

class ControlLoopTest {

    private static ControlReply answer(String line) {
        return answer(line, ServerRestart.NONE);
    }

    private static ControlReply answer(String line, ServerRestart restart) {
        return new ControlLoop(
                        InputStream.nullInputStream(),
                        new PrintWriter(new StringWriter()),
                        "test",
                        restart,
                        new CarrierPinningRecorder())
                .answer(line);
    }

    @Test
    void statsAnswerWithTheRequestsId() {
        ControlReply reply = answer("stats 42");
        assertEquals(42, reply.id());
        assertEquals(ControlReply.STATS, reply.kind());
        assertTrue(reply.stats().threadsStarted() > 0);
        assertTrue(
                reply.stats().threadStates().containsKey("RUNNABLE"),
                reply.stats().threadStates().toString());
    }

    @Test
    void statsCarryNoPinsUntilAskedToCountThemAndSayWhy() {
        JvmStats stats = answer("stats 1").stats();
        assertNull(stats.pinning());
        assertEquals("not started", stats.pinningNote());
    }

    /**
     * A virtual thread that sleeps inside a class initializer pins its carrier even on JDK 24+ (JEP 491 unpinned
     * {@code synchronized} and {@code Object.wait()}, not a native frame: the JVM calls the initializer), and JFR
     * says so; the control loop's next answers carry the pin, once JFR has handed it over (within about a second).
     */
    @Test
    @Timeout(60)
    void aVirtualThreadBlockedInAClassInitializerIsCountedAsAPinOfItsCarrier() throws Exception {
        try (CarrierPinningRecorder pinning = new CarrierPinningRecorder()) {
            ControlLoop loop = new ControlLoop(
                    InputStream.nullInputStream(),
                    new PrintWriter(new StringWriter()),
                    "test",
                    ServerRestart.NONE,
                    pinning);
            ControlReply started = loop.answer("pinning-start 1");
            assertEquals(ControlReply.PINNING, started.kind(), started.message());
            // The stream opens on a thread of its own; asked until it runs, bounded.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            long id = 2;
            JvmStats before = loop.answer("stats " + id++).stats();
            while (before.pinning() == null && System.nanoTime() < deadline) {
                assertTrue(before.pinningNote().contains("starting"), before.pinningNote());
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
                before = loop.answer("stats " + id++).stats();
            }
            assertNotNull(before.pinning(), "the stream did not start: " + before.pinningNote());
            CarrierPinning counted = before.pinning();

            Thread.ofVirtual().start(SleepsInItsInitializer::touch).join();

            // JFR delivers its events when it flushes, about once a second: asked until they arrive, bounded.
            CarrierPinning seen = loop.answer("stats " + id++).stats().pinning();
            while (seen.events() == counted.events() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
                seen = loop.answer("stats " + id++).stats().pinning();
            }
            // More than before: the recorder counts every pin of this JVM, and other tests' may pin too.
            assertTrue(seen.events() > counted.events(), "the pin: " + seen + ", before it " + counted);
            assertTrue(
                    seen.nanos() - counted.nanos() >= TimeUnit.MILLISECONDS.toNanos(SleepsInItsInitializer.MILLIS),
                    "the pin lasted the sleep: " + seen + ", before it " + counted);
            assertEquals(ControlReply.PINNING, loop.answer("pinning-start 99").kind(), "a second start is harmless");
        }
    }

    /** Sleeps in its static initializer, which the JVM runs, once, in the first thread that touches it. */
    private static final class SleepsInItsInitializer {
        static final long MILLIS = 10;

        static {
            try {
                Thread.sleep(MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        static void touch() {}
    }

    @Test
    void whatIsNotARequestIsAnErrorThatSaysWhy() {
        assertEquals("unknown request: hello", answer("hello 1").message());
        assertEquals("not an id: x", answer("stats x").message());
        assertEquals("profiler-start wants an event", answer("profiler-start 3").message());
        assertTrue(answer("profiler-start 4 cycles").message().contains("no such profiling event: cycles"));
        assertTrue(answer("profiler-stop 5 /tmp/x.html").message().contains("not running"));
    }

    @Test
    void aRestartStartsTheServerAgainWithTheWorkItIsGivenAndSaysWhatRunsNow() {
        List<Integer> asked = new ArrayList<>();
        ControlReply reply = answer("restart 9 1", millis -> {
            asked.add(millis);
            return "single-thread, " + millis + " ms work";
        });
        assertEquals(List.of(1), asked);
        assertEquals(9, reply.id());
        assertEquals(ControlReply.RESTARTED, reply.kind());
        assertEquals("single-thread, 1 ms work", reply.message());
    }

    @Test
    void aRestartWithoutWhatItNeedsIsAnErrorAndRestartsNothing() {
        List<Integer> asked = new ArrayList<>();
        ServerRestart restart = millis -> {
            asked.add(millis);
            return "restarted";
        };
        for (String line : List.of("restart 1", "restart 2 -1", "restart 3 1ms")) {
            ControlReply reply = answer(line, restart);
            assertTrue(reply.error(), line);
            assertTrue(reply.message().startsWith("restart wants the work per request"), reply.message());
        }
        assertEquals(List.of(), asked);
        ControlReply refused = answer("restart 4 1");
        assertTrue(refused.error());
        assertEquals(
                "restart failed: java.lang.UnsupportedOperationException: this server cannot restart",
                refused.message());
        ControlReply failed = answer("restart 5 1", millis -> {
            throw new IOException("Address already in use");
        });
        assertEquals("restart failed: java.io.IOException: Address already in use", failed.message());
    }

    @Test
    void anAnswerIsOneLineThatReadsBackEqual() {
        ControlReply reply = new ControlReply(
                7,
                ControlReply.STATS,
                new JvmStats(
                        1,
                        2,
                        3,
                        "PS Scavenge",
                        4,
                        5,
                        6,
                        Map.of("RUNNABLE", 6),
                        7,
                        8,
                        null,
                        new PoolWaits(10, 2_000_000, 1, 8, true),
                        new CarrierPinning(3, 4_500_000),
                        null),
                null,
                null);
        String line = ControlProtocol.line(reply);
        assertTrue(line.startsWith(ControlProtocol.PREFIX));
        assertEquals(-1, line.indexOf('\n'));
        assertEquals(reply, ControlProtocol.parse(line).orElseThrow());
        assertTrue(ControlProtocol.parse("listening on ...").isEmpty());
        assertTrue(ControlProtocol.parse("control {broken").isEmpty());
    }
}

package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.httpmodels.load.ScriptedServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

/**
 * A closed loop taking turns ({@link Turns}) with another load: it sends only in its own turns, to the nanosecond of
 * a {@link TestClock}; what is in flight when its turn ends is still answered and timed; a connection ready outside
 * its turns sends when the next one begins.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkerTurnsTest {

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }

    private static WorkerRun run(TestClock clock, ScriptedServer server, LoadConfig config) {
        WorkerRun run = WorkerRun.of(
                clock, server.address(), config, config.connections().count(), -1, 0);
        assertNull(run.run().abortReason(), run.run().abortReason());
        return run;
    }

    @Test
    void itSendsOnlyInItsOwnTurnsAndAnAnswerThatComesInTheOthersIsStillTimed() throws IOException {
        TestClock clock = new TestClock();
        // Turns of 7 ms from the start, this load the second: its turns are [7, 14), [21, 28), [35, 42), [49, 56).
        // Answers take 2 ms: four requests a turn, the last answered at 15, 29, 43 and 57 ms, in the other's turn.
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(2)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .duration(ms(60))
                    .turns(Turns.of(TestClock.START_NANOS, ms(7), 1, 2))
                    .build();
            WorkerRun r = run(clock, server, config);
            List<Duration> sent = LongStream.of(7, 9, 11, 13, 21, 23, 25, 27, 35, 37, 39, 41, 49, 51, 53, 55)
                    .mapToObj(WorkerTurnsTest::ms)
                    .toList();
            assertEquals(sent, server.requestTimes(), "the start of each turn is met exactly, none sent outside");
            assertEquals(16, r.worker().completed(), "the answer at 57 ms is in the window (60 ms) and counts");
            assertEquals(16, r.latencies().getCountAtValue(2_000), "each 2 ms, those answered in the other's turn too");
        }
    }

    @Test
    void theFirstLoadBeginsAtTheEpochAndEveryConnectionWaitsForItsNextTurn() throws IOException {
        TestClock clock = new TestClock();
        // Two connections, answers after 6 ms, turns of 10 ms: both send at 0, 6, then wait for 20, 26, then 40, 46.
        try (ScriptedServer server =
                ScriptedServer.start(clock, (i, c) -> Reply.ok().after(ms(6)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(2)
                    .duration(ms(50))
                    .turns(Turns.of(TestClock.START_NANOS, ms(10), 0, 2))
                    .build();
            WorkerRun r = run(clock, server, config);
            assertEquals(List.of(6, 6), server.requestsPerConnection());
            assertEquals(
                    List.of(ms(0), ms(0), ms(6), ms(6), ms(20), ms(20), ms(26), ms(26), ms(40), ms(40), ms(46), ms(46)),
                    server.requestTimes());
            assertEquals(10, r.worker().completed(), "the two sent at 46 ms are answered after the 50 ms window");
        }
    }

    @Test
    void aConnectionTheServerClosesWhileItWaitsForItsTurnIsReopenedAndWaitsOnce() throws IOException {
        TestClock clock = new TestClock();
        // Turns of 10 ms, this load the first; each answer comes 8 ms after its request. The second, at 16 ms, leaves
        // the connection waiting for 20 ms, and the server closes it at 17 ms: it is reopened at once and waits
        // (once) for 20 ms on the new connection.
        try (ScriptedServer server = ScriptedServer.start(
                clock,
                (i, c) -> i == 1
                        ? Reply.ok().after(ms(8)).thenIdleClose(ms(1))
                        : Reply.ok().after(ms(8)))) {
            LoadConfig config = LoadConfig.builder(server.url("/"))
                    .connections(1)
                    .duration(ms(40))
                    .turns(Turns.of(TestClock.START_NANOS, ms(10), 0, 2))
                    .build();
            WorkerRun r = run(clock, server, config);
            assertEquals(List.of(ms(0), ms(8), ms(20), ms(28)), server.requestTimes());
            assertEquals(List.of(2, 2), server.requestsPerConnection());
            assertEquals(4, r.worker().completed());
            assertEquals(0, r.worker().errors().total(), "an idle connection closed by the server is no error");
        }
    }

    @Test
    void turnsNeedATimedClosedLoop() {
        Turns turns = Turns.of(0, ms(10), 0, 2);
        IllegalArgumentException rate = assertThrows(
                IllegalArgumentException.class,
                () -> LoadConfig.builder("http://127.0.0.1:1/")
                        .duration(ms(10))
                        .rate(100)
                        .turns(turns)
                        .build());
        assertEquals("turns need a timed closed loop (no rate, no request count)", rate.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> LoadConfig.builder("http://127.0.0.1:1/")
                        .requests(10)
                        .turns(turns)
                        .build());
        assertEquals(
                turns,
                LoadConfig.builder("http://127.0.0.1:1/")
                        .duration(ms(10))
                        .turns(turns)
                        .build()
                        .pacing()
                        .turns());
    }
}

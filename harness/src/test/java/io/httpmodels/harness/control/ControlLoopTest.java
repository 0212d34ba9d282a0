package io.httpmodels.harness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.db.PoolWaits;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

class ControlLoopTest {

    private static ControlReply answer(String line) {
        return answer(line, ServerRestart.NONE);
    }

    private static ControlReply answer(String line, ServerRestart restart) {
        return new ControlLoop(InputStream.nullInputStream(), new PrintWriter(new StringWriter()), "test", restart)
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
                        new PoolWaits(10, 2_000_000, 1, 8, true)),
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

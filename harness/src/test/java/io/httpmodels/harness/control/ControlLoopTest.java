package io.httpmodels.harness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

class ControlLoopTest {

    private static ControlReply answer(String line) {
        return new ControlLoop(InputStream.nullInputStream(), new PrintWriter(new StringWriter()), "test").answer(line);
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
    void anAnswerIsOneLineThatReadsBackEqual() {
        ControlReply reply = new ControlReply(
                7,
                ControlReply.STATS,
                new JvmStats(1, 2, 3, "PS Scavenge", 4, 5, 6, Map.of("RUNNABLE", 6), 7, 8, null),
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

package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.control.ControlLoop;
import io.httpmodels.harness.control.ControlProtocol;
import io.httpmodels.harness.control.ControlReply;
import io.httpmodels.harness.control.JvmStats;
import io.httpmodels.harness.control.ServerRestart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/** The harness's end of the channel against the server's own loop, over pipes, in this JVM. */
@Timeout(30)
class ControlChannelTest {

    @Test
    void primingAsksForStatsAndForPinsOnlyWhenTold() {
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        ControlChannel channel = new ControlChannel(sent);
        channel.prime(false);
        assertEquals("stats 1\n", sent.toString(StandardCharsets.UTF_8));
        sent.reset();
        channel.prime(true);
        assertEquals(ControlProtocol.PINNING_START + " 2\nstats 3\n", sent.toString(StandardCharsets.UTF_8));
    }

    @Test
    void statsComeBackForTheRequestAsked() throws IOException {
        PipedInputStream serverIn = new PipedInputStream();
        ControlChannel channel = new ControlChannel(new PipedOutputStream(serverIn));
        ControlLoop.start(serverIn, new PrintWriter(lines(channel), true), "test", ServerRestart.NONE);
        Optional<JvmStats> stats = channel.stats(Duration.ofSeconds(10));
        assertTrue(stats.isPresent());
        assertTrue(stats.get().liveThreads() > 0);
        assertTrue(stats.get().allocatedBytes() > 0, "this JVM has allocated: " + stats.get());
        Optional<ControlReply> unknown = channel.request("nonsense", null, Duration.ofSeconds(10));
        assertTrue(unknown.orElseThrow().error());
        assertTrue(unknown.get().message().contains("nonsense"));
        assertFalse(channel.silent());
    }

    @Test
    void aChildThatNeverAnswersIsAskedOnceThenNoMore() {
        ControlChannel channel = new ControlChannel(OutputStream.nullOutputStream());
        long started = System.nanoTime();
        assertTrue(channel.stats(Duration.ofMillis(200)).isEmpty());
        assertTrue(channel.silent());
        assertTrue(channel.stats(Duration.ofSeconds(10)).isEmpty());
        assertTrue(System.nanoTime() - started < Duration.ofSeconds(5).toNanos(), "the second ask did not wait");
    }

    @Test
    void anAnswerToAnEarlierRequestIsNotTakenForTheCurrentOne() {
        ControlChannel channel = new ControlChannel(OutputStream.nullOutputStream());
        channel.accept(ControlProtocol.line(new ControlReply(99, ControlReply.STATS, null, null, null)));
        channel.accept("control not json");
        channel.accept("some other line the server printed");
        assertEquals(Optional.empty(), channel.request("stats", null, Duration.ofMillis(200)));
    }

    /** A writer that hands every line it gets to the channel, as ChildServer's reader of stdout does. */
    private static Writer lines(ControlChannel channel) {
        return new Writer() {
            private final StringBuilder line = new StringBuilder();

            @Override
            public void write(char[] buffer, int offset, int length) {
                for (int i = offset; i < offset + length; i++) {
                    if (buffer[i] == '\n') {
                        channel.accept(line.toString());
                        line.setLength(0);
                    } else {
                        line.append(buffer[i]);
                    }
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
    }
}

package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ServerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpResponseEncoder;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * {@link RequestDeadlineHandler} in the netty model's pipeline on an {@link EmbeddedChannel} whose clock stands
 * still until a test moves it: the deadlines to the millisecond, and no timer at all on the fast path.
 */
class RequestDeadlineHandlerTest {

    private static final Duration HEAD = Duration.ofSeconds(10);
    private static final Duration BODY = Duration.ofSeconds(30);
    private static final ServerConfig CONFIG =
            ServerConfig.defaults().withHeaderTimeout(HEAD).withBodyTimeout(BODY);
    private static final String GET = "GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n";

    private static EmbeddedChannel channel() {
        RequestDeadlineHandler deadlines = new RequestDeadlineHandler(CONFIG);
        EmbeddedChannel channel = new EmbeddedChannel(
                deadlines.bytesWatcher(),
                new NettyRequestDecoder(
                        NettyServerInitializer.decoderConfig(CONFIG),
                        CONFIG.limits().maxBodyBytes()),
                deadlines,
                new HttpResponseEncoder(),
                new NettyServerHandler(CONFIG, null));
        channel.freezeTime();
        return channel;
    }

    /** Writes each piece as one read batch, then returns everything the server wrote since, as text. */
    private static String read(EmbeddedChannel channel, String... pieces) {
        for (String piece : pieces) {
            channel.writeInbound(Unpooled.copiedBuffer(piece, StandardCharsets.ISO_8859_1));
        }
        return written(channel);
    }

    /** Moves the clock, runs the timers that are due, and returns what the server wrote meanwhile. */
    private static String after(EmbeddedChannel channel, long millis) {
        channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        return written(channel);
    }

    private static String written(EmbeddedChannel channel) {
        StringBuilder out = new StringBuilder();
        for (Object msg; (msg = channel.readOutbound()) != null; ) {
            ByteBuf buf = (ByteBuf) msg;
            out.append(buf.toString(StandardCharsets.ISO_8859_1));
            buf.release();
        }
        return out.toString();
    }

    @Test
    void requestsThatArriveWholeScheduleNoTimer() {
        EmbeddedChannel channel = channel();
        String out = read(channel, GET, GET + GET, "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nab");
        assertEquals(4, out.split("HTTP/1.1 200 OK", -1).length - 1, out);
        assertEquals(-1, channel.runScheduledPendingTasks(), "no timer scheduled");
        assertEquals("", after(channel, Duration.ofHours(1).toMillis()));
        assertTrue(channel.isOpen());
    }

    @Test
    void aHeadSpanningReadsIsCutAtItsDeadlineWith408() {
        EmbeddedChannel channel = channel();
        assertEquals("", read(channel, "GET /plaintext HTTP/1.1\r\nHo"));
        assertEquals(HEAD.toNanos(), channel.runScheduledPendingTasks(), "one timer, due at the head deadline");
        assertEquals("", after(channel, HEAD.toMillis() - 1));
        assertEquals("", read(channel, "st: h\r\n"), "still within the deadline");
        String out = after(channel, 1);
        assertTrue(out.startsWith("HTTP/1.1 408 Request Timeout\r\n"), out);
        assertTrue(out.contains("request head not received within 10000 ms"), out);
        assertFalse(channel.isOpen(), "closed after the 408");
    }

    @Test
    void aHeadCompletedInTimeIsNotCut() {
        EmbeddedChannel channel = channel();
        read(channel, "GET /plaintext HTTP/1.1\r\nHo");
        assertTrue(read(channel, "st: h\r\n\r\n").startsWith("HTTP/1.1 200 OK"));
        assertEquals("", after(channel, HEAD.toMillis() * 10));
        assertTrue(channel.isOpen());
    }

    @Test
    void aBodyIsTimedFromTheEndOfItsHead() {
        EmbeddedChannel channel = channel();
        assertEquals("", read(channel, "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nab"));
        assertEquals("", after(channel, BODY.toMillis() - 1));
        String out = after(channel, 1);
        assertTrue(out.startsWith("HTTP/1.1 408 Request Timeout\r\n"), out);
        assertTrue(out.contains("request body not received within 30000 ms"), out);
        assertFalse(channel.isOpen());
    }

    /** Keep-alive idling is the idle timeout's (not in this pipeline); the next head gets a deadline of its own. */
    @Test
    void thePauseBetweenRequestsIsNotTimed() {
        EmbeddedChannel channel = channel();
        read(channel, GET);
        assertEquals("", after(channel, HEAD.toMillis() * 6));
        assertTrue(channel.isOpen());
        read(channel, "GET /plaintext HTTP/1.1\r\n");
        assertEquals("", after(channel, HEAD.toMillis() - 1));
        assertTrue(after(channel, 1).startsWith("HTTP/1.1 408 "));
    }

    /** A head that starts while the timer waits for a later body deadline gets its own, earlier check. */
    @Test
    void aHeadAfterATimedBodyIsCutAtItsOwnDeadline() {
        EmbeddedChannel channel = channel();
        read(channel, "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nab");
        after(channel, 1_000);
        String out = read(channel, "cdGET /plaintext HTTP/1.1\r\n");
        assertTrue(out.startsWith("HTTP/1.1 200 OK"), out);
        // The head's bytes came in the same batch as the body's end: its clock starts with the next read.
        read(channel, "Host: h\r\n");
        assertEquals("", after(channel, HEAD.toMillis() - 1));
        assertTrue(after(channel, 1).startsWith("HTTP/1.1 408 "), "cut 10 s after its first timed read, not at 31 s");
    }

    /** A request refused before its body (404) is not answered twice: a late body only closes the connection. */
    @Test
    void aLateBodyAfterA404OnlyCloses() {
        EmbeddedChannel channel = channel();
        String refused = read(channel, "POST /nowhere HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nab");
        assertTrue(refused.startsWith("HTTP/1.1 404 "), refused);
        assertEquals("", after(channel, BODY.toMillis()));
        assertFalse(channel.isOpen());
    }
}

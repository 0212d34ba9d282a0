package io.httpmodels.server.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.ServerConfig;
import io.netty.buffer.Unpooled;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * {@link WriteDeadlineHandler} on an {@link EmbeddedChannel} whose clock stands still until a test moves it: a
 * channel is made unwritable by writing past its high water mark without flushing (the peer takes nothing), and
 * writable again by flushing (it took them).
 */
class WriteDeadlineHandlerTest {

    private static final Duration IDLE = Duration.ofSeconds(30);
    private static final int HIGH = 1024;

    private static EmbeddedChannel channel() {
        EmbeddedChannel channel = new EmbeddedChannel(
                new WriteDeadlineHandler(ServerConfig.defaults().withIdleTimeout(IDLE)));
        channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(HIGH / 2, HIGH));
        channel.freezeTime();
        return channel;
    }

    private static void overTheMark(EmbeddedChannel channel) {
        channel.write(Unpooled.wrappedBuffer(new byte[HIGH + 1]));
        assertFalse(channel.isWritable());
    }

    private static void drained(EmbeddedChannel channel) {
        channel.flush();
        channel.releaseOutbound();
        assertTrue(channel.isWritable());
    }

    private static void after(EmbeddedChannel channel, long millis) {
        channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
    }

    @Test
    void aChannelThatStaysWritableSchedulesNothing() {
        EmbeddedChannel channel = channel();
        for (int i = 0; i < 100; i++) {
            channel.writeAndFlush(Unpooled.wrappedBuffer(new byte[HIGH / 4]));
        }
        channel.releaseOutbound();
        assertEquals(-1, channel.runScheduledPendingTasks(), "no timer");
        after(channel, IDLE.toMillis() * 10);
        assertTrue(channel.isOpen());
    }

    @Test
    void aChannelUnwritableForTheIdleTimeoutIsClosedThenAndNotBefore() {
        EmbeddedChannel channel = channel();
        overTheMark(channel);
        after(channel, IDLE.toMillis() - 1);
        assertTrue(channel.isOpen(), "1 ms before the deadline");
        after(channel, 1);
        assertFalse(channel.isOpen(), "at the deadline");
        channel.finishAndReleaseAll();
    }

    @Test
    void aChannelThatDrainsInTimeStaysOpenAndItsNextStallIsTimedFromItsOwnStart() {
        EmbeddedChannel channel = channel();
        overTheMark(channel);
        after(channel, IDLE.toMillis() - 1);
        drained(channel);
        after(channel, 1); // the first timer fires on a writable channel: nothing
        assertTrue(channel.isOpen());
        after(channel, 10_000);
        overTheMark(channel); // a second stall, 10 s later
        after(channel, IDLE.toMillis() - 1);
        assertTrue(channel.isOpen(), "the second stall has its own whole timeout");
        after(channel, 1);
        assertFalse(channel.isOpen());
        channel.finishAndReleaseAll();
    }

    @Test
    void aStallThatBeginsWhileAnEarlierTimerIsPendingIsTimedFromItsOwnStart() {
        EmbeddedChannel channel = channel();
        overTheMark(channel);
        after(channel, 5_000);
        drained(channel);
        after(channel, 5_000);
        overTheMark(channel); // 10 s in; the timer set at 0 fires at 30 s and must re-arm for 40 s
        after(channel, IDLE.toMillis() - 10_000);
        assertTrue(channel.isOpen(), "at 30 s: the second stall is 20 s old");
        after(channel, 10_000 - 1);
        assertTrue(channel.isOpen());
        after(channel, 1);
        assertFalse(channel.isOpen(), "at 40 s");
        channel.finishAndReleaseAll();
    }

    @Test
    void closingTheChannelCancelsTheTimer() {
        EmbeddedChannel channel = channel();
        overTheMark(channel);
        channel.close();
        assertEquals(-1, channel.runScheduledPendingTasks(), "no timer left");
        channel.finishAndReleaseAll();
    }
}

package io.httpmodels.server.netty;

import io.httpmodels.server.ServerConfig;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import io.netty.util.concurrent.Ticker;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The request deadlines of {@link ServerConfig} for one connection: a head must arrive within
 * {@link ServerConfig.Timeouts#header()} of its first byte, a body within {@link ServerConfig.Timeouts#body()} of the
 * end of its head. When one is missed it fires a {@link Expired} user event down the pipeline, as
 * {@link io.netty.handler.timeout.IdleStateHandler} fires its idle events, and stops timing: the
 * {@link NettyServerHandler} answers 408 (or, if it already answered that request, only closes). The idle timeout
 * stays with {@code IdleStateHandler}: it bounds each silence, between requests too; these bound each request.
 *
 * <p>It sees the connection from two places: {@link #bytesWatcher()}, placed before the decoder, learns that the
 * first bytes of a head have arrived; this handler, placed after the decoder, learns that a head is complete
 * (an {@link HttpRequest}) and that a body is (a {@link LastHttpContent}). A phase's clock starts at the end of the
 * read batch it began in ({@code channelReadComplete}), so a request that arrives whole in one batch, the fast
 * path, is never timed: it costs two field writes and no clock read, no timer. One timer at most per connection,
 * scheduled only when a request spans read batches and re-armed for what is left when it fires early (as
 * IdleStateHandler does), so a busy connection does not schedule and cancel a task per request.
 *
 * <p>Where it breaks: bytes of a following head left over in the decoder after a request ends in the same batch
 * (a pipelined batch cut mid-head) are not seen as a head's start until the next read brings more bytes; a
 * trickling client is then cut one trickle interval late (bounded by the idle timeout if it stops sending).
 *
 * <p>One instance per channel, used on its event loop only: not thread-safe, not sharable.
 */
final class RequestDeadlineHandler extends ChannelInboundHandlerAdapter {

    /** A request deadline passed: the event this handler fires, once per connection at most. */
    record Expired(boolean body, Duration timeout) {
        /** The reason, for the 408's body. */
        String detail() {
            return "request " + (body ? "body" : "head") + " not received within " + timeout.toMillis() + " ms";
        }
    }

    private enum Phase {
        /** Waiting for a request: only the idle timeout applies. */
        IDLE,
        /** Bytes of a head have arrived, the head is not complete. */
        HEAD,
        /** A head is complete, its body is not. */
        BODY,
        /** A deadline was missed: nothing more is timed. */
        EXPIRED
    }

    private static final long NOT_STARTED = Long.MIN_VALUE;

    private final Duration headerTimeout;
    private final Duration bodyTimeout;
    private final ChannelHandler bytesWatcher = new BytesWatcher();

    private ChannelHandlerContext ctx;
    /** The event loop's clock, as its timers' (a test's EmbeddedChannel can move it). */
    private Ticker ticker;

    private Phase phase = Phase.IDLE;
    /** When the current phase's clock started, on {@link #ticker}; NOT_STARTED until it is timed. */
    private long startNanos = NOT_STARTED;
    /** The one pending check, or null; it fires at {@link #timerAtNanos}. */
    private ScheduledFuture<?> timer;

    private long timerAtNanos;

    RequestDeadlineHandler(ServerConfig config) {
        this.headerTimeout = config.timeouts().header();
        this.bodyTimeout = config.timeouts().body();
    }

    /** The handler to place before the request decoder: it notes that bytes arrived, and passes them on. */
    ChannelHandler bytesWatcher() {
        return bytesWatcher;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        this.ticker = context.executor().ticker();
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        if (phase != Phase.EXPIRED) {
            if (msg instanceof HttpRequest) {
                phase = Phase.BODY; // a head is complete; a bodiless one ends at once, just below
                startNanos = NOT_STARTED;
            }
            if (msg instanceof LastHttpContent) {
                phase = Phase.IDLE;
                startNanos = NOT_STARTED;
            }
        }
        context.fireChannelRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext context) {
        if ((phase == Phase.HEAD || phase == Phase.BODY) && startNanos == NOT_STARTED) {
            startNanos = ticker.nanoTime();
            armFor(startNanos + timeout().toNanos());
        }
        context.fireChannelReadComplete();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        cancelTimer();
        context.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext context) {
        cancelTimer();
    }

    private Duration timeout() {
        return phase == Phase.BODY ? bodyTimeout : headerTimeout;
    }

    // Makes sure a check runs by deadlineNanos: keeps a timer due earlier, replaces one due later.
    private void armFor(long deadlineNanos) {
        if (timer != null) {
            if (timerAtNanos - deadlineNanos <= 0) {
                return;
            }
            timer.cancel(false);
        }
        timerAtNanos = deadlineNanos;
        timer = ctx.executor().schedule(this::check, deadlineNanos - ticker.nanoTime(), TimeUnit.NANOSECONDS);
    }

    private void check() {
        timer = null;
        if (!ctx.channel().isActive() || startNanos == NOT_STARTED || phase == Phase.IDLE || phase == Phase.EXPIRED) {
            return; // the request it was armed for completed in time; the next one arms its own
        }
        long deadlineNanos = startNanos + timeout().toNanos();
        if (deadlineNanos - ticker.nanoTime() > 0) {
            armFor(deadlineNanos); // a later phase, or a later request, started after this timer was set
            return;
        }
        Expired expired = new Expired(phase == Phase.BODY, timeout());
        phase = Phase.EXPIRED;
        ctx.fireUserEventTriggered(expired);
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    /** Before the decoder: a read while no request is under way starts a head. */
    private final class BytesWatcher extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext context, Object msg) {
            if (phase == Phase.IDLE) {
                phase = Phase.HEAD;
            }
            context.fireChannelRead(msg);
        }
    }
}

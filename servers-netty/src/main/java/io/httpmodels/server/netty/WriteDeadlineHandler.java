package io.httpmodels.server.netty;

import io.httpmodels.server.ServerConfig;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import io.netty.util.concurrent.Ticker;

import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose peer stops taking its answers, as {@code WriteDeadlineServerSocket} does for the
 * blocking models: once the channel turns unwritable (more than {@link ServerConfig.Limits#maxPendingOutputBytes()} of
 * answers unsent, so the handler has stopped reading it), it must turn writable again (down to half of that)
 * within the idle timeout, else it is closed, and its unsent answers released with it. Like nginx's
 * {@code send_timeout} the limit is on progress, not on a whole answer: a peer that reads slowly but steadily
 * is never cut; one that reads less than half the bound per idle timeout is.
 *
 * <p>Costs nothing while the connection is writable: one timer at most, scheduled when it turns unwritable and
 * re-armed for what is left when it fires after the connection has been writable in between (as
 * {@link io.netty.handler.timeout.IdleStateHandler} does).
 *
 * <p>One instance per channel, used on its event loop only: not thread-safe, not sharable.
 */
final class WriteDeadlineHandler extends ChannelInboundHandlerAdapter {

    private static final long WRITABLE = Long.MIN_VALUE;

    private final long timeoutNanos;

    private ChannelHandlerContext ctx;
    /** The event loop's clock, as its timers' (a test's EmbeddedChannel can move it). */
    private Ticker ticker;
    /** When the channel last turned unwritable, on {@link #ticker}; WRITABLE while it is writable. */
    private long unwritableSinceNanos = WRITABLE;

    private ScheduledFuture<?> timer;

    WriteDeadlineHandler(ServerConfig config) {
        this.timeoutNanos = config.timeouts().idle().toNanos();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        this.ticker = context.executor().ticker();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (context.channel().isWritable()) {
            unwritableSinceNanos = WRITABLE; // the timer, if any, sees it and re-arms or ends
        } else if (unwritableSinceNanos == WRITABLE) {
            unwritableSinceNanos = ticker.nanoTime();
            if (timer == null) {
                timer = context.executor().schedule(this::check, timeoutNanos, TimeUnit.NANOSECONDS);
            }
        }
        context.fireChannelWritabilityChanged();
    }

    private void check() {
        timer = null;
        long since = unwritableSinceNanos;
        if (since == WRITABLE || !ctx.channel().isActive()) {
            return;
        }
        long leftNanos = since + timeoutNanos - ticker.nanoTime();
        if (leftNanos > 0) {
            // It was writable for a while and turned unwritable again after this timer was set.
            timer = ctx.executor().schedule(this::check, leftNanos, TimeUnit.NANOSECONDS);
            return;
        }
        // From the pipeline's first handler, past any SslHandler: its close would queue a close_notify behind the
        // answers this peer does not take, wait 3 s for it to leave, then log a WARN and close anyway.
        ctx.pipeline().firstContext().close();
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

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}

package io.httpmodels.server.netty;

import io.httpmodels.server.Workload;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.util.ReferenceCountUtil;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One connection's answers on their way out, strictly in request order, with the simulated work of
 * {@link io.httpmodels.server.ServerConfig#workMillis()} and the database's queries off-loaded from the event loop.
 *
 * <p>An answer that needs no work ({@link #emit}) is written at once, unless answers before it still wait for
 * their work: then it queues behind them. An answer that needs work ({@link #offload}) queues; its work starts
 * on the model's work executor once the work of the answer before it is done, and its completion comes back to
 * the event loop, which writes every answer at the head of the queue that is ready. An answer that only its work
 * can build ({@link #offloadAnswer}: a database route's, known once its queries are done) is built on the work
 * executor, after the simulated work, and comes back to the loop the same way. So one connection's requests
 * are worked one after another (pipelined or not), as a blocking server reading them one by one would, while the
 * loop serves every other connection. Writes go out with the channel's void promise and are flushed once per read
 * batch ({@link #flushIfWritten}, from {@code channelReadComplete}) or when a completion writes.
 *
 * <p>The queue is bounded by its owner: {@link #queuedBytes()} estimates what it holds, and the handler stops
 * reading the connection while that is over {@link io.httpmodels.server.ServerConfig.Limits#maxPendingOutputBytes()},
 * so a client that pipelines faster than its work drains cannot grow it without end. A connection has at most
 * one job in the executor at a time, so a deep pipeline cannot crowd out other connections' work; but the executor
 * is shared FIFO, so when more connections have work than it has threads every answer waits alike (the fixed
 * pool's ceiling: threads / work time). If the executor refuses work (the server is closing), every waiting
 * answer is dropped and the connection closed.
 *
 * <p>Used only on its channel's event loop (completions hop back to it): not thread-safe.
 */
final class OrderedResponses {

    /** An answer's head as the encoder will write it (status line, Server, Date, type, length): about this. */
    static final int HEAD_BYTES_ESTIMATE = 160;

    private final Executor workExecutor;
    private final int workMillis;
    private final Runnable onAbandoned;
    private final Consumer<ChannelHandlerContext> onWorkDone;

    /** Answers not yet written, oldest first; used only when work is off-loaded or waits on off-loaded work. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();

    /** Something was written since the last flush. */
    private boolean needsFlush;

    /** What {@link #pending} holds, estimated: each answer's body plus {@link #HEAD_BYTES_ESTIMATE}. */
    private long queuedBytes;

    /**
     * @param workExecutor where simulated work runs; {@code null} when {@code workMillis} is 0
     * @param workMillis   the simulated work per off-loaded answer, in milliseconds
     * @param onAbandoned  run on the event loop when the executor refuses work and the connection is being closed
     * @param onWorkDone   run on the event loop after a completion has handed the answers it freed to the channel
     */
    OrderedResponses(
            Executor workExecutor, int workMillis, Runnable onAbandoned, Consumer<ChannelHandlerContext> onWorkDone) {
        this.workExecutor = workExecutor;
        this.workMillis = workMillis;
        this.onAbandoned = onAbandoned;
        this.onWorkDone = onWorkDone;
    }

    /** Whether no answer waits: everything decided so far has been handed to the channel. */
    boolean isEmpty() {
        return pending.isEmpty();
    }

    /** The bytes of the answers that wait (not yet handed to the channel), estimated. */
    long queuedBytes() {
        return queuedBytes;
    }

    /**
     * Queues {@code response} behind the connection's earlier answers; its simulated work starts once the work
     * of the request before it is done.
     *
     * @param close close the connection once this answer is written
     */
    void offload(ChannelHandlerContext ctx, FullHttpResponse response, boolean close) {
        queue(new Pending(response, close, true));
        advance(ctx);
    }

    /**
     * Queues an answer that {@code answer} builds on the work executor (after the simulated work, if any): it may
     * block there, on a database, never on the loop. It counts as {@link #HEAD_BYTES_ESTIMATE} until built; built,
     * it is at the head of the queue (one job of a connection at a time), so it goes to the channel at once.
     *
     * @param answer runs on a work thread; must return a response (an error answer rather than throw)
     * @param close  close the connection once this answer is written
     */
    void offloadAnswer(ChannelHandlerContext ctx, Supplier<FullHttpResponse> answer, boolean close) {
        queue(new Pending(answer, close));
        advance(ctx);
    }

    /** Writes {@code response} now, or after the answers still waiting for work. */
    void emit(ChannelHandlerContext ctx, FullHttpResponse response, boolean close) {
        if (pending.isEmpty()) {
            write(ctx, response, close);
        } else {
            queue(new Pending(response, close, false));
        }
    }

    private void queue(Pending answer) {
        pending.add(answer);
        queuedBytes += answer.bytes;
    }

    /**
     * Closes the connection once every answer decided so far is written: at once if none waits, else after the
     * last one queued.
     */
    void closeAfterQueued(ChannelHandlerContext ctx) {
        Pending last = pending.peekLast();
        if (last == null) {
            flushIfWritten(ctx);
            ctx.close();
        } else {
            last.close = true;
        }
    }

    /** Flushes what was written since the last flush, if anything. */
    void flushIfWritten(ChannelHandlerContext ctx) {
        if (needsFlush) {
            needsFlush = false;
            ctx.flush();
        }
    }

    /** Writes the answers at the head of the queue that are ready, then starts the work of the next one. */
    private void advance(ChannelHandlerContext ctx) {
        Pending head;
        while ((head = pending.peek()) != null) {
            if (head.ready) {
                pending.poll();
                queuedBytes -= head.bytes;
                write(ctx, head.response, head.close);
            } else {
                if (!head.started) {
                    head.started = true;
                    startWork(ctx, head);
                }
                return;
            }
        }
    }

    private void startWork(ChannelHandlerContext ctx, Pending slot) {
        try {
            workExecutor.execute(() -> {
                try {
                    Workload.simulateWork(workMillis);
                } catch (InterruptedException e) {
                    // The server is closing: answer at once, the channel is about to go anyway.
                    Thread.currentThread().interrupt();
                }
                // Built here, off the loop: a database answer is only known once its queries are done.
                FullHttpResponse response = slot.build == null ? slot.response : slot.build.get();
                try {
                    ctx.executor().execute(() -> {
                        slot.response = response;
                        slot.ready = true;
                        advance(ctx);
                        flushIfWritten(ctx);
                        onWorkDone.accept(ctx);
                    });
                } catch (RejectedExecutionException e) {
                    // The event loop is gone, and with it the channel.
                    ReferenceCountUtil.release(response);
                }
            });
        } catch (RejectedExecutionException e) {
            // The executor is shutting down with the server: drop what waits and close.
            Pending dropped;
            while ((dropped = pending.poll()) != null) {
                ReferenceCountUtil.release(dropped.response);
            }
            queuedBytes = 0;
            onAbandoned.run();
            ctx.close();
        }
    }

    private void write(ChannelHandlerContext ctx, FullHttpResponse response, boolean close) {
        if (close) {
            ctx.write(response).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.write(response, ctx.voidPromise());
        }
        needsFlush = true;
    }

    /**
     * An answer waiting for its turn; {@code ready} once its work is done (at once if it needs none). One that its
     * work builds has no {@code response} until then; its {@code bytes} stay the head's estimate.
     */
    private static final class Pending {
        final Supplier<FullHttpResponse> build;
        final int bytes;
        FullHttpResponse response;
        boolean close;
        boolean started;
        boolean ready;

        Pending(FullHttpResponse response, boolean close, boolean needsWork) {
            this.build = null;
            this.response = response;
            this.bytes = response.content().readableBytes() + HEAD_BYTES_ESTIMATE;
            this.close = close;
            this.ready = !needsWork;
        }

        Pending(Supplier<FullHttpResponse> build, boolean close) {
            this.build = build;
            this.bytes = HEAD_BYTES_ESTIMATE;
            this.close = close;
        }
    }
}

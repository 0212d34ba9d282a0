package io.httpmodels.server.nio;

import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.WorldStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One thread, one {@link Selector}: it waits in {@code select} for every socket it owns (its only blocking call),
 * serves what is ready through its {@link LoopConnections}, takes the connections handed to it and the answers the
 * work pool posts back, each through a queue and a {@code wakeup()}, and sweeps its connections' deadlines a few
 * times per shortest timeout. The loop that owns the listening channel also accepts, and hands each new connection
 * to a loop round-robin (to itself directly).
 *
 * <p>Everything but {@link #handOff}, {@link #execute} and {@link #stop} runs on the loop's own thread.
 */
final class EventLoop implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(EventLoop.class);
    private static final int ACCEPTS_PER_WAKEUP = 64;
    /** The attachment of the listening channel's key. */
    private static final Object ACCEPTOR = new Object();

    private final Selector selector;
    private final ServerSocketChannel acceptChannel;
    private final EventLoop[] loops;
    private final LoopConnections connections;
    private final long sweepNanos;

    private final Queue<SocketChannel> handOffs = new ConcurrentLinkedQueue<>();
    private final Queue<Runnable> completions = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private volatile boolean running = true;
    private int nextLoop;
    private long nextSweepNanos;

    /**
     * @param acceptChannel the listening channel, for the loop that accepts; {@code null} for the others
     * @param loops         every loop of the server, this one included, to hand accepted connections round-robin
     * @param workPool      where simulated work and queries run; {@code null} when there is neither
     * @param store         what the database routes query; {@code null} without a database
     * @param tls           the server's TLS; {@code null} for plaintext
     */
    EventLoop(
            ServerConfig config,
            String serverHeader,
            ServerSocketChannel acceptChannel,
            EventLoop[] loops,
            ExecutorService workPool,
            WorldStore store,
            TlsSession.Setup tls)
            throws IOException {
        this.selector = Selector.open();
        this.acceptChannel = acceptChannel;
        this.loops = loops;
        this.connections = new LoopConnections(config, serverHeader, workPool, store, this::execute, tls);
        long shortest = Math.min(
                config.timeouts().idle().toNanos(),
                Math.min(
                        config.timeouts().header().toNanos(),
                        config.timeouts().body().toNanos()));
        this.sweepNanos =
                Math.clamp(shortest / 20, TimeUnit.MILLISECONDS.toNanos(5), TimeUnit.MILLISECONDS.toNanos(100));
        if (acceptChannel != null) {
            acceptChannel.register(selector, SelectionKey.OP_ACCEPT, ACCEPTOR);
        }
    }

    /** Takes over an accepted connection; any thread. */
    void handOff(SocketChannel channel) {
        handOffs.add(channel);
        wakeup();
    }

    /** Runs {@code task} on this loop; any thread (the work pool, when a request's work is done). */
    void execute(Runnable task) {
        completions.add(task);
        wakeup();
    }

    /** Asks the loop to close its connections and end; any thread. */
    void stop() {
        running = false;
        selector.wakeup();
    }

    private void wakeup() {
        if (wakeupPending.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    @Override
    public void run() {
        try {
            nextSweepNanos = System.nanoTime() + sweepNanos;
            while (running) {
                selector.select(this::onReady, TimeUnit.NANOSECONDS.toMillis(sweepNanos) + 1);
                // Reset before the queues are drained: a task added after this wakes the next select.
                wakeupPending.set(false);
                registerHandOffs();
                runCompletions();
                long now = System.nanoTime();
                if (now - nextSweepNanos >= 0) {
                    connections.sweep(now);
                    nextSweepNanos = now + sweepNanos;
                }
            }
        } catch (IOException | RuntimeException e) {
            log.error("event loop failed", e);
        } finally {
            connections.closeAll();
            closeHandOffsLeft();
            try {
                selector.close();
            } catch (IOException e) {
                log.debug("closing the selector failed", e);
            }
        }
    }

    private void onReady(SelectionKey key) {
        if (key.attachment() == ACCEPTOR) {
            accept();
        } else {
            connections.onReady(key);
        }
    }

    private void accept() {
        for (int i = 0; i < ACCEPTS_PER_WAKEUP; i++) {
            SocketChannel channel;
            try {
                channel = acceptChannel.accept();
                if (channel == null) {
                    return;
                }
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            } catch (IOException e) {
                log.debug("accept failed: {}", e.toString());
                return;
            }
            EventLoop target = loops[nextLoop];
            nextLoop = (nextLoop + 1) % loops.length;
            if (target == this) {
                connections.register(channel, selector);
            } else {
                target.handOff(channel);
            }
        }
    }

    private void registerHandOffs() {
        SocketChannel channel;
        while ((channel = handOffs.poll()) != null) {
            connections.register(channel, selector);
        }
    }

    private void runCompletions() {
        Runnable task;
        while ((task = completions.poll()) != null) {
            task.run();
        }
    }

    /**
     * Closes connections handed to this loop that it never took: the accepting loop may hand one over while this one
     * is already closing. Called at the loop's end and once every loop's thread has ended.
     */
    void closeHandOffsLeft() {
        SocketChannel channel;
        while ((channel = handOffs.poll()) != null) {
            LoopConnections.closeQuietly(channel);
        }
    }
}

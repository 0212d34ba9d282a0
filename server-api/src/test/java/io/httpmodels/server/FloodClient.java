package io.httpmodels.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The attacker of {@link BackpressureKit} (and {@link DatabaseFloodKit}): one loopback connection that pipelines
 * {@code GET /plaintext} (or another path) as fast as the socket takes it and never reads ({@link Reading#NEVER}),
 * or reads one byte a second ({@link Reading#SLOW}).
 * Its receive buffer is set small before connecting, so the answers back up into the server at once.
 *
 * <p>It tells the server's behaviour from its own socket: while the server reads, writes make progress; once the
 * server stops reading, its receive buffer and this client's send buffer fill and writes take nothing (a stall:
 * every socket buffer on the way is full, which a client that sends only a few requests never shows); once the
 * server closes, a write or a read fails (a close with unread requests in the server's buffer is a reset). A
 * server may stall the client for a while and read again (a collection, a busy machine, its own send buffer still
 * filling), so the run goes on until the server closes, or has taken nothing for {@code giveUpAfter}, or the
 * deadline passes, or the kit stops it ({@link #stop()}: a server that keeps reading is flooded only until its
 * memory has shown what it does). Every wait is a bounded select.
 *
 * <p>Not thread-safe: the test thread runs it.
 */
final class FloodClient implements AutoCloseable {

    /** How the client reads the answers. */
    enum Reading {
        /** Never reads a byte. */
        NEVER,
        /** Reads one byte a second (a slow-read attack). */
        SLOW
    }

    /**
     * What the run saw; times are {@link System#nanoTime()}, 0 for "never". {@code firstStallNanos} is when the
     * first stall began, {@code lastProgressNanos} the last write that took bytes.
     */
    record Outcome(
            long startNanos,
            long endNanos,
            long sentBytes,
            long readBytes,
            long firstStallNanos,
            long lastProgressNanos,
            long closedAtNanos) {

        boolean closed() {
            return closedAtNanos != 0;
        }

        /** How long the server held the connection taking nothing before it closed it. */
        long heldMillis() {
            return TimeUnit.NANOSECONDS.toMillis(closedAtNanos - lastProgressNanos);
        }
    }

    /** Called between steps of the flood (every {@value #TICK_MILLIS} ms at most), with the time. */
    @FunctionalInterface
    interface Tick {
        void at(long nanos, FloodClient flood) throws IOException;
    }

    /** Writes that take nothing for this long are a stall: the server has stopped reading, at least for now. */
    static final long STALL_MILLIS = 250;

    private static final long TICK_MILLIS = 20;
    private static final long SLOW_READ_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final String PLAINTEXT = "/plaintext";

    private final Reading reading;
    private final SocketChannel channel;
    private final Selector selector;
    private final ByteBuffer requests;
    private final ByteBuffer oneByte = ByteBuffer.allocate(1);

    private long sentBytes;
    private long readBytes;
    private long lastProgressNanos;
    private long firstStallNanos;
    private long closedAtNanos;
    private boolean stopped;

    FloodClient(int port, Reading reading) throws IOException {
        this(port, reading, PLAINTEXT);
    }

    /** A client that pipelines {@code GET path} ({@link DatabaseFloodKit}'s {@code /db}). */
    FloodClient(int port, Reading reading, String path) throws IOException {
        this.reading = reading;
        byte[] request = ("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        this.channel = SocketChannel.open();
        this.selector = Selector.open();
        try {
            channel.setOption(StandardSocketOptions.SO_RCVBUF, 4096); // before connecting, so the window stays small
            channel.connect(new InetSocketAddress("127.0.0.1", port));
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_WRITE);
        } catch (IOException e) {
            close();
            throw e;
        }
        ByteBuffer batch = ByteBuffer.allocateDirect(request.length * 1024);
        while (batch.remaining() >= request.length) {
            batch.put(request);
        }
        this.requests = batch.flip();
    }

    /** Whether the client's writes have stalled at least once. */
    boolean hasStalled() {
        return firstStallNanos != 0;
    }

    /** Ends the run after the current step: the kit saw enough (the server's memory passed its bound). */
    void stop() {
        stopped = true;
    }

    /** How long the writes have taken nothing, in nanoseconds, as of {@code now}. */
    long stalledForNanos(long now) {
        return now - lastProgressNanos;
    }

    /**
     * Floods until the server closes the connection, or has taken nothing for {@code giveUpAfterNanos}, or
     * {@code deadlineNanos} passes, or {@code tick} calls {@link #stop()}; calls {@code tick} between steps.
     */
    Outcome run(long giveUpAfterNanos, long deadlineNanos, Tick tick) throws IOException {
        long start = System.nanoTime();
        lastProgressNanos = start;
        long nextTick = start;
        long nextRead = start + SLOW_READ_NANOS;
        long stallNanos = TimeUnit.MILLISECONDS.toNanos(STALL_MILLIS);
        while (closedAtNanos == 0) {
            long now = System.nanoTime();
            if (now - deadlineNanos >= 0 || now - lastProgressNanos >= giveUpAfterNanos) {
                break;
            }
            if (now - nextTick >= 0) {
                tick.at(now, this);
                nextTick = now + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
                if (stopped) {
                    break;
                }
            }
            if (reading == Reading.SLOW && now - nextRead >= 0) {
                readOneByte(now);
                nextRead += SLOW_READ_NANOS;
                continue;
            }
            int n;
            try {
                if (!requests.hasRemaining()) {
                    requests.rewind();
                }
                n = channel.write(requests);
            } catch (IOException e) {
                closedAtNanos = now; // reset by the server, or a broken pipe after its close
                break;
            }
            if (n > 0) {
                sentBytes += n;
                lastProgressNanos = now;
            } else {
                if (firstStallNanos == 0 && now - lastProgressNanos >= stallNanos) {
                    firstStallNanos = lastProgressNanos;
                }
                // Wait for room, or for the reset that wakes a writer too, a tick at most.
                selector.select(TICK_MILLIS);
                selector.selectedKeys().clear();
            }
        }
        return new Outcome(
                start, System.nanoTime(), sentBytes, readBytes, firstStallNanos, lastProgressNanos, closedAtNanos);
    }

    private void readOneByte(long now) {
        oneByte.clear();
        try {
            int n = channel.read(oneByte);
            if (n < 0) {
                closedAtNanos = now;
            } else {
                readBytes += n;
            }
        } catch (IOException e) {
            closedAtNanos = now;
        }
    }

    /** Closes with a reset, as an attacker that gives up would, so no close waits on unsent data. */
    @Override
    public void close() throws IOException {
        try {
            if (channel.isOpen()) {
                channel.setOption(StandardSocketOptions.SO_LINGER, 0);
            }
        } catch (IOException e) {
            // already reset by the server
        } finally {
            channel.close();
            selector.close();
        }
    }
}

package io.httpmodels.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The connections a load holds beside its measured ones, on their own selector thread so that nothing they do
 * is timed: idle keep-alive connections and slowloris connections.
 *
 * <p><b>Idle</b> connections each send the run's request once, read its answer and then stay open and silent.
 * Sending one request (rather than connecting and saying nothing) is what makes an idle connection count: a
 * connect completes in the kernel's accept queue whether or not the server ever takes the connection, while an
 * answer proves the server holds it as a live keep-alive connection (a thread, a virtual thread or a channel).
 * {@link BackgroundReport.IdleCounts#answered()} says how many were answered; the rest were open but never served.
 *
 * <p><b>Slow</b> connections each trickle a request head one byte per interval that never ends (a request line,
 * {@code Host}, then the same header line again and again), as slowloris does: they hold a blocking server's
 * thread until a header deadline (or the header size limit) frees it. When the server closes one, it is counted
 * and opened again, so the pressure stays constant.
 *
 * <p>At most {@link #MAX_CONNECTING} connects are in flight at once, so a server with a short accept backlog
 * is not flooded with SYNs it drops; a connect that fails or outlasts the timeout is retried after a pause.
 * Memory per connection is its channel, its key and one small object; reads go through one shared buffer.
 *
 * <pre>{@code
 * BackgroundConnections background = new BackgroundConnections(config, address, request);
 * background.start();
 * background.awaitOpened(deadlineNanos, () -> false);   // then start the measured load
 * ...
 * BackgroundReport report = background.stop(true);
 * }</pre>
 *
 * <p>Not thread-safe except as above: {@link #start()}, {@link #awaitOpened(long, BooleanSupplier)} and
 * {@link #stop(boolean)} from the thread that runs the load; the connections live on this class's own thread.
 */
final class BackgroundConnections {

    /** Connects in flight at once. */
    static final int MAX_CONNECTING = 256;

    private static final long MILLI = 1_000_000L;
    private static final long HOUSEKEEPING_NANOS = 100 * MILLI;
    private static final long RETRY_NANOS = 500 * MILLI;
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final byte[] SLOW_LINE = "X-Slow: 1\r\n".getBytes(StandardCharsets.US_ASCII);

    private final LoadConfig config;
    private final InetSocketAddress address;
    private final byte[] request;
    private final byte[] slowPrefix;
    private final long timeoutNanos;
    private final long slowIntervalNanos;
    private final Slot[] slots;
    private final Slot[] slowSlots;
    private final ArrayDeque<Slot> toConnect = new ArrayDeque<>();
    private final CountDownLatch opened;
    private final Thread thread;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final ByteBuffer oneByte = ByteBuffer.allocate(1);
    private final long startNanos;

    private Selector selector;
    private volatile boolean stopping;
    private volatile long openedNanos;
    private long awaitEndedNanos;
    private int connecting;
    private int nextSlowPhase;

    // Counters: written on the background thread only, read after it has been joined.
    private int idleAnswered;
    private long idleErrorAnswers;
    private long idleClosedByServer;
    private long slowClosedByServer;
    private long slowAnswered;
    private long slowBytesSent;
    private long connectFailures;

    /**
     * @param config  the run's configuration: its idle and slow connection counts, slow interval and timeout
     * @param address where to connect
     * @param request the run's encoded request, sent once by each idle connection
     */
    BackgroundConnections(LoadConfig config, InetSocketAddress address, byte[] request) {
        this.config = config;
        this.address = address;
        this.request = request.clone();
        this.timeoutNanos = config.timeout().toNanos();
        this.slowIntervalNanos = config.background().slowInterval().toNanos();
        String host = config.uri().getHost()
                + (config.uri().getPort() >= 0 ? ":" + config.uri().getPort() : "");
        this.slowPrefix = (config.request().method() + " " + config.target() + " HTTP/1.1\r\nHost: " + host + "\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        int total = config.background().idleConnections() + config.background().slowConnections();
        this.slots = new Slot[total];
        for (int i = 0; i < total; i++) {
            slots[i] = new Slot(i >= config.background().idleConnections());
            toConnect.add(slots[i]);
        }
        this.slowSlots = Arrays.copyOfRange(slots, config.background().idleConnections(), total);
        this.opened = new CountDownLatch(total);
        this.startNanos = System.nanoTime();
        this.thread = new Thread(this::run, "load-background");
        thread.setDaemon(true);
    }

    /** Opens the selector and starts the thread, which starts connecting at once. */
    void start() {
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new LoadException("cannot open a selector: " + e.getMessage(), e);
        }
        thread.start();
    }

    /**
     * Waits until every connection has been opened (or failed) once, or until the deadline, or until
     * {@code stopped} says so, whichever comes first.
     *
     * @param deadlineNanos a {@link System#nanoTime()} instant
     * @param stopped       polled a few times a second: true ends the wait
     * @return whether every connection had been opened (or had failed) once
     */
    boolean awaitOpened(long deadlineNanos, BooleanSupplier stopped) {
        try {
            return awaitOpenedOrDeadline(deadlineNanos, stopped);
        } finally {
            awaitEndedNanos = System.nanoTime();
        }
    }

    private boolean awaitOpenedOrDeadline(long deadlineNanos, BooleanSupplier stopped) {
        try {
            // In slices, so that a stop request is seen within a tenth of a second.
            while (!stopped.getAsBoolean()) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return opened.getCount() == 0;
                }
                if (opened.await(Math.min(left, HOUSEKEEPING_NANOS), TimeUnit.NANOSECONDS)) {
                    return true;
                }
            }
            return opened.getCount() == 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Closes every connection, joins the thread and returns what the connections saw.
     *
     * @param openedBeforeStart what {@link #awaitOpened} answered, for the report
     */
    BackgroundReport stop(boolean openedBeforeStart) {
        stopping = true;
        Selector s = selector;
        if (s != null) {
            s.wakeup();
        }
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int idleOpen = 0;
        int slowOpen = 0;
        for (Slot slot : slots) {
            if (slot.wasOpenAtStop) {
                if (slot.slow) {
                    slowOpen++;
                } else {
                    idleOpen++;
                }
            }
        }
        // Until all were open, or else until the clock started without them.
        long openedAt = openedBeforeStart && openedNanos != 0 ? openedNanos : awaitEndedNanos;
        return new BackgroundReport(
                new BackgroundReport.IdleCounts(
                        config.background().idleConnections(),
                        idleOpen,
                        idleAnswered,
                        idleErrorAnswers,
                        idleClosedByServer),
                new BackgroundReport.SlowCounts(
                        config.background().slowConnections(),
                        slowOpen,
                        slowClosedByServer,
                        slowAnswered,
                        slowBytesSent,
                        slowIntervalNanos / 1e9),
                new BackgroundReport.Opening(
                        connectFailures, openedAt == 0 ? 0 : (openedAt - startNanos) / 1e9, openedBeforeStart));
    }

    private void run() {
        try {
            long nextHousekeeping = System.nanoTime() + HOUSEKEEPING_NANOS;
            while (!stopping) {
                long now = System.nanoTime();
                openDue(now);
                long wait = nextHousekeeping - now;
                for (Slot slot : slowSlots) {
                    if (slot.state == State.OPEN) {
                        wait = Math.min(wait, slot.dueNanos - now);
                    }
                }
                Slot head = toConnect.peek();
                if (head != null && connecting < MAX_CONNECTING) {
                    wait = Math.min(wait, head.dueNanos - now);
                }
                if (wait > 0) {
                    selector.select(Math.max(1, wait / MILLI));
                } else {
                    selector.selectNow();
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    handle((Slot) key.attachment(), key);
                }
                selector.selectedKeys().clear();
                now = System.nanoTime();
                trickle(now);
                if (now - nextHousekeeping >= 0) {
                    expireConnects(now);
                    nextHousekeeping = now + HOUSEKEEPING_NANOS;
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            // The selector itself failed: nothing more can be held; the report says how many were open.
        } finally {
            for (Slot slot : slots) {
                slot.wasOpenAtStop = slot.state == State.OPEN || slot.state == State.WAITING;
                closeQuietly(slot);
            }
            try {
                selector.close();
            } catch (IOException e) {
                // Closing at the end: nothing left to release.
            }
        }
    }

    /** Starts the connects that are due, up to the in-flight bound. */
    private void openDue(long now) {
        while (connecting < MAX_CONNECTING) {
            Slot slot = toConnect.peek();
            if (slot == null || slot.dueNanos - now > 0) {
                return;
            }
            toConnect.poll();
            connect(slot, now);
        }
    }

    private void connect(Slot slot, long now) {
        try {
            SocketChannel channel = SocketChannel.open();
            slot.channel = channel;
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            slot.sent = 0;
            slot.dueNanos = now + timeoutNanos;
            if (channel.connect(address)) {
                established(slot, now);
            } else {
                slot.key = channel.register(selector, SelectionKey.OP_CONNECT, slot);
                slot.state = State.CONNECTING;
                connecting++;
            }
        } catch (IOException e) {
            connectFailed(slot, now);
        }
    }

    private void handle(Slot slot, SelectionKey key) {
        long now = System.nanoTime();
        try {
            if (!key.isValid()) {
                return;
            }
            if (key.isConnectable()) {
                if (slot.channel.finishConnect()) {
                    connecting--;
                    established(slot, now);
                }
                return;
            }
            if (key.isWritable()) {
                writeRequest(slot, now);
            }
            if (key.isValid() && key.isReadable()) {
                read(slot, now);
            }
        } catch (IOException e) {
            if (slot.state == State.CONNECTING) {
                connecting--;
                connectFailed(slot, now);
            } else {
                closedByServer(slot, now);
            }
        }
    }

    private void established(Slot slot, long now) throws IOException {
        settleFirstAttempt(slot, now);
        slot.state = slot.slow ? State.OPEN : State.WAITING;
        if (slot.key == null) {
            slot.key = slot.channel.register(selector, 0, slot);
        }
        if (slot.slow) {
            slot.key.interestOps(SelectionKey.OP_READ);
            // Spread the slow connections' bytes evenly over the interval rather than all at once.
            slot.dueNanos = now
                    + slowIntervalNanos
                            * (nextSlowPhase++ % config.background().slowConnections())
                            / config.background().slowConnections();
        } else {
            writeRequest(slot, now);
        }
    }

    private void writeRequest(Slot slot, long now) throws IOException {
        int written = slot.channel.write(ByteBuffer.wrap(request, (int) slot.sent, request.length - (int) slot.sent));
        slot.sent += written;
        slot.key.interestOps(slot.sent < request.length ? SelectionKey.OP_WRITE : SelectionKey.OP_READ);
    }

    private void read(Slot slot, long now) throws IOException {
        readBuffer.clear();
        int n = slot.channel.read(readBuffer);
        if (n < 0) {
            closedByServer(slot, now);
            return;
        }
        if (n == 0 || slot.answeredThisConnection) {
            return; // the rest of an answer already counted
        }
        slot.answeredThisConnection = true;
        int status = status(readBuffer);
        if (slot.slow) {
            slowAnswered++;
            return;
        }
        if (!slot.everAnswered) {
            slot.everAnswered = true;
            idleAnswered++;
        }
        if (status >= 400 || status < 0) {
            idleErrorAnswers++;
        }
        slot.state = State.OPEN;
    }

    /** The status code at the start of a response, or -1 when the bytes do not start as one. */
    private static int status(ByteBuffer buffer) {
        if (buffer.position() < 12 || buffer.get(0) != 'H' || buffer.get(8) != ' ') {
            return -1;
        }
        int status = 0;
        for (int i = 9; i < 12; i++) {
            int digit = buffer.get(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            status = status * 10 + digit;
        }
        return status;
    }

    /** Writes the next byte of each slow connection whose time has come. */
    private void trickle(long now) {
        for (Slot slot : slowSlots) {
            if (slot.state != State.OPEN || slot.dueNanos - now > 0) {
                continue;
            }
            long position = slot.sent;
            oneByte.clear();
            oneByte.put(
                    position < slowPrefix.length
                            ? slowPrefix[(int) position]
                            : SLOW_LINE[(int) ((position - slowPrefix.length) % SLOW_LINE.length)]);
            oneByte.flip();
            try {
                int written = slot.channel.write(oneByte);
                slot.sent += written;
                slowBytesSent += written;
                slot.dueNanos += slowIntervalNanos;
                if (slot.dueNanos - now <= 0) {
                    slot.dueNanos = now + slowIntervalNanos; // fell behind (a stall): do not burst to catch up
                }
            } catch (IOException e) {
                closedByServer(slot, now);
            }
        }
    }

    private void expireConnects(long now) {
        for (Slot slot : slots) {
            if (slot.state == State.CONNECTING && now - slot.dueNanos >= 0) {
                connecting--;
                connectFailed(slot, now);
            }
        }
    }

    private void connectFailed(Slot slot, long now) {
        connectFailures++;
        settleFirstAttempt(slot, now);
        retry(slot, now + RETRY_NANOS);
    }

    private void closedByServer(Slot slot, long now) {
        if (slot.slow) {
            slowClosedByServer++;
        } else {
            idleClosedByServer++;
        }
        // Reopened after a pause, never in a tight loop: a slow connection one interval later (when its next
        // byte would have gone, as slowloris reconnects on its next round), an idle one after the retry pause.
        retry(slot, now + (slot.slow ? slowIntervalNanos : RETRY_NANOS));
    }

    private void retry(Slot slot, long dueNanos) {
        closeQuietly(slot);
        slot.state = State.CLOSED;
        slot.dueNanos = dueNanos;
        toConnect.add(slot);
    }

    private void settleFirstAttempt(Slot slot, long now) {
        if (!slot.settled) {
            slot.settled = true;
            opened.countDown();
            if (opened.getCount() == 0) {
                openedNanos = now;
            }
        }
    }

    private static void closeQuietly(Slot slot) {
        slot.answeredThisConnection = false;
        if (slot.key != null) {
            slot.key.cancel();
            slot.key = null;
        }
        if (slot.channel != null) {
            try {
                slot.channel.close();
            } catch (IOException e) {
                // Closing a connection we are dropping: nothing to do.
            }
            slot.channel = null;
        }
    }

    private enum State {
        CLOSED,
        CONNECTING,
        /** Idle: request written or being written, answer awaited. */
        WAITING,
        /** Idle: answered and silent. Slow: trickling. */
        OPEN
    }

    /** One background connection, reused across its reconnects. Touched by the background thread only. */
    private static final class Slot {
        final boolean slow;
        SocketChannel channel;
        SelectionKey key;
        State state = State.CLOSED;
        /** Bytes of the request (idle) or of the endless head (slow) written on this connection. */
        long sent;
        /** Connecting: when it times out. Slow and open: when its next byte is due. Closed: when to reconnect. */
        long dueNanos;

        boolean settled;
        boolean everAnswered;
        boolean answeredThisConnection;
        boolean wasOpenAtStop;

        Slot(boolean slow) {
            this.slow = slow;
        }
    }
}

package io.httpmodels.load;

import org.HdrHistogram.Histogram;

import javax.net.ssl.SSLException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * One event loop on one thread: owns a selector, a share of the connections, its latency histogram, its
 * error and status counts. Nothing it mutates on the hot path is shared or atomic: latencies go into a plain
 * histogram that its {@link IntervalHandoff} passes to the run's thread once per second. Besides that, the
 * only cross-thread traffic is a volatile error total written when it changes, and the results read after
 * {@link Thread#join()}.
 *
 * <p>Closed loop: a connection whose responses completed sends its next request(s) on the next turn of the
 * loop, after that turn's reads (wrk's structure; see {@link #sendQueuedRequests()}). Rate mode: requests are due at {@code start + k / rate} and go out on any connection with a free
 * slot (over HTTP/2, a stream it may open); a request that cannot go out on time waits, and its latency still counts from when it was due. With
 * {@link Turns}, a closed loop sends only in its own turns: a connection ready to send outside them waits for the
 * next one ({@link #waitForTurn}).
 */
final class Worker implements Runnable {

    /** Largest latency recorded, in microseconds (one hour); larger values are recorded as this. */
    static final long HIGHEST_MICROS = LatencyHistograms.HIGHEST_TRACKABLE_MICROS;

    private static final int READ_BUFFER_BYTES = 256 * 1024;
    private static final long HOUSEKEEPING_NANOS = 10_000_000L;
    private static final long MILLI = 1_000_000L;
    /** The first retry of a failed connect waits this long; each further failure of the slot doubles it. */
    private static final long RECONNECT_BACKOFF_NANOS = 1_000_000L;
    /** The longest wait before retrying a failed connect. */
    private static final long RECONNECT_BACKOFF_MAX_NANOS = 100_000_000L;
    /** A target that accepted before and refuses every connect for this long is declared gone. */
    private static final long GONE_AFTER_NANOS = 5_000_000_000L;

    private final int id;
    private final NanoClock clock;
    private final InetSocketAddress address;
    private final RunState run;
    private final Connection[] connections;
    private final int requestBytes;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final ArrayDeque<Connection> reopen;
    /** Closed loop: connections to send again on this turn of the loop, after its reads. */
    private Connection[] sendQueue;

    private int sendQueued;
    /** Closed loop: connections whose responses completed on this turn; they send on the next one. */
    private Connection[] sendNext;

    private int sendNextQueued;
    /** Turn-taking with other loads, or null: every moment is this worker's. */
    private final Turns turns;
    /** Closed loop with turns: connections ready to send that wait for this worker's next turn. */
    private final Connection[] waiting;

    private int waitingCount;
    private final Consumer<SelectionKey> onReady = this::onReady;

    private final boolean keepAlive;
    private final boolean rateMode;
    private final boolean noBody;
    private final int pipeline;
    private final long timeoutNanos;
    private final long rampStepNanos;
    /** Responses this worker must record in a counted run, or -1 in a timed run. */
    private final long quota;
    /** Nanoseconds between scheduled requests in rate mode. */
    private final double sendIntervalNanos;

    /** Latencies by interval, handed to the run's thread once per second. */
    private final IntervalHandoff intervals;

    private final Histogram uncorrected;
    private final Histogram connectTimes;
    private final Histogram waitTimes;
    private final Histogram totalTimes;
    /** TLS settings of an https:// load, or null for plain HTTP. */
    private final TlsSettings tls;
    /** TLS handshake times, from the TCP connection's establishment to the handshake's end; null for plain HTTP. */
    private final Histogram handshakeTimes;

    private final long[] errorCounts = new long[ErrorKind.values().length];
    private final long[] statusCounts = new long[ResponseParser.STATUS_CODES];
    /** HTTP/2: streams reset by the server, by error code ({@link H2ErrorCode#slot}). */
    private final long[] resetCodes = new long[H2ErrorCode.SLOTS];
    /** HTTP/2: what the connection being read tells of its streams. */
    private final H2Events h2Events = new H2Events();

    private Selector selector;
    private boolean recording;
    private long completed;
    private long issued;
    private long bytesRead;
    private long nextSendIndex;
    private int freeCursor;
    private int opened;
    private long connectsSucceeded;
    /** Per connection slot: whether it completed a recorded response (a starved slot never does). */
    private final boolean[] slotServed;

    private int slotsServed;
    private long consecutiveConnectFailures;
    private long firstConnectFailureNanos;
    private String lastConnectError = "connect failed";
    private long handshakes;
    private long resumedHandshakes;
    /** The TLS version the last completed handshake settled on, warm-up included; null before any. */
    private TlsVersion negotiated;

    private long errorTotal;
    private volatile long publishedErrors;
    private volatile long stoppedNanos;
    /** When this worker began recording (its clock), 0 before: the measured start of its window. */
    private volatile long recordingStartedNanos;

    /**
     * @param clock the run's clock, which {@code run} is in terms of ({@link NanoClock#SYSTEM} but in tests)
     * @param quota responses to record in a counted run, -1 in a timed run
     * @param rate requests per second in rate mode, 0 for a closed loop
     */
    Worker(
            int id,
            NanoClock clock,
            LoadConfig config,
            InetSocketAddress address,
            RunState run,
            int connectionCount,
            long quota,
            double rate,
            byte[] request) {
        this.id = id;
        this.clock = clock;
        this.address = address;
        this.run = run;
        this.keepAlive = config.connections().keepAlive();
        this.rateMode = rate > 0;
        this.noBody = config.request().method().equals("HEAD");
        this.pipeline = config.connections().pipeline();
        this.timeoutNanos = config.timeout().toNanos();
        this.rampStepNanos = config.connections().rampUp().toNanos() / Math.max(1, connectionCount);
        this.quota = quota;
        this.sendIntervalNanos = rateMode ? 1e9 / rate : 0;
        this.turns = config.pacing().turns();
        this.requestBytes = request.length;

        // The request encoded once, repeated to the pipeline depth so N requests go out in one write.
        // The JDK's TLS encrypts from the heap (its ciphers work on arrays); plain HTTP writes to the socket
        // directly, and OpenSSL encrypts from native memory.
        ByteBuffer requests = config.tls() == null || config.tls().provider() == ClientTlsProvider.OPENSSL
                ? ByteBuffer.allocateDirect(request.length * pipeline)
                : ByteBuffer.allocate(request.length * pipeline);
        for (int i = 0; i < pipeline; i++) {
            requests.put(request);
        }
        requests.flip();
        this.connections = new Connection[connectionCount];
        for (int i = 0; i < connectionCount; i++) {
            ResponseParser parser = new ResponseParser(statusCounts);
            parser.noBody(noBody);
            connections[i] = new Connection(i, parser, requests, pipeline);
            // A context per connection slot, so a session cache per slot: see TlsSettings#newContext.
            connections[i].tlsContext = config.tls() == null
                    ? null
                    : config.tls()
                            .newContext(config.protocol().version() == HttpProtocol.H2 ? List.of("h2") : List.of());
        }
        if (config.protocol().version().http2()) {
            H2RequestBlock block = H2RequestBlock.of(config);
            for (Connection c : connections) {
                c.h2 = new H2Session(
                        block, config.protocol().streams(), config.protocol().windowBytes());
            }
        }
        this.slotServed = new boolean[connectionCount];
        this.reopen = new ArrayDeque<>(connectionCount);
        this.sendQueue = new Connection[connectionCount];
        this.sendNext = new Connection[connectionCount];
        this.waiting = new Connection[connectionCount];

        this.intervals = new IntervalHandoff(run);
        this.uncorrected = rateMode ? newHistogram() : null;
        this.connectTimes = keepAlive ? null : newHistogram();
        this.waitTimes = keepAlive ? null : newHistogram();
        this.totalTimes = keepAlive ? null : newHistogram();
        this.tls = config.tls();
        this.handshakeTimes = tls == null ? null : newHistogram();
    }

    static Histogram newHistogram() {
        return LatencyHistograms.create();
    }

    @Override
    public void run() {
        try {
            selector = Selector.open();
            loop();
        } catch (Throwable t) {
            run.abort("worker " + id + " failed: " + t);
        } finally {
            long now = clock.nanoTime();
            if (recording) {
                intervals.finish(Math.min(now, run.recordEndNanos));
            }
            stoppedNanos = now;
            publishErrors();
            closeAll();
        }
    }

    private void loop() throws IOException {
        long nextHousekeeping = 0;
        while (true) {
            long now = clock.nanoTime();
            if (run.stopped()
                    || now - run.hardEndNanos >= 0
                    || now - run.recordEndNanos >= 0
                    || (quota >= 0 && completed >= quota)) {
                return;
            }
            if (!recording && now - run.recordStartNanos >= 0) {
                startRecording();
            }
            if (recording) {
                intervals.finishIfDue(now);
            }
            openDue(now);
            if (waitingCount > 0 && turns.mine(now)) {
                sendWaiting(now);
            }
            if (rateMode) {
                sendScheduled(now);
            }
            if (now - nextHousekeeping >= 0) {
                checkTimeouts(now);
                nextHousekeeping = now + HOUSEKEEPING_NANOS;
            }
            publishErrors();
            if (run.stopped()) {
                return;
            }

            // Coarse deadlines may be overslept by up to a millisecond, the rate schedule may not (waitMillis).
            long coarse = Math.min(nextHousekeeping, run.recordEndNanos) - now;
            coarse = Math.min(coarse, untilNextReopen(now));
            coarse = Math.min(coarse, recording ? intervals.endNanos() - now : run.recordStartNanos - now);
            if (waitingCount > 0) {
                // A turn may start up to a millisecond late: the same for every load taking turns.
                coarse = Math.min(coarse, turns.nanosUntilMine(now));
            }
            if (opened < connections.length) {
                coarse = Math.min(coarse, run.startNanos + opened * rampStepNanos - now);
            }
            long precise = Long.MAX_VALUE;
            if (rateMode) {
                long due = intendedAt(nextSendIndex) - now;
                if (due > 0) {
                    precise = due;
                }
            }
            clock.select(selector, onReady, sendQueued > 0 ? 0 : waitMillis(coarse, precise));
            if (Thread.currentThread().isInterrupted()) {
                // An interrupted thread's select returns at once, every time: a loop that went on would spin.
                run.abort("worker " + id + " interrupted");
                return;
            }
            sendQueuedRequests();
            Connection[] swap = sendQueue;
            sendQueue = sendNext;
            sendNext = swap;
            sendQueued = sendNextQueued;
            sendNextQueued = 0;
        }
    }

    /**
     * How long the loop may wait for events, in milliseconds, 0 for not at all: until the nearest coarse deadline
     * (housekeeping, the end, a reopen, a ramp-up step, an interval), rounded up to the next millisecond, or until
     * the rate schedule's next send, rounded down, whichever is sooner. A coarse deadline may be overslept by up to
     * a millisecond; the schedule may not, so under a millisecond away it is polled.
     *
     * @param coarseNanos nanoseconds to the nearest coarse deadline, 0 or less when one is due
     * @param preciseNanos nanoseconds to the next scheduled send, {@code Long.MAX_VALUE} for none
     */
    static long waitMillis(long coarseNanos, long preciseNanos) {
        if (coarseNanos <= 0 || preciseNanos < MILLI) {
            return 0;
        }
        return Math.min((coarseNanos - 1) / MILLI + 1, preciseNanos / MILLI);
    }

    private void startRecording() {
        // Warm-up figures are dropped; what follows is recorded.
        recording = true;
        recordingStartedNanos = clock.nanoTime();
        Arrays.fill(statusCounts, 0);
        Arrays.fill(errorCounts, 0);
        Arrays.fill(resetCodes, 0);
        errorTotal = 0;
        bytesRead = 0;
    }

    private void onReady(SelectionKey key) {
        Connection c = (Connection) key.attachment();
        if (c.key != key || !key.isValid()) {
            return;
        }
        int ready = key.readyOps();
        if ((ready & SelectionKey.OP_CONNECT) != 0) {
            finishConnect(c);
            return;
        }
        if (c.state == Connection.State.HANDSHAKING) {
            handshake(c);
            return;
        }
        if ((ready & SelectionKey.OP_WRITE) != 0) {
            flush(c);
            if (c.key != key) {
                return;
            }
        }
        if ((ready & SelectionKey.OP_READ) != 0) {
            read(c);
        }
    }

    // ---- connections ---------------------------------------------------------------------------

    private void openDue(long now) {
        while (opened < connections.length && now - (run.startNanos + opened * rampStepNanos) >= 0) {
            open(connections[opened++]);
        }
        for (int n = reopen.size(); n > 0; n--) {
            Connection c = reopen.poll();
            if (c.reopenAtNanos != 0 && c.reopenAtNanos - now > 0) {
                reopen.add(c);
                continue;
            }
            c.reopenQueued = false;
            open(c);
        }
    }

    /** Nanoseconds until the next queued reopen is due: 0 when one is due now, MAX_VALUE when none waits. */
    private long untilNextReopen(long now) {
        long until = Long.MAX_VALUE;
        for (Connection c : reopen) {
            if (c.reopenAtNanos == 0) {
                return 0;
            }
            until = Math.min(until, Math.max(0, c.reopenAtNanos - now));
        }
        return until;
    }

    private void open(Connection c) {
        c.reopenAtNanos = 0;
        c.parser.reset();
        if (c.h2 != null) {
            c.h2.reset();
        }
        c.connectStartNanos = clock.nanoTime();
        c.state = Connection.State.CONNECTING;
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open();
            c.channel = channel;
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            if (channel.connect(address)) {
                c.key = channel.register(selector, SelectionKey.OP_READ, c);
                connected(c);
            } else {
                c.key = channel.register(selector, SelectionKey.OP_CONNECT, c);
            }
        } catch (IOException | RuntimeException e) {
            lastConnectError = String.valueOf(e.getMessage());
            fail(c, ErrorKind.CONNECT);
        }
    }

    private void finishConnect(Connection c) {
        try {
            if (!c.channel.finishConnect()) {
                return;
            }
            c.key.interestOps(SelectionKey.OP_READ);
        } catch (IOException e) {
            lastConnectError = String.valueOf(e.getMessage());
            fail(c, ErrorKind.CONNECT);
            return;
        }
        connected(c);
    }

    private void connected(Connection c) {
        long now = clock.nanoTime();
        if (!keepAlive && c.connectStartNanos - run.recordStartNanos >= 0) {
            connectTimes.recordValue(micros(now - c.connectStartNanos));
        }
        if (tls != null) {
            startHandshake(c, now);
            return;
        }
        established(c, now);
    }

    /** The connection is ready for requests: TCP established, and TLS too for https://. */
    private void established(Connection c, long now) {
        connectsSucceeded++;
        consecutiveConnectFailures = 0;
        c.connectFailures = 0;
        c.state = Connection.State.READING;
        if (c.h2 != null) {
            // The preface goes at once; requests wait for the server's SETTINGS (its stream limit, its table size).
            c.h2.start();
            writeH2(c);
            return;
        }
        if (!rateMode) {
            sendClosedLoop(c, now);
        }
    }

    // ---- TLS --------------------------------------------------------------------------------------

    private void startHandshake(Connection c, long now) {
        c.state = Connection.State.HANDSHAKING;
        c.handshakeStartNanos = now;
        try {
            c.tls = new TlsChannel(c.tlsContext, address.getHostString(), address.getPort(), c.channel);
        } catch (IOException | RuntimeException e) {
            tlsFailed(c, e);
            return;
        }
        handshake(c);
    }

    /** Takes a connection's TLS handshake further; once done, records it and lets the connection send. */
    private void handshake(Connection c) {
        TlsChannel.Step step;
        try {
            // Cleared, so what the handshake's unwraps decrypt past its end is told apart from an earlier read's.
            readBuffer.clear();
            step = c.tls.handshake(readBuffer);
        } catch (IOException | RuntimeException e) {
            tlsFailed(c, e);
            return;
        }
        switch (step) {
            case NEED_WRITE -> c.key.interestOps(SelectionKey.OP_WRITE);
            case NEED_READ -> c.key.interestOps(SelectionKey.OP_READ);
            case DONE -> {
                long now = clock.nanoTime();
                if (c.h2 != null && !"h2".equals(c.tls.applicationProtocol())) {
                    String chosen = c.tls.applicationProtocol();
                    lastConnectError = "the server did not choose h2 by ALPN (it chose "
                            + (chosen == null || chosen.isEmpty() ? "none" : "'" + chosen + "'") + ")";
                    fail(c, ErrorKind.TLS);
                    return;
                }
                // What the handshake's last unwrap decrypted past its end: the server's first frames, over HTTP/2.
                int early = readBuffer.position();
                c.key.interestOps(SelectionKey.OP_READ);
                negotiated = TlsVersion.ofProtocol(c.tls.protocol());
                if (c.handshakeStartNanos - run.recordStartNanos >= 0) {
                    handshakes++;
                    if (c.tls.resumed()) {
                        resumedHandshakes++;
                    }
                    handshakeTimes.recordValue(micros(now - c.handshakeStartNanos));
                }
                established(c, now);
                if (c.h2 != null && c.state != Connection.State.CLOSED) {
                    if (early > 0) {
                        readH2(c, readBuffer.limit(early).position(0), now);
                    }
                    if (c.state != Connection.State.CLOSED) {
                        // Records already buffered past the handshake raise no OP_READ: decrypt them now.
                        read(c);
                    }
                }
            }
        }
    }

    /** A handshake that failed: a {@code tls} error, retried with the connect back-off, and named if the run ends. */
    private void tlsFailed(Connection c, Exception e) {
        lastConnectError = "TLS handshake failed: " + describe(e);
        fail(c, ErrorKind.TLS);
    }

    /** An exception's message with its root cause's, which for a certificate names what was wrong with it. */
    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (root != e && root.getMessage() != null && !message.contains(root.getMessage())) {
            message += " (" + root.getMessage() + ")";
        }
        return message;
    }

    /**
     * The one failure path: counts the error, drops the connection and queues it to be reopened
     * (the reopen happens on a later loop turn, so a refusing target cannot recurse). A slot whose connects
     * fail waits before it retries, 1 ms doubling to 100 ms: a refused or dead target is still probed
     * every 100 ms per slot, without a core spent on connects (wrk retries at once).
     */
    private void fail(Connection c, ErrorKind kind) {
        errorCounts[kind.ordinal()]++;
        errorTotal++;
        // A failed TLS handshake is a connect that failed too: the same back-off, and the run ends if none succeeds.
        boolean connectFailure = kind == ErrorKind.CONNECT
                || kind == ErrorKind.TLS
                || (kind == ErrorKind.TIMEOUT
                        && (c.state == Connection.State.CONNECTING || c.state == Connection.State.HANDSHAKING));
        recycle(c);
        if (connectFailure) {
            int doublings = Math.min(c.connectFailures++, 30);
            long backoff = Math.min(RECONNECT_BACKOFF_MAX_NANOS, RECONNECT_BACKOFF_NANOS << doublings);
            c.reopenAtNanos = clock.nanoTime() + backoff;
            connectFailed();
        }
    }

    private void connectFailed() {
        long now = clock.nanoTime();
        if (consecutiveConnectFailures++ == 0) {
            firstConnectFailureNanos = now;
        }
        String target = address.getHostString() + ":" + address.getPort();
        if (connectsSucceeded == 0 && consecutiveConnectFailures >= Math.max(10, 3L * connections.length)) {
            run.abort("cannot connect to " + target + ": " + lastConnectError + " (" + consecutiveConnectFailures
                    + " attempts, none succeeded)");
        } else if (connectsSucceeded > 0
                && consecutiveConnectFailures >= connections.length
                && now - firstConnectFailureNanos >= GONE_AFTER_NANOS) {
            run.abort(target + " stopped accepting connections: " + lastConnectError + " (" + consecutiveConnectFailures
                    + " attempts failed in a row)");
        }
    }

    /** Closes the connection without counting an error and queues it to be reopened. */
    private void recycle(Connection c) {
        if (quota >= 0) {
            // Requests lost with the connection are sent again, so a counted run still records exactly N.
            issued -= c.h2 == null ? c.pendingSince(run.recordStartNanos) : c.h2.openSince(run.recordStartNanos);
        }
        c.clearPending();
        close(c);
        if (!c.reopenQueued) {
            c.reopenQueued = true;
            reopen.add(c);
        }
    }

    private static void close(Connection c) {
        c.state = Connection.State.CLOSED;
        c.key = null; // closing the channel cancels its key
        if (c.tls != null) {
            c.tls.release();
            c.tls = null;
        }
        if (c.channel != null) {
            try {
                c.channel.close();
            } catch (IOException ignored) {
                // Closing a broken socket: nothing left to do with it.
            }
            c.channel = null;
        }
    }

    private void closeAll() {
        for (Connection c : connections) {
            close(c);
            if (c.tlsContext != null) {
                c.tlsContext.close();
                c.tlsContext = null;
            }
        }
        if (selector != null) {
            try {
                selector.close();
            } catch (IOException ignored) {
                // The run is over; the channels are closed already.
            }
        }
    }

    private void checkTimeouts(long now) {
        for (int i = 0; i < opened; i++) {
            Connection c = connections[i];
            if (c.state == Connection.State.CONNECTING || c.state == Connection.State.HANDSHAKING) {
                if (now - c.connectStartNanos > timeoutNanos) {
                    lastConnectError =
                            c.state == Connection.State.CONNECTING ? "connect timed out" : "TLS handshake timed out";
                    fail(c, ErrorKind.TIMEOUT);
                }
            } else if (c.h2 != null) {
                if (c.state != Connection.State.CLOSED && c.h2.timedOut(now, c.connectStartNanos, timeoutNanos)) {
                    fail(c, ErrorKind.TIMEOUT);
                }
            } else if (c.state != Connection.State.CLOSED
                    && c.pending() > 0
                    && now - c.oldestSentNanos() > timeoutNanos) {
                fail(c, ErrorKind.TIMEOUT);
            }
        }
    }

    private void publishErrors() {
        if (errorTotal != publishedErrors) {
            publishedErrors = errorTotal;
        }
    }

    // ---- sending --------------------------------------------------------------------------------

    /**
     * Closed loop: once every request in flight on the connection is answered, writes the next batch (as
     * many requests as the pipeline depth, in one write), within the quota of a counted run. As with wrk's
     * pipelining, a batch is not topped up while answers are outstanding: one write per batch, not one per
     * response, so the server's and the client's work per request stays low.
     */
    private void sendClosedLoop(Connection c, long now) {
        if (c.h2 != null) {
            sendStreams(c, now);
            return;
        }
        if (c.state != Connection.State.READING || c.pending() > 0) {
            return;
        }
        if (turns != null && !turns.mine(now)) {
            waitForTurn(c);
            return;
        }
        int n = pipeline;
        if (quota >= 0 && now - run.recordStartNanos >= 0 && quota - issued < n) {
            n = (int) Math.max(0, quota - issued);
        }
        if (n > 0) {
            write(c, n, now, now);
        }
    }

    /**
     * HTTP/2, closed loop: opens as many streams as the connection may (up to {@code --streams} and the server's
     * MAX_CONCURRENT_STREAMS open at once), within the quota of a counted run, their HEADERS in one write. Unlike
     * HTTP/1.1's batches, streams are topped up as responses end, as h2load does: a stream is the unit here.
     */
    private void sendStreams(Connection c, long now) {
        if (!mayOpenStream(c)) {
            return;
        }
        int n = c.h2.canOpen();
        if (turns != null && !turns.mine(now)) {
            waitForTurn(c);
            return;
        }
        boolean recorded = now - run.recordStartNanos >= 0;
        if (quota >= 0 && recorded && quota - issued < n) {
            n = (int) Math.max(0, quota - issued);
        }
        for (int i = 0; i < n; i++) {
            c.h2.request(now, now);
        }
        if (recorded) {
            issued += n;
        }
        writeH2(c);
    }

    /** HTTP/2: writes the frames waiting in the connection's buffer, unless a write is under way already. */
    private void writeH2(Connection c) {
        if (c.state == Connection.State.WRITING || c.h2.out.position() == 0) {
            return; // the OP_WRITE under way takes what was appended
        }
        startWrite(c);
    }

    /**
     * Closed loop: sends the next requests of the connections whose responses completed on the previous
     * turn of the loop, after this turn's reads. This is wrk's loop structure (a completed connection waits
     * for its next writable event): the server gets its requests in batches rather than one wake-up at a
     * time, and latency figures compare with wrk's. Each send is timed when it is written, so the wait in
     * this queue is client think time, not latency.
     */
    private void sendQueuedRequests() {
        for (int i = 0; i < sendQueued; i++) {
            Connection c = sendQueue[i];
            sendQueue[i] = null;
            c.sendQueued = false;
            sendClosedLoop(c, clock.nanoTime());
        }
        sendQueued = 0;
    }

    /** Turns: holds a connection ready to send until this worker's next turn (once, however often it is asked). */
    private void waitForTurn(Connection c) {
        if (!c.waitingForTurn) {
            c.waitingForTurn = true;
            waiting[waitingCount++] = c;
        }
    }

    /**
     * Turns: this worker's turn has come; every connection that waited for it sends (one that closed meanwhile sends
     * once it has reopened, as any other).
     */
    private void sendWaiting(long now) {
        int n = waitingCount;
        waitingCount = 0;
        for (int i = 0; i < n; i++) {
            Connection c = waiting[i];
            waiting[i] = null;
            c.waitingForTurn = false;
            sendClosedLoop(c, now);
        }
    }

    /** Rate mode: sends every request that is due, each on a connection with a free slot. */
    private void sendScheduled(long now) {
        while (true) {
            long intended = intendedAt(nextSendIndex);
            if (intended - now > 0) {
                return;
            }
            if (quota >= 0 && intended - run.recordStartNanos >= 0 && issued >= quota) {
                return;
            }
            Connection c = nextFree();
            if (c == null) {
                return;
            }
            nextSendIndex++;
            if (c.h2 != null) {
                openScheduledStream(c, now, intended);
            } else {
                write(c, 1, now, intended);
            }
        }
    }

    /** HTTP/2, rate mode: a stream of its own, timed from when it was due as an HTTP/1.1 request is. */
    private void openScheduledStream(Connection c, long now, long intended) {
        c.h2.request(now, intended);
        if (intended - run.recordStartNanos >= 0) {
            issued++;
        }
        writeH2(c);
    }

    private long intendedAt(long index) {
        return run.startNanos + (long) (index * sendIntervalNanos);
    }

    private Connection nextFree() {
        int n = opened;
        for (int k = 0; k < n; k++) {
            int i = freeCursor++;
            if (freeCursor >= n) {
                freeCursor = 0;
            }
            Connection c = connections[i % n];
            if (c.h2 != null ? mayOpenStream(c) : c.state == Connection.State.READING && c.pending() < pipeline) {
                return c;
            }
        }
        return null;
    }

    /** HTTP/2: whether a stream may open now; one may while an earlier write is under way (its frames append). */
    private static boolean mayOpenStream(Connection c) {
        return (c.state == Connection.State.READING || c.state == Connection.State.WRITING) && c.h2.canOpen() > 0;
    }

    /** Writes n copies of the request in one call; partial writes finish on OP_WRITE. */
    private void write(Connection c, int n, long sentNanos, long intendedNanos) {
        for (int i = 0; i < n; i++) {
            c.push(sentNanos, intendedNanos);
        }
        if (intendedNanos - run.recordStartNanos >= 0) {
            issued += n;
        }
        c.firstByteNanos = 0;
        ByteBuffer out = c.out;
        out.limit(n * requestBytes).position(0);
        startWrite(c);
    }

    /** Writes what waits to go out; what does not go out at once goes on OP_WRITE ({@link #flush}). */
    private void startWrite(Connection c) {
        boolean written;
        try {
            written = writeOut(c);
        } catch (IOException e) {
            fail(c, ErrorKind.WRITE);
            return;
        }
        if (!written) {
            c.state = Connection.State.WRITING;
            c.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        }
    }

    /**
     * Writes what remains of the connection's requests, encrypted over TLS; true when all of it went out.
     */
    private static boolean writeOut(Connection c) throws IOException {
        if (c.h2 != null) {
            // The session's buffer stays in write mode between writes, so answers and requests append to it.
            ByteBuffer out = c.h2.out.flip();
            try {
                if (c.tls == null) {
                    c.channel.write(out);
                    return !out.hasRemaining();
                }
                return c.tls.write(out);
            } finally {
                out.compact();
            }
        }
        if (c.tls == null) {
            c.channel.write(c.out);
            return !c.out.hasRemaining();
        }
        return c.tls.write(c.out);
    }

    private void flush(Connection c) {
        boolean written;
        try {
            written = writeOut(c);
        } catch (IOException e) {
            fail(c, ErrorKind.WRITE);
            return;
        }
        if (written) {
            c.state = Connection.State.READING;
            c.key.interestOps(SelectionKey.OP_READ);
            if (!rateMode) {
                sendClosedLoop(c, clock.nanoTime());
            }
        }
    }

    // ---- receiving ------------------------------------------------------------------------------

    private void read(Connection c) {
        ByteBuffer buf = readBuffer;
        buf.clear();
        int n;
        try {
            n = c.tls == null ? c.channel.read(buf) : c.tls.read(buf);
        } catch (SSLException e) {
            // A record that does not decrypt or an alert: the peer's TLS failed, not its socket.
            fail(c, ErrorKind.TLS);
            return;
        } catch (IOException e) {
            fail(c, ErrorKind.READ);
            return;
        }
        if (n <= 0) {
            if (n < 0) {
                endOfStream(c);
            }
            return;
        }
        // One clock reading per read: every response completed by these bytes ended now.
        long now = clock.nanoTime();
        if (recording) {
            bytesRead += n;
        }
        if (c.firstByteNanos == 0) {
            c.firstByteNanos = now;
        }
        buf.flip();
        if (c.h2 != null) {
            readH2(c, buf, now);
            return;
        }
        ResponseParser parser = c.parser;
        int done = parser.feed(buf);
        int errorResponses = parser.takeErrorResponses();
        if (errorResponses > 0) {
            errorCounts[ErrorKind.STATUS.ordinal()] += errorResponses;
            errorTotal += errorResponses;
        }
        if (done > 0 && !completeResponses(c, done, now)) {
            return;
        }
        if (parser.isMalformed()) {
            fail(c, ErrorKind.MALFORMED);
        } else if (parser.closeRequested() || (!keepAlive && done > 0)) {
            recycle(c);
        } else if (done > 0 && !rateMode && !c.sendQueued) {
            c.sendQueued = true;
            sendNext[sendNextQueued++] = c;
        }
    }

    /**
     * HTTP/2: feeds what was read to the connection's session, which reports each stream that ended to
     * {@link #h2Events}; writes what it must answer; reopens a connection the server sent away once its last stream
     * ended, as an HTTP/1.1 close is; queues the connection to open its next streams on the next turn of the loop.
     */
    private void readH2(Connection c, ByteBuffer buf, long now) {
        h2Events.connection = c;
        h2Events.now = now;
        c.h2.feed(buf, h2Events);
        if (c.h2.protocolError() != null) {
            fail(c, ErrorKind.MALFORMED);
            return;
        }
        writeH2(c);
        if (c.state == Connection.State.CLOSED) {
            return;
        }
        if (c.h2.goingAway() && c.h2.open() == 0) {
            recycle(c);
        } else if (!rateMode && c.h2.canOpen() > 0 && !c.sendQueued) {
            c.sendQueued = true;
            sendNext[sendNextQueued++] = c;
        }
    }

    /** HTTP/2: how the streams of the connection being read ended, counted as HTTP/1.1's responses are. */
    private final class H2Events implements H2Session.Events {
        Connection connection;
        long now;

        @Override
        public void response(long sentNanos, long intendedNanos, int status) {
            statusCounts[status < ResponseParser.STATUS_CODES ? status : 0]++;
            if (status >= 400) {
                errorCounts[ErrorKind.STATUS.ordinal()]++;
                errorTotal++;
            }
            if (intendedNanos - run.recordStartNanos >= 0) {
                completed++;
                if (!slotServed[connection.index]) {
                    slotServed[connection.index] = true;
                    slotsServed++;
                }
                intervals.record(micros(now - intendedNanos));
                if (rateMode) {
                    uncorrected.recordValue(micros(now - sentNanos));
                }
            }
        }

        @Override
        public void reset(long intendedNanos, int errorCode) {
            resetCodes[H2ErrorCode.slot(errorCode)]++;
            lost(ErrorKind.RESET, intendedNanos);
        }

        @Override
        public void refused(long intendedNanos) {
            lost(ErrorKind.REFUSED, intendedNanos);
        }

        @Override
        public void goAway(int errorCode) {
            if (errorCode != 0) {
                errorCounts[ErrorKind.GOAWAY.ordinal()]++;
                errorTotal++;
            }
        }

        /** A stream that ended without a response: an error, and in a counted run a request to send again. */
        private void lost(ErrorKind kind, long intendedNanos) {
            errorCounts[kind.ordinal()]++;
            errorTotal++;
            if (quota >= 0 && intendedNanos - run.recordStartNanos >= 0) {
                issued--;
            }
        }
    }

    private void endOfStream(Connection c) {
        if (c.h2 != null) {
            // A server that sent GOAWAY (or had nothing open) may close: reopen. Open streams lost: an error.
            if (c.h2.open() > 0) {
                fail(c, ErrorKind.CLOSED);
            } else {
                recycle(c);
            }
            return;
        }
        int done = c.parser.feedEof();
        if (done > 0) {
            if (completeResponses(c, done, clock.nanoTime())) {
                recycle(c);
            }
        } else if (c.pending() > 0 || c.parser.inResponse()) {
            fail(c, ErrorKind.CLOSED);
        } else {
            // An idle keep-alive connection closed by the server: reopen, not an error.
            recycle(c);
        }
    }

    /**
     * Records the latencies of the k oldest requests. More responses than requests in flight: the ones that
     * answer a request are recorded, then the connection fails as malformed and false is returned.
     */
    private boolean completeResponses(Connection c, int k, long now) {
        int answered = Math.min(k, c.pending());
        final long recordStart = run.recordStartNanos;
        for (int i = 0; i < answered; i++) {
            long sent = c.oldestSentNanos();
            long intended = c.oldestIntendedNanos();
            c.pop();
            if (intended - recordStart >= 0) {
                completed++;
                if (!slotServed[c.index]) {
                    slotServed[c.index] = true;
                    slotsServed++;
                }
                intervals.record(micros(now - intended));
                if (rateMode) {
                    uncorrected.recordValue(micros(now - sent));
                }
                if (!keepAlive) {
                    waitTimes.recordValue(micros(c.firstByteNanos - sent));
                    totalTimes.recordValue(micros(now - c.connectStartNanos));
                }
            }
        }
        if (answered < k) {
            fail(c, ErrorKind.MALFORMED);
            return false;
        }
        return true;
    }

    /** Nanoseconds to whole microseconds, rounded, within [1, HIGHEST_MICROS]. */
    static long micros(long nanos) {
        return Math.max(1, Math.min((nanos + 500) / 1000, HIGHEST_MICROS));
    }

    // ---- results, read by the run's thread ----------------------------------------------------------

    /** This worker's finished latency intervals, for the run's thread. */
    IntervalHandoff intervals() {
        return intervals;
    }

    /** When this worker began recording (its clock), or 0 if it never did. Safe from any thread. */
    long recordingStartedNanos() {
        return recordingStartedNanos;
    }

    /** Errors so far, published by the worker when they change; safe to read at any time. */
    long publishedErrors() {
        return publishedErrors;
    }

    /** When the loop ended (its clock), or 0 while running. */
    long stoppedNanos() {
        return stoppedNanos;
    }

    // The following are read only after the worker's thread has been joined.

    long completed() {
        return completed;
    }

    long bytesRead() {
        return bytesRead;
    }

    long connectsSucceeded() {
        return connectsSucceeded;
    }

    /** Connection slots that completed at least one recorded response. */
    int slotsServed() {
        return slotsServed;
    }

    ErrorCounts errors() {
        return ErrorCounts.of(errorCounts);
    }

    long[] statusCounts() {
        return statusCounts.clone();
    }

    /** HTTP/2: streams reset by the server, by {@link H2ErrorCode#slot}. */
    long[] resetCodes() {
        return resetCodes.clone();
    }

    Histogram uncorrected() {
        return uncorrected;
    }

    Histogram connectTimes() {
        return connectTimes;
    }

    Histogram waitTimes() {
        return waitTimes;
    }

    Histogram totalTimes() {
        return totalTimes;
    }

    /** TLS handshake times (recorded part), or null for plain HTTP. */
    Histogram handshakeTimes() {
        return handshakeTimes;
    }

    /** TLS handshakes completed in the recorded part. */
    long handshakes() {
        return handshakes;
    }

    /** The TLS version its handshakes settled on (the last one's), or null when none completed. */
    TlsVersion negotiatedTls() {
        return negotiated;
    }

    /** Of those, the ones that resumed an earlier session. */
    long resumedHandshakes() {
        return resumedHandshakes;
    }
}

package io.httpmodels.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.Http2Exception;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The HTTP/2 side of one client {@link Connection} (RFC 9113): its frames out and in, its streams, its flow control
 * and the server's settings. The worker asks it to {@link #start()} a connection, to open streams ({@link
 * #request}) while {@link #canOpen()} allows, and {@link #feed feeds} it what it reads; it tells the worker about each
 * stream that ends through {@link Events}. What it must answer (SETTINGS ack, PING ack, WINDOW_UPDATE) it appends to
 * {@link #out}, the frames waiting to go out, which the worker writes.
 *
 * <p>Frames in are parsed incrementally (a frame may split at any byte across reads); DATA payloads are counted, not
 * copied. Header blocks (HEADERS and CONTINUATION) are gathered whole and decoded by {@link H2ResponseHeaders}
 * (netty's HPACK decoder behind a cache of the last block), since the dynamic table must see every block; only
 * {@code :status} is kept. A request's
 * block is {@link H2RequestBlock}'s, copied into {@link #out} behind its 9-byte frame header: no allocation per
 * request. Not thread-safe: owned by its worker's thread.
 */
final class H2Session {

    /** What ended a stream, or the connection; every method gets the stream's times as it was opened. */
    interface Events {
        /** A response completed (END_STREAM) with its final status. */
        void response(long sentNanos, long intendedNanos, int status);

        /** The server reset a stream (RST_STREAM) with this error code. */
        void reset(long intendedNanos, int errorCode);

        /** A stream the server will not process: above a GOAWAY's last stream id. */
        void refused(long intendedNanos);

        /** The server sent GOAWAY with this error code (NO_ERROR, 0, for a graceful one). */
        void goAway(int errorCode);
    }

    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    static final int DATA = 0x0;
    static final int HEADERS = 0x1;
    static final int PRIORITY = 0x2;
    static final int RST_STREAM = 0x3;
    static final int SETTINGS = 0x4;
    static final int PUSH_PROMISE = 0x5;
    static final int PING = 0x6;
    static final int GOAWAY = 0x7;
    static final int WINDOW_UPDATE = 0x8;
    static final int CONTINUATION = 0x9;

    static final int END_STREAM = 0x1;
    static final int ACK = 0x1;
    static final int END_HEADERS = 0x4;
    static final int PADDED = 0x8;
    static final int PRIORITY_FLAG = 0x20;

    static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
    static final int SETTINGS_ENABLE_PUSH = 0x2;
    static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
    static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;

    /** The largest frame this client accepts: SETTINGS_MAX_FRAME_SIZE's initial value, which it never raises. */
    static final int MAX_FRAME_BYTES = 16_384;
    /** The window every stream and the connection start with before SETTINGS (RFC 9113 §6.9.2). */
    static final int DEFAULT_WINDOW = 65_535;

    private static final int FRAME_HEADER_BYTES = 9;
    /** Room in {@link #out} for what a read may make the client answer (acks, window updates), beyond requests. */
    private static final int CONTROL_ROOM = 64 * 1024;

    /** Frames waiting to go out, in write mode (position: the end of what waits). */
    final ByteBuffer out;

    private final H2Streams streams;
    private final H2RequestBlock block;
    private final int streamLimit;
    private final int window;
    private final H2ResponseHeaders responseHeaders = new H2ResponseHeaders();
    /** One header block being gathered from HEADERS and its CONTINUATIONs. */
    private final ByteBuf headerBlock = Unpooled.buffer(MAX_FRAME_BYTES);

    private final byte[] frameHeader = new byte[FRAME_HEADER_BYTES];
    /** The payload of a frame other than DATA and the header fragments, gathered whole before it is handled. */
    private final byte[] payload = new byte[MAX_FRAME_BYTES];

    private int headerFill;
    private boolean inPayload;
    private int length;
    private int type;
    private int flags;
    private int streamId;
    private int payloadRead;

    /** The stream whose header block is being gathered, 0 for none (then no CONTINUATION may come). */
    private int blockStream;

    private boolean blockEndsStream;

    private int nextStreamId;
    private boolean settingsReceived;
    private int serverMaxStreams;
    private boolean goingAway;
    /** The request block to send next: the first one, then the indexed one, or the plain one for a small table. */
    private byte[] requestBlock;
    /** A dynamic table size update owed at the start of the next block, or null. */
    private byte[] owedTableUpdate;

    private long connectionUnacknowledged;
    private String protocolError;

    /**
     * @param block  the request's header block
     * @param limit  the most streams this client opens at once ({@code --streams})
     * @param window the receive window per stream and per connection, in bytes
     */
    H2Session(H2RequestBlock block, int limit, int window) {
        this.block = block;
        this.streamLimit = limit;
        this.window = window;
        this.streams = new H2Streams(limit);
        this.out = ByteBuffer.allocateDirect(
                PREFACE.length + CONTROL_ROOM + limit * (FRAME_HEADER_BYTES + block.maxLength() + 8));
        reset();
    }

    /** Forgets the last connection: a new one starts from the preface. */
    void reset() {
        out.clear();
        streams.clear();
        headerFill = 0;
        inPayload = false;
        blockStream = 0;
        headerBlock.clear();
        nextStreamId = 1;
        settingsReceived = false;
        serverMaxStreams = Integer.MAX_VALUE;
        goingAway = false;
        requestBlock = block.first();
        owedTableUpdate = null;
        connectionUnacknowledged = 0;
        protocolError = null;
        responseHeaders.reset();
    }

    /**
     * The client's connection preface: the magic, SETTINGS (no push, this client's window per stream) and a
     * WINDOW_UPDATE that opens the connection's window to the same size.
     */
    void start() {
        out.put(PREFACE);
        frameHeader(12, SETTINGS, 0, 0);
        setting(SETTINGS_ENABLE_PUSH, 0);
        setting(SETTINGS_INITIAL_WINDOW_SIZE, window);
        if (window > DEFAULT_WINDOW) {
            windowUpdate(0, window - DEFAULT_WINDOW);
        }
    }

    /** How many more streams may open now: none before the server's SETTINGS or after its GOAWAY. */
    int canOpen() {
        if (!settingsReceived || goingAway) {
            return 0;
        }
        return Math.max(0, Math.min(streamLimit, serverMaxStreams) - streams.size());
    }

    /** Whether the server sent GOAWAY: no stream opens on this connection any more. */
    boolean goingAway() {
        return goingAway;
    }

    /** Streams open: requests written whose responses have not ended. */
    int open() {
        return streams.size();
    }

    /** Opens a stream: appends its HEADERS frame (END_STREAM, END_HEADERS) to {@link #out}. */
    void request(long sentNanos, long intendedNanos) {
        int id = nextStreamId;
        nextStreamId += 2;
        byte[] b = requestBlock;
        byte[] update = owedTableUpdate;
        int updateLength = update == null ? 0 : update.length;
        frameHeader(updateLength + b.length, HEADERS, END_STREAM | END_HEADERS, id);
        if (update != null) {
            out.put(update);
            owedTableUpdate = null;
        }
        out.put(b);
        if (b == block.first()) {
            requestBlock = block.indexed();
        }
        streams.open(id, sentNanos, intendedNanos);
    }

    /** When the oldest open stream was written; {@code Long.MAX_VALUE}-far in the future when none is open. */
    long oldestSentNanos(long now) {
        long oldest = now;
        for (int i = 0; i < streams.capacity(); i++) {
            if (streams.idAt(i) != 0 && streams.sentNanos(i) - oldest < 0) {
                oldest = streams.sentNanos(i);
            }
        }
        return oldest;
    }

    /** How many open streams were meant to be sent at or after {@code sinceNanos}. */
    int openSince(long sinceNanos) {
        int n = 0;
        for (int i = 0; i < streams.capacity(); i++) {
            if (streams.idAt(i) != 0 && streams.intendedNanos(i) - sinceNanos >= 0) {
                n++;
            }
        }
        return n;
    }

    /**
     * Whether the connection waited too long: for the server's SETTINGS since it connected, or for its oldest open
     * stream's response.
     */
    boolean timedOut(long now, long connectedNanos, long timeoutNanos) {
        if (!settingsReceived) {
            return now - connectedNanos > timeoutNanos;
        }
        return streams.size() > 0 && now - oldestSentNanos(now) > timeoutNanos;
    }

    /** Why the server's bytes broke the protocol, or null while they have not. */
    String protocolError() {
        return protocolError;
    }

    // ---- frames in -----------------------------------------------------------------------------

    /**
     * Reads every frame (or part of one) in {@code in}, tells {@code events} of each stream that ended, and appends
     * any answer owed to {@link #out}. Stops at a protocol error ({@link #protocolError()} then says which).
     *
     * @return responses that completed
     */
    int feed(ByteBuffer in, Events events) {
        int done = 0;
        while (in.hasRemaining() && protocolError == null) {
            if (!inPayload) {
                int n = Math.min(FRAME_HEADER_BYTES - headerFill, in.remaining());
                in.get(frameHeader, headerFill, n);
                headerFill += n;
                if (headerFill < FRAME_HEADER_BYTES) {
                    return done;
                }
                headerFill = 0;
                if (!beginFrame()) {
                    return done;
                }
                if (length > 0) {
                    continue;
                }
            } else {
                int n = Math.min(length - payloadRead, in.remaining());
                if (type == DATA) {
                    in.position(in.position() + n); // counted, not copied
                } else {
                    in.get(payload, payloadRead, n);
                }
                payloadRead += n;
                if (payloadRead < length) {
                    return done;
                }
            }
            inPayload = false;
            try {
                done += endFrame(events);
            } catch (IllegalStateException e) {
                protocolError = e.getMessage();
            }
        }
        return done;
    }

    /** A frame's 9 bytes are in: checks them; false on a protocol error. */
    private boolean beginFrame() {
        byte[] h = frameHeader;
        length = ((h[0] & 0xff) << 16) | ((h[1] & 0xff) << 8) | (h[2] & 0xff);
        type = h[3] & 0xff;
        flags = h[4] & 0xff;
        streamId = ((h[5] & 0x7f) << 24) | ((h[6] & 0xff) << 16) | ((h[7] & 0xff) << 8) | (h[8] & 0xff);
        payloadRead = 0;
        inPayload = true;
        if (length > MAX_FRAME_BYTES) {
            return protocolError("a frame of " + length + " bytes, above SETTINGS_MAX_FRAME_SIZE");
        }
        if (blockStream != 0 && (type != CONTINUATION || streamId != blockStream)) {
            return protocolError("a header block interrupted by a frame of type " + type);
        }
        return true;
    }

    /** A whole frame is in: acts on it. Returns 1 when it ended a response, else 0. */
    private int endFrame(Events events) {
        return switch (type) {
            case DATA -> data(events);
            case HEADERS -> headers(events);
            case CONTINUATION -> continuation(events);
            case SETTINGS -> settings();
            case PING -> ping();
            case RST_STREAM -> rstStream(events);
            case GOAWAY -> goAway(events);
            case PUSH_PROMISE -> protocolErrorNone("PUSH_PROMISE, though the client disabled push");
            // WINDOW_UPDATE: this client sends no DATA, so the server's windows never bind it. PRIORITY and
            // unknown types are ignored, as RFC 9113 §5.5 asks.
            default -> 0;
        };
    }

    private int data(Events events) {
        if (streamId == 0) {
            return protocolErrorNone("DATA on stream 0");
        }
        // Flow control counts the whole payload, padding included (RFC 9113 §6.9).
        connectionUnacknowledged += length;
        if (connectionUnacknowledged >= window / 2) {
            windowUpdate(0, (int) connectionUnacknowledged);
            connectionUnacknowledged = 0;
        }
        int slot = streams.find(streamId);
        if (slot < 0) {
            return 0; // a stream reset or refused: its data still counted against the connection's window
        }
        if ((flags & END_STREAM) != 0) {
            return complete(slot, events);
        }
        int received = streams.received(slot, length);
        if (received >= window / 2) {
            windowUpdate(streamId, received);
            streams.acknowledged(slot);
        }
        return 0;
    }

    private int headers(Events events) {
        if (streamId == 0) {
            return protocolErrorNone("HEADERS on stream 0");
        }
        int from = 0;
        int to = length;
        if ((flags & PADDED) != 0) {
            if (length < 1) {
                return protocolErrorNone("a padded HEADERS frame without its pad length");
            }
            to -= payload[0] & 0xff;
            from = 1;
        }
        if ((flags & PRIORITY_FLAG) != 0) {
            from += 5;
        }
        if (to < from) {
            return protocolErrorNone("HEADERS padding longer than its payload");
        }
        headerBlock.clear();
        headerBlock.writeBytes(payload, from, to - from);
        blockEndsStream = (flags & END_STREAM) != 0;
        if ((flags & END_HEADERS) == 0) {
            blockStream = streamId;
            return 0;
        }
        return headerBlockDone(events);
    }

    private int continuation(Events events) {
        if (blockStream == 0) {
            return protocolErrorNone("CONTINUATION without HEADERS");
        }
        if (headerBlock.readableBytes() + length > 256 * 1024) {
            return protocolErrorNone("a header block above 256 KiB");
        }
        headerBlock.writeBytes(payload, 0, length);
        if ((flags & END_HEADERS) == 0) {
            return 0;
        }
        blockStream = 0;
        return headerBlockDone(events);
    }

    /** A whole header block: decoded (the HPACK table must see it even for a stream no longer open). */
    private int headerBlockDone(Events events) {
        int status;
        try {
            status = responseHeaders.status(streamId, headerBlock);
        } catch (Http2Exception | RuntimeException e) {
            return protocolErrorNone("a header block that does not decode: " + e.getMessage());
        } finally {
            headerBlock.clear();
        }
        int slot = streams.find(streamId);
        if (slot < 0) {
            return 0;
        }
        // An informational (1xx) block is followed by the final one; a trailer block keeps the status it follows.
        if (status >= 200 && streams.status(slot) == 0) {
            streams.status(slot, status);
        }
        return blockEndsStream ? complete(slot, events) : 0;
    }

    private int complete(int slot, Events events) {
        long sent = streams.sentNanos(slot);
        long intended = streams.intendedNanos(slot);
        int status = streams.status(slot);
        streams.close(slot);
        events.response(sent, intended, status);
        return 1;
    }

    private int settings() {
        if ((flags & ACK) != 0) {
            return 0;
        }
        if (length % 6 != 0 || streamId != 0) {
            return protocolErrorNone("a malformed SETTINGS frame");
        }
        for (int i = 0; i < length; i += 6) {
            int id = ((payload[i] & 0xff) << 8) | (payload[i + 1] & 0xff);
            int value = ((payload[i + 2] & 0xff) << 24)
                    | ((payload[i + 3] & 0xff) << 16)
                    | ((payload[i + 4] & 0xff) << 8)
                    | (payload[i + 5] & 0xff);
            if (id == SETTINGS_MAX_CONCURRENT_STREAMS) {
                serverMaxStreams = value < 0 ? Integer.MAX_VALUE : value;
            } else if (id == SETTINGS_HEADER_TABLE_SIZE) {
                headerTableSize(value);
            }
        }
        settingsReceived = true;
        frameHeader(0, SETTINGS, ACK, 0);
        return 0;
    }

    /**
     * The server's decoder table size: a table too small for the request's fields makes every later block plain,
     * after a size update to 0, since the first block may already have filled the old table.
     */
    private void headerTableSize(int size) {
        if (size < 0 || size >= block.dynamicTableBytes()) {
            return;
        }
        owedTableUpdate = H2RequestBlock.tableSizeUpdate(0);
        requestBlock = block.plain();
    }

    private int ping() {
        if ((flags & ACK) != 0) {
            return 0;
        }
        if (length != 8 || streamId != 0) {
            return protocolErrorNone("a malformed PING frame");
        }
        frameHeader(8, PING, ACK, 0);
        out.put(payload, 0, 8);
        return 0;
    }

    private int rstStream(Events events) {
        if (length != 4 || streamId == 0) {
            return protocolErrorNone("a malformed RST_STREAM frame");
        }
        int slot = streams.find(streamId);
        if (slot >= 0) {
            long intended = streams.intendedNanos(slot);
            streams.close(slot);
            events.reset(intended, int32(0));
        }
        return 0;
    }

    private int goAway(Events events) {
        if (length < 8 || streamId != 0) {
            return protocolErrorNone("a malformed GOAWAY frame");
        }
        int lastStreamId = int32(0) & 0x7fffffff;
        goingAway = true;
        events.goAway(int32(4));
        // Streams above the last id were never processed: refused, and safe to send again (RFC 9113 §6.8).
        int i = 0;
        while (i < streams.capacity()) {
            int id = streams.idAt(i);
            if (id > lastStreamId) {
                long intended = streams.intendedNanos(i);
                streams.close(i); // may move a later entry into slot i: look at it again
                events.refused(intended);
            } else {
                i++;
            }
        }
        return 0;
    }

    private int int32(int at) {
        return ((payload[at] & 0xff) << 24)
                | ((payload[at + 1] & 0xff) << 16)
                | ((payload[at + 2] & 0xff) << 8)
                | (payload[at + 3] & 0xff);
    }

    private boolean protocolError(String why) {
        protocolError = why;
        return false;
    }

    private int protocolErrorNone(String why) {
        protocolError = why;
        return 0;
    }

    // ---- frames out ----------------------------------------------------------------------------

    private void frameHeader(int payloadLength, int frameType, int frameFlags, int stream) {
        if (out.remaining() < FRAME_HEADER_BYTES + payloadLength) {
            // Only answers can outgrow the room (requests are bounded by the stream limit): a PING or SETTINGS
            // flood that the server does not read. The connection fails rather than buffer without bound.
            throw new IllegalStateException("the server's frames owe more answers than " + out.capacity() + " bytes");
        }
        out.put((byte) (payloadLength >>> 16))
                .put((byte) (payloadLength >>> 8))
                .put((byte) payloadLength)
                .put((byte) frameType)
                .put((byte) frameFlags)
                .putInt(stream);
    }

    private void setting(int id, int value) {
        out.putShort((short) id).putInt(value);
    }

    private void windowUpdate(int stream, int increment) {
        frameHeader(4, WINDOW_UPDATE, 0, stream);
        out.putInt(increment);
    }
}

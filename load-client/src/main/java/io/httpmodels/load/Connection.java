package io.httpmodels.load;

import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One client connection of a {@link Worker}: its channel, its state, its response parser and the send
 * times of the requests it has in flight (a ring as deep as the pipeline).
 *
 * <p>States: {@code CONNECTING} until the TCP handshake completes, {@code HANDSHAKING} until the TLS one does
 * ({@code https://} only), {@code WRITING} while a write is
 * partially done, {@code READING} while it waits for responses (or idles between requests), {@code CLOSED}
 * between a close and the reopen. Not thread-safe: owned by its worker's thread.
 */
final class Connection {

    enum State {
        CONNECTING,
        HANDSHAKING,
        WRITING,
        READING,
        CLOSED
    }

    final int index;
    final ResponseParser parser;
    /** Its own view of the worker's pre-encoded requests, so position and limit are per connection. */
    final ByteBuffer out;

    SocketChannel channel;
    /** Its TLS over {@code channel} for an {@code https://} load; null for plain HTTP. */
    TlsChannel tls;
    /** This slot's own TLS context, and so its own session cache, kept across reconnects; null for plain HTTP. */
    SlotTlsContext tlsContext;

    /** Its HTTP/2 streams, frames and settings for an h2c load; null for HTTP/1.1. */
    H2Session h2;

    SelectionKey key;
    State state = State.CLOSED;

    /** When each in-flight request was written (nanoTime), oldest at {@code head}. */
    private final long[] sentNanos;
    /** When each in-flight request was meant to be sent (rate mode), oldest at {@code head}. */
    private final long[] intendedNanos;

    private final int mask;
    private int head;
    private int pending;

    long connectStartNanos;
    long firstByteNanos;
    /** When the TLS handshake began: once the TCP connection was established. */
    long handshakeStartNanos;
    /** Whether the connection waits in its worker's send queue. */
    boolean sendQueued;
    /** Whether it waits for its worker's next turn ({@link Turns}) to send. */
    boolean waitingForTurn;
    /** Whether a close was already planned (reopen queued), so a connection is queued once. */
    boolean reopenQueued;
    /** Connects of this slot that failed in a row; reset when one succeeds. */
    int connectFailures;
    /** When a queued reopen may happen (nanoTime); 0 for at once. */
    long reopenAtNanos;

    Connection(int index, ResponseParser parser, ByteBuffer requests, int pipeline) {
        this.index = index;
        this.parser = parser;
        this.out = requests.duplicate();
        int capacity = Integer.highestOneBit(Math.max(1, pipeline - 1)) << 1;
        this.sentNanos = new long[capacity];
        this.intendedNanos = new long[capacity];
        this.mask = capacity - 1;
    }

    /** Requests written (or being written) whose responses have not completed. */
    int pending() {
        return pending;
    }

    /** Remembers one more request in flight. */
    void push(long sent, long intended) {
        int slot = (head + pending) & mask;
        sentNanos[slot] = sent;
        intendedNanos[slot] = intended;
        pending++;
    }

    long oldestSentNanos() {
        return sentNanos[head];
    }

    long oldestIntendedNanos() {
        return intendedNanos[head];
    }

    /** Forgets the oldest request in flight (its response completed). */
    void pop() {
        head = (head + 1) & mask;
        pending--;
    }

    /** How many requests in flight were meant to be sent at or after {@code sinceNanos}. */
    int pendingSince(long sinceNanos) {
        int n = 0;
        for (int i = 0; i < pending; i++) {
            if (intendedNanos[(head + i) & mask] - sinceNanos >= 0) {
                n++;
            }
        }
        return n;
    }

    /** Forgets all requests in flight (the connection is gone). */
    void clearPending() {
        head = 0;
        pending = 0;
    }
}

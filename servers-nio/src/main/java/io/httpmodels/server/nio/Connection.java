package io.httpmodels.server.nio;

import io.httpmodels.server.http.HttpRequestReader;

import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * What an event loop knows of one connection: its channel, its unsent answers, the part of a request it holds,
 * and the times its deadlines run from. An idle connection holds no buffer: {@link #reader}, {@link #pending} and
 * the output queue's buffers exist only while bytes are in flight.
 *
 * <p>Plain state, read and written only by the loop that owns the connection.
 */
final class Connection {

    final SocketChannel channel;
    SelectionKey key;
    final OutputQueue output = new OutputQueue();
    /** Its TLS when the server serves HTTPS, else {@code null}: then the output queue holds encrypted bytes. */
    TlsSession tls;

    /** The connection's own reader while it holds part of a request; else {@code null} (the loop's is used). */
    HttpRequestReader reader;
    /** Bytes read from the socket and not handed to a reader yet (parsing stopped early); else {@code null}. */
    ByteBuffer pending;
    /** Parsing stopped before the input ran out (work in flight, too much output, a close decided). */
    boolean stoppedEarly;

    /** The peer closed its side: what is buffered is parsed, answered, then the connection closes. */
    boolean inputEnded;
    /** A request's simulated work is running on the work pool: nothing more is parsed until its answer is back. */
    boolean workInFlight;
    /** Unsent answers went over the bound: nothing is read until they are down to half. */
    boolean paused;
    /** The connection closes once its answers are sent (and the work in flight is answered). */
    boolean closeAfterOutput;
    /** After an error answer: half-close and read a bounded while before the close, so the client reads the answer. */
    boolean lingerAfterOutput;

    boolean lingering;
    long lingerUntilNanos;
    long lingeredBytes;
    boolean closed;

    /** When bytes last came in or went out. */
    long lastActivityNanos;
    /** When the request being read began (the read that brought its first bytes); 0 when none is. */
    long requestStartNanos;
    /** When the body being read began (its head was complete); 0 when none is. */
    long bodyStartNanos;
    /** When {@link #paused} was set. */
    long pausedSinceNanos;

    Connection(SocketChannel channel, long nowNanos) {
        this.channel = channel;
        this.lastActivityNanos = nowNanos;
    }
}

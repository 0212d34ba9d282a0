package io.httpmodels.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * An HTTP/1.1 server on loopback port 0 that runs on the client's own thread, on a {@link TestClock}: before each
 * of the loop's waits it accepts what connected, reads what arrived and gives each request head, as it completes,
 * to a {@link Script}, whose {@link Reply} says what to answer and after how long on that clock (a body is skipped
 * as it comes). Nothing runs on a thread of its own, so a run against it is the same every time, to the
 * nanosecond of the test clock: a reply due after 3 ms is read 3 ms after its request was written.
 *
 * <p>Not thread-safe: the loop's thread (and the test's, before and after the run).
 */
final class ScriptedServer implements AutoCloseable {

    /** What the server does with each request. */
    @FunctionalInterface
    interface Script {
        /**
         * @param index the request's place among every request the server read, from 0
         * @param connection the connection it came on, from 0 in the order they were accepted
         */
        Reply reply(long index, int connection);
    }

    /**
     * An answer (or none) to one request: its bytes, written {@code after} the request was read, then the
     * connection closed if {@code closes}, or {@code idleThenClose} later when that is set. A reply with no bytes that does not close is never given: the request
     * hangs.
     */
    record Reply(byte[] bytes, Duration after, boolean closes, Duration split, Duration idleThenClose) {

        static Reply ok() {
            return new Reply(TestServer.OK, Duration.ZERO, false, null, null);
        }

        static Reply of(byte[] bytes) {
            return new Reply(bytes, Duration.ZERO, false, null, null);
        }

        /** No answer, ever. */
        static Reply none() {
            return new Reply(new byte[0], Duration.ZERO, false, null, null);
        }

        /** No answer: the connection is closed instead. */
        static Reply closing() {
            return new Reply(new byte[0], Duration.ZERO, true, null, null);
        }

        Reply after(Duration delay) {
            return new Reply(bytes, delay, closes, split, idleThenClose);
        }

        Reply thenClose() {
            return new Reply(bytes, after, true, split, idleThenClose);
        }

        /** The answer in two halves, the second {@code gap} after the first. */
        Reply inHalves(Duration gap) {
            return new Reply(bytes, after, closes, gap, idleThenClose);
        }

        /** The answer, then the connection closed {@code idle} later, as a server closes an idle connection. */
        Reply thenIdleClose(Duration idle) {
            return new Reply(bytes, after, closes, split, idle);
        }
    }

    /** One accepted connection: what it has sent so far, and the state of the request being read. */
    private final class Peer {
        final SocketChannel channel;
        final int index;
        final StringBuilder head = new StringBuilder();
        final ArrayDeque<ByteBuffer> out = new ArrayDeque<>();
        long bodyLeft;
        int requests;
        Duration firstRequest;
        boolean ended;
        /** When its last reply is written, so that replies keep the order of their requests. */
        long lastReplyNanos;

        Peer(SocketChannel channel, int index) {
            this.channel = channel;
            this.index = index;
        }
    }

    private final TestClock clock;
    private final Script script;
    private final ServerSocketChannel listener;
    private final InetSocketAddress address;
    private final List<Peer> peers = new ArrayList<>();
    private final List<Duration> requestTimes = new ArrayList<>();
    private final ByteBuffer buffer = ByteBuffer.allocate(256 * 1024);
    private boolean killed;

    private ScriptedServer(TestClock clock, Script script) throws IOException {
        this.clock = clock;
        this.script = script;
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        listener.configureBlocking(false);
        address = (InetSocketAddress) listener.getLocalAddress();
        clock.onEachWait(this::step);
    }

    /** A server on {@code clock}, answering as {@code script} says. */
    static ScriptedServer start(TestClock clock, Script script) throws IOException {
        return new ScriptedServer(clock, script);
    }

    /** A server on {@code clock} answering every request 200 "Hello, World!" at once. */
    static ScriptedServer ok(TestClock clock) throws IOException {
        return start(clock, (i, c) -> Reply.ok());
    }

    InetSocketAddress address() {
        return address;
    }

    String url(String path) {
        return "http://127.0.0.1:" + address.getPort() + path;
    }

    /** Requests read, over every connection. */
    long requests() {
        return requestTimes.size();
    }

    /** When each request was read (its head completed), on the clock, from its start, in order. */
    List<Duration> requestTimes() {
        return requestTimes;
    }

    /** Connections accepted. */
    int connections() {
        return peers.size();
    }

    /** When each connection's first request was read (null: none was), in the order they were accepted. */
    List<Duration> firstRequestTimes() {
        return peers.stream().map(p -> p.firstRequest).toList();
    }

    /** Requests read on each connection, in the order they were accepted. */
    List<Integer> requestsPerConnection() {
        return peers.stream().map(p -> p.requests).toList();
    }

    /**
     * Whether the client has closed every connection it opened, once what it left in flight is read. Call after the
     * run.
     */
    boolean allClosedByClient() {
        step();
        return peers.stream().allMatch(p -> p.ended);
    }

    /** Dies as a killed process does: the listener closes (later connects are refused), every connection is reset. */
    void kill() {
        killed = true;
        try {
            listener.close();
            for (Peer p : peers) {
                if (!p.ended) {
                    p.channel.setOption(StandardSocketOptions.SO_LINGER, 0);
                    p.channel.close();
                    p.ended = true;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void step() {
        if (killed) {
            return;
        }
        try {
            for (SocketChannel c = listener.accept(); c != null; c = listener.accept()) {
                c.configureBlocking(false);
                // Without it a second small answer waits for the first one's delayed ACK: real time, not the clock's.
                c.setOption(StandardSocketOptions.TCP_NODELAY, true);
                peers.add(new Peer(c, peers.size()));
            }
            for (Peer p : peers) {
                if (!p.ended) {
                    read(p);
                    flush(p);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read(Peer p) throws IOException {
        while (true) {
            buffer.clear();
            int n;
            try {
                n = p.channel.read(buffer);
            } catch (IOException reset) {
                n = -1;
            }
            if (n < 0) {
                p.ended = true;
                p.channel.close();
                return;
            }
            if (n == 0) {
                return;
            }
            buffer.flip();
            while (buffer.hasRemaining()) {
                if (p.bodyLeft > 0) {
                    int skip = (int) Math.min(p.bodyLeft, buffer.remaining());
                    buffer.position(buffer.position() + skip);
                    p.bodyLeft -= skip;
                    continue;
                }
                p.head.append((char) (buffer.get() & 0xff));
                if (endsHead(p.head)) {
                    p.bodyLeft = contentLength(p.head.toString());
                    p.head.setLength(0);
                    received(p);
                    if (p.ended) {
                        return;
                    }
                }
            }
        }
    }

    private void received(Peer p) {
        long index = requestTimes.size();
        requestTimes.add(clock.elapsed());
        if (p.requests++ == 0) {
            p.firstRequest = clock.elapsed();
        }
        Reply reply = script.reply(index, p.index);
        if (reply.bytes().length == 0 && !reply.closes()) {
            return; // never answered
        }
        long at = Math.max(clock.nanoTime() + reply.after().toNanos(), p.lastReplyNanos);
        byte[] bytes = reply.bytes();
        if (reply.split() == null) {
            give(p, at, bytes, reply.closes());
        } else {
            int half = bytes.length / 2;
            give(p, at, Arrays.copyOfRange(bytes, 0, half), false);
            at += reply.split().toNanos();
            give(p, at, Arrays.copyOfRange(bytes, half, bytes.length), reply.closes());
        }
        if (reply.idleThenClose() != null) {
            give(p, at + reply.idleThenClose().toNanos(), new byte[0], true);
        }
        p.lastReplyNanos = at;
    }

    /** Writes {@code bytes} to the peer at {@code at} (nanoTime), then closes it if {@code close}. */
    private void give(Peer p, long at, byte[] bytes, boolean close) {
        Runnable give = () -> {
            if (p.ended) {
                return;
            }
            p.out.add(ByteBuffer.wrap(bytes));
            try {
                flush(p);
                if (close) {
                    p.ended = true;
                    p.channel.close();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        if (at <= clock.nanoTime()) {
            give.run();
        } else {
            clock.after(Duration.ofNanos(at - clock.nanoTime()), give);
        }
    }

    private static void flush(Peer p) throws IOException {
        while (!p.out.isEmpty()) {
            ByteBuffer next = p.out.peek();
            try {
                p.channel.write(next);
            } catch (IOException reset) {
                p.out.clear();
                return;
            }
            if (next.hasRemaining()) {
                return;
            }
            p.out.poll();
        }
    }

    private static boolean endsHead(StringBuilder head) {
        int n = head.length();
        return n >= 4
                && head.charAt(n - 1) == '\n'
                && head.charAt(n - 2) == '\r'
                && head.charAt(n - 3) == '\n'
                && head.charAt(n - 4) == '\r';
    }

    private static long contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0
                    && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
                return Long.parseLong(line.substring(colon + 1).trim());
            }
        }
        return 0;
    }

    @Override
    public void close() throws IOException {
        for (Peer p : peers) {
            p.channel.close();
        }
        listener.close();
    }

    /** The bytes of a response with status {@code status} and body {@code body}. */
    static byte[] response(int status, String body) {
        return TestServer.response(status, body);
    }

    /** The bytes of a response with extra header lines (each ending CRLF) and body. */
    static byte[] response(String headers, String body) {
        return ("HTTP/1.1 200 OK\r\n" + headers + "Content-Length: " + body.length() + "\r\n\r\n" + body)
                .getBytes(StandardCharsets.ISO_8859_1);
    }
}

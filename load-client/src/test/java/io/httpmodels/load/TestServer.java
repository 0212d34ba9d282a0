package io.httpmodels.load;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tiny blocking HTTP/1.1 server on 127.0.0.1, port 0, one thread per connection, for tests. Each request
 * (head read to the blank line, body skipped by Content-Length) goes to a {@link Handler} with its global
 * index; responses are flushed when no more input is buffered, so pipelined answers leave together.
 * {@link #kill()} closes the listener and resets every connection at once, as a server process that dies, and
 * keeps its port from other tests' servers until {@link #close()}, which does the rest and joins every thread.
 * {@link #startTls} serves the same over TLS (the JDK's {@code SSLServerSocket}).
 */
final class TestServer implements AutoCloseable {

    static final byte[] OK = response(200, "Hello, World!");

    /** Answers one request. May write, close or reset the socket, or stall. */
    interface Handler {
        /** Returns false to stop serving this connection (the server then closes it). */
        boolean handle(long index, OutputStream out, Socket socket) throws IOException;
    }

    private final ServerSocket server;
    private final String scheme;
    private final Handler handler;
    private final Thread acceptor;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final List<Long> acceptedNanos = new CopyOnWriteArrayList<>();
    /** Connections whose serving ended (the client closed, or the handler or the server did); guarded by this. */
    private long ended;

    private final CountDownLatch killed = new CountDownLatch(1);
    private volatile boolean closed;
    /** After {@link #kill()}: a socket bound to the dead server's port, so that no other test's server gets it. */
    private volatile Socket portHolder;

    private TestServer(Handler handler, ServerSocket server, String scheme) throws IOException {
        this.handler = handler;
        this.server = server;
        this.scheme = scheme;
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        this.acceptor = new Thread(this::accept, "test-server-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Starts a server that is accepting when this returns. */
    static TestServer start(Handler handler) throws IOException {
        return new TestServer(handler, new ServerSocket(), "http");
    }

    /** Starts a server speaking TLS with {@code context}'s certificate, only the given protocols (TLSv1.3 ...). */
    static TestServer startTls(SSLContext context, Handler handler, String... protocols) throws IOException {
        SSLServerSocket socket =
                (SSLServerSocket) context.getServerSocketFactory().createServerSocket();
        socket.setEnabledProtocols(protocols);
        return new TestServer(handler, socket, "https");
    }

    /**
     * A bare listener on 127.0.0.1, port 0, with room for {@code backlog} connects the kernel completes before anyone
     * accepts them: a test accepts (or never does) as its case needs.
     */
    static ServerSocket listener(int backlog) throws IOException {
        ServerSocket listener = new ServerSocket();
        try {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), backlog);
            return listener;
        } catch (IOException e) {
            listener.close();
            throw e;
        }
    }

    /** A server answering every request with 200 "Hello, World!". */
    static TestServer ok() throws IOException {
        return start((i, out, s) -> {
            out.write(OK);
            return true;
        });
    }

    static byte[] response(int status, String body) {
        return ("HTTP/1.1 " + status + " X\r\nContent-Type: text/plain\r\nContent-Length: " + body.length() + "\r\n\r\n"
                        + body)
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    String url(String path) {
        return scheme + "://127.0.0.1:" + server.getLocalPort() + path;
    }

    int port() {
        return server.getLocalPort();
    }

    InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", server.getLocalPort());
    }

    long requests() {
        return requests.get();
    }

    long connections() {
        return connections.get();
    }

    /** {@link System#nanoTime()} when each connection was accepted, in the order they were. */
    List<Long> acceptedNanos() {
        return List.copyOf(acceptedNanos);
    }

    /** Which connection the socket is, counted from 0 in the order the server accepted them. */
    int connectionIndex(Socket socket) {
        return sockets.indexOf(socket);
    }

    /** Waits until the server has accepted {@code n} connections, at most {@code bound}; whether it has. */
    synchronized boolean awaitConnections(long n, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (connections.get() < n) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /**
     * Waits until every connection accepted so far has ended, at most {@code bound}: a client that closed what it
     * opened is seen to have closed it. Whether they all had.
     */
    synchronized boolean awaitAllEnded(Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (ended < connections.get()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    private synchronized void changed(boolean end) {
        if (end) {
            ended++;
        }
        notifyAll();
    }

    /**
     * Dies as a killed process does: the listener closes (later connects are refused) and every connection is
     * reset (SO_LINGER 0), whatever it was doing. Safe from a handler; does not wait for the threads.
     */
    void kill() {
        closed = true;
        killed.countDown();
        try {
            server.close();
        } catch (IOException ignored) {
            // Closing a listener: nothing left to do with it.
        }
        holdPort();
        for (Socket s : sockets) {
            try {
                s.setSoLinger(true, 0);
                s.close();
            } catch (IOException ignored) {
                // Already closed by its own thread.
            }
        }
    }

    /**
     * Keeps the dead server's port bound, not listening: connects to it are still refused, as a dead process's
     * are, but a server that another test starts on port 0 beside this one cannot be given it (the holder does not
     * share its address, so the kernel skips the port), and a client reconnecting here cannot reach that server
     * instead. Best effort: when the port cannot be bound, nothing is held.
     */
    private void holdPort() {
        Socket holder = new Socket();
        try {
            holder.setReuseAddress(false);
            holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
            portHolder = holder;
        } catch (IOException e) {
            try {
                holder.close();
            } catch (IOException ignored) {
                // Never bound: nothing to release.
            }
        }
    }

    /** Holds a handler for the given time, or until the server is killed or closed. */
    void pause(long millis) {
        try {
            killed.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void accept() {
        while (!closed) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                return;
            }
            acceptedNanos.add(System.nanoTime());
            sockets.add(socket);
            connections.incrementAndGet();
            changed(false);
            Thread t = new Thread(() -> serve(socket), "test-server-conn");
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
            while (!closed) {
                long bodyLength = readHead(in);
                if (bodyLength < 0) {
                    return;
                }
                in.skipNBytes(bodyLength);
                if (!handler.handle(requests.getAndIncrement(), out, socket)) {
                    out.flush();
                    return;
                }
                if (in.available() == 0) {
                    out.flush();
                }
            }
        } catch (IOException e) {
            // The client went away or the handler reset the socket: this connection is done.
        } finally {
            changed(true);
        }
    }

    /** Reads a request head; returns its Content-Length (0 if none), or -1 at end of stream. */
    private static long readHead(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        long contentLength = 0;
        boolean any = false;
        while (true) {
            int b = in.read();
            if (b < 0) {
                return -1;
            }
            any = true;
            if (b == '\n') {
                String text = line.toString().trim();
                if (text.isEmpty()) {
                    return contentLength;
                }
                int colon = text.indexOf(':');
                if (colon > 0
                        && text.substring(0, colon)
                                .trim()
                                .toLowerCase(Locale.ROOT)
                                .equals("content-length")) {
                    contentLength = Long.parseLong(text.substring(colon + 1).trim());
                }
                line.setLength(0);
            } else if (b != '\r') {
                line.append((char) b);
            }
            if (!any) {
                return -1;
            }
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        killed.countDown();
        server.close();
        Socket holder = portHolder;
        if (holder != null) {
            holder.close();
        }
        for (Socket s : sockets) {
            s.close();
        }
        try {
            acceptor.join(5_000);
            for (Thread t : threads) {
                t.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

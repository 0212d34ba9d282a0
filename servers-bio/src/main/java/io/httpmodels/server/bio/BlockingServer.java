package io.httpmodels.server.bio;

import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the blocking models share: a bound {@link ServerSocket}, one acceptor thread, the set of open
 * connections, and a lifecycle that ends all of them. The model decides only who serves an accepted
 * connection: the acceptor thread itself, or a thread of the executor the model supplies.
 *
 * <p>A connection is closed when it sends nothing for the idle timeout, or when a write to it makes no progress
 * for as long ({@link WriteDeadlineServerSocket}).
 *
 * <p>Over TLS ({@link ServerConfig#tls()}, the JDK's provider only) the listener stays this plain server socket,
 * and the thread that serves a connection layers an {@code SSLSocket} over the accepted one and runs the handshake
 * before the first request ({@link TlsLayer}, {@link BlockingConnectionHandler}), rather than an
 * {@code SSLServerSocket} accepting TLS sockets, for two reasons. Reads and writes still go through the accepted
 * {@link WriteDeadlineServerSocket} socket, so a TLS client that never reads is cut by the same write deadline.
 * And the acceptor never handshakes: a client that connects and stalls its handshake holds the thread that serves
 * it (for at most the header timeout in all, {@link TlsLayer}), never the accepting of others, except in the
 * single-thread model, which serves on its acceptor by design.
 *
 * <p>{@link #close()} stops accepting, closes every open connection (which unblocks the threads reading them),
 * interrupts simulated work, and waits for the acceptor and every executor thread to end.
 */
final class BlockingServer implements RunningServer {

    private static final Logger log = LoggerFactory.getLogger(BlockingServer.class);
    private static final int ACCEPT_BACKLOG = 1024;
    private static final long SHUTDOWN_WAIT_SECONDS = 10;

    private final ServerSocket serverSocket;
    private final InetSocketAddress address;
    private final BlockingConnectionHandler handler;
    private final WorldStore store;
    private final ExecutorService connectionExecutor;
    private final String description;
    private final Thread acceptor;
    private final Set<Socket> openConnections = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    private BlockingServer(
            String modelName,
            ServerConfig config,
            ExecutorService connectionExecutor,
            String description,
            int databasePool)
            throws IOException {
        // The idle timeout bounds reads (SO_TIMEOUT) and, through this socket, writes to a peer that stops reading.
        this.serverSocket = new WriteDeadlineServerSocket(config.timeouts().idle(), modelName + "-write-deadline");
        try {
            serverSocket.setReuseAddress(true);
            serverSocket.bind(config.address().socketAddress(), ACCEPT_BACKLOG);
        } catch (IOException e) {
            serverSocket.close();
            throw e;
        }
        this.address = (InetSocketAddress) serverSocket.getLocalSocketAddress();
        try {
            this.store = JdbcWorldStore.openIfSet(config.database(), databasePool, modelName);
        } catch (IOException e) {
            serverSocket.close();
            throw e;
        }
        this.handler = new BlockingConnectionHandler(modelName, config, store);
        this.connectionExecutor = connectionExecutor;
        this.description = store == null
                ? description
                : description + ", a pool of " + store.poolWaits().poolSize() + " database connections";
        this.acceptor = Thread.ofPlatform().name(modelName + "-acceptor").unstarted(this::acceptLoop);
    }

    /**
     * Binds and starts accepting; returns once connections are accepted (the kernel queues them from the bind).
     *
     * @param connectionExecutor runs each accepted connection, or {@code null} to serve it on the acceptor
     *                           thread, one at a time; shut down by {@link #close()}
     * @param databasePool       the connections of the database pool the model's design implies (one per thread
     *                           that can query), unless {@link ServerConfig#database()} sets it
     */
    static RunningServer start(
            String modelName,
            ServerConfig config,
            ExecutorService connectionExecutor,
            String description,
            int databasePool)
            throws IOException {
        BlockingServer server;
        try {
            config.tls().ifPresent(tls -> tls.requireJdkProvider(modelName));
            String described = config.tls()
                    .map(tls -> description + ", TLS (" + tls.provider().id() + ")")
                    .orElse(description);
            server = new BlockingServer(modelName, config, connectionExecutor, described, databasePool);
        } catch (IOException | RuntimeException e) {
            if (connectionExecutor != null) {
                connectionExecutor.shutdownNow();
            }
            throw e;
        }
        server.acceptor.start();
        return server;
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public String description() {
        return description;
    }

    private void acceptLoop() {
        while (!closed.get()) {
            Socket socket;
            try {
                socket = serverSocket.accept();
            } catch (SocketException e) {
                if (!closed.get()) {
                    log.warn("accept failed on {}", address, e);
                }
                return; // the server socket is closed
            } catch (IOException e) {
                log.warn("accept failed on {}; continuing", address, e);
                continue;
            }
            openConnections.add(socket);
            if (closed.get()) {
                closeQuietly(socket); // close() may have swept the set before this socket joined it
                return;
            }
            if (connectionExecutor == null) {
                serve(socket);
            } else {
                try {
                    connectionExecutor.execute(() -> serve(socket));
                } catch (RejectedExecutionException e) {
                    closeQuietly(socket);
                }
            }
        }
    }

    private void serve(Socket socket) {
        try {
            handler.serve(socket);
        } finally {
            openConnections.remove(socket);
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeQuietly(serverSocket);
        for (Socket socket : openConnections) {
            closeQuietly(socket);
        }
        acceptor.interrupt(); // the single-thread model may be sleeping its simulated work there
        boolean interrupted = false;
        try {
            if (connectionExecutor != null) {
                connectionExecutor.shutdownNow();
                if (!connectionExecutor.awaitTermination(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    log.warn("connection threads of {} still running after {} s", description, SHUTDOWN_WAIT_SECONDS);
                }
            }
            acceptor.join(TimeUnit.SECONDS.toMillis(SHUTDOWN_WAIT_SECONDS));
        } catch (InterruptedException e) {
            interrupted = true;
        }
        handler.close(); // once no thread serves: none can start a handshake after its timer is gone
        if (store != null) {
            store.close();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            log.debug("close failed", e);
        }
    }
}

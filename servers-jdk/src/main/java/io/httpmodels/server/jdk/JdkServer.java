package io.httpmodels.server.jdk;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.db.JdbcWorldStore;
import io.httpmodels.server.db.WorldStore;
import io.httpmodels.server.tls.ServerTls;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Starts the JDK's {@link HttpServer} on the workload's handler, with the executor a model gives it (none: the
 * JDK's default, its dispatcher thread). The JDK reads its limits and timeouts from {@code sun.net.httpserver.*}
 * system properties once per JVM, not per server: {@link ServerConfig}'s limits, deadlines and idle timeout do not
 * reach it, and it keeps the JDK's defaults (documented deviations where the kits notice).
 *
 * <p>With {@link ServerConfig#tls()} it is the JDK's {@link HttpsServer} instead, as its users configure it: an
 * {@link HttpsConfigurator} over the {@link ServerTls}'s context, its protocols limited to
 * {@link ServerTls#PROTOCOLS}. The JDK runs the handshake on its dispatcher thread, in non-blocking steps between
 * other connections' events, and bounds it by no deadline of its own but its idle timeout.
 *
 * <p>The database routes ({@link ServerConfig#database()}) query in the handler, on the thread the handler runs on;
 * the store is opened once the server is bound and closed once the threads that use it have stopped.
 */
final class JdkServer {

    private JdkServer() {}

    /**
     * @param executor     where handlers run, shut down on close; {@code null} for the dispatcher thread
     * @param databasePool the connections of the database pool the model's design implies (one per thread that can
     *                     query), unless {@link ServerConfig#database()} sets it
     */
    static RunningServer start(String name, ServerConfig config, ExecutorService executor, int databasePool)
            throws IOException {
        InetSocketAddress address = config.address().socketAddress();
        HttpServer server;
        WorldStore store;
        try {
            if (config.tls().isPresent()) {
                ServerTls tls = config.tls().get();
                tls.requireJdkProvider(name);
                HttpsServer https = HttpsServer.create(address, 0);
                https.setHttpsConfigurator(new Configurator(tls));
                server = https;
            } else {
                server = HttpServer.create(address, 0);
            }
        } catch (IOException | RuntimeException e) {
            shutDown(executor);
            throw e;
        }
        try {
            store = JdbcWorldStore.openIfSet(config.database(), databasePool, name);
        } catch (IOException e) {
            server.stop(0);
            shutDown(executor);
            throw e;
        }
        server.createContext("/", new WorkloadHandler(name, config, store));
        server.setExecutor(executor);
        server.start();
        return new Running(name, server, executor, store);
    }

    private static void shutDown(ExecutorService executor) {
        if (executor != null) {
            executor.shutdownNow();
            try {
                executor.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Applies the ServerTls's parameters (protocols, no client certificate) to every connection. */
    private static final class Configurator extends HttpsConfigurator {
        private final ServerTls tls;

        Configurator(ServerTls tls) {
            super(tls.sslContext());
            this.tls = tls;
        }

        @Override
        public void configure(HttpsParameters parameters) {
            parameters.setSSLParameters(tls.parameters());
        }
    }

    /** @param store the database routes' store, closed last, or {@code null} */
    private record Running(String name, HttpServer server, ExecutorService executor, WorldStore store)
            implements RunningServer {

        @Override
        public InetSocketAddress address() {
            return server.getAddress();
        }

        @Override
        public String description() {
            return name + ": the JDK's HttpServer, handlers on "
                    + (executor == null ? "its dispatcher thread" : "a virtual thread per exchange")
                    + (server instanceof HttpsServer ? ", TLS (jdk)" : "")
                    + (store == null ? "" : ", a pool of " + store.poolWaits().poolSize() + " database connections");
        }

        /**
         * Stops the server (the JDK's {@code stop} joins its dispatcher thread), then the executor, then the
         * database pool, once no thread that queries it is left.
         */
        @Override
        public void close() {
            server.stop(0); // 0: close the exchanges in progress now rather than wait for them
            shutDown(executor);
            if (store != null) {
                store.close();
            }
        }
    }
}

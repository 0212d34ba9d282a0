package io.httpmodels.server.jdk;

import com.sun.net.httpserver.HttpServer;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Starts the JDK's {@link HttpServer} on the workload's handler, with the executor a model gives it (none: the
 * JDK's default, its dispatcher thread). The JDK reads its limits and timeouts from {@code sun.net.httpserver.*}
 * system properties once per JVM, not per server: {@link ServerConfig}'s limits, deadlines and idle timeout do not
 * reach it, and it keeps the JDK's defaults (documented deviations where the kits notice).
 */
final class JdkServer {

    private JdkServer() {}

    /**
     * @param executor where handlers run, shut down on close; {@code null} for the dispatcher thread
     */
    static RunningServer start(String name, ServerConfig config, ExecutorService executor) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(config.bindAddress(), config.port()), 0);
        server.createContext("/", new WorkloadHandler(name, config));
        server.setExecutor(executor);
        server.start();
        return new Running(name, server, executor);
    }

    private record Running(String name, HttpServer server, ExecutorService executor) implements RunningServer {

        @Override
        public InetSocketAddress address() {
            return server.getAddress();
        }

        @Override
        public String description() {
            return name + ": the JDK's HttpServer, handlers on "
                    + (executor == null ? "its dispatcher thread" : "a virtual thread per exchange");
        }

        @Override
        public void close() {
            server.stop(0); // 0: close the exchanges in progress now rather than wait for them
            if (executor != null) {
                executor.shutdownNow();
                try {
                    executor.awaitTermination(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}

package io.httpmodels.server;

import io.httpmodels.server.http.HttpRequest;
import io.httpmodels.server.http.HttpRequestReader;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpResponseWriter;
import io.httpmodels.server.http.RequestRejectedException;
import io.httpmodels.server.http.WorkloadHandler;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.Pipe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test-only models that leak on purpose, for {@link LeakKitSelfTest}: one accept thread serves each connection
 * in turn, correctly (the workload's answers, keep-alive, the idle timeout as the read timeout), and every
 * {@value #LEAK_EVERY} connections it leaks one thread or one descriptor, kept until {@code close()}. Registered
 * in the leak kit's child JVM alone, never on a module's class path.
 */
final class LeakingModels {

    /** One leak per this many connections. */
    static final int LEAK_EVERY = 100;

    private LeakingModels() {}

    /** Leaks a parked platform thread every {@value #LEAK_EVERY} connections. */
    public static final class ThreadLeaking implements HttpServerModel {
        static final String NAME = "test-leaks-a-thread";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return NAME + ": a test model that leaks a thread every " + LEAK_EVERY + " connections";
        }

        @Override
        public RunningServer start(ServerConfig config) throws IOException {
            return new Leaking(NAME, config, Leak.THREAD);
        }
    }

    /** Leaks an open pipe (two descriptors) every {@value #LEAK_EVERY} connections. */
    public static final class DescriptorLeaking implements HttpServerModel {
        static final String NAME = "test-leaks-a-descriptor";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return NAME + ": a test model that leaks a pipe every " + LEAK_EVERY + " connections";
        }

        @Override
        public RunningServer start(ServerConfig config) throws IOException {
            return new Leaking(NAME, config, Leak.DESCRIPTOR);
        }
    }

    private enum Leak {
        THREAD,
        DESCRIPTOR
    }

    private static final class Leaking implements RunningServer {
        private final String name;
        private final ServerConfig config;
        private final Leak leak;
        private final ServerSocket listener;
        private final Thread acceptor;
        private final AtomicInteger connections = new AtomicInteger();
        private final CountDownLatch closing = new CountDownLatch(1);
        private final List<Thread> leakedThreads = new ArrayList<>();
        private final List<Pipe> leakedPipes = new ArrayList<>();

        Leaking(String name, ServerConfig config, Leak leak) throws IOException {
            this.name = name;
            this.config = config;
            this.leak = leak;
            this.listener = new ServerSocket();
            listener.bind(config.address().socketAddress());
            this.acceptor = Thread.ofPlatform().name(name + "-acceptor").start(this::acceptLoop);
        }

        private void acceptLoop() {
            while (!listener.isClosed()) {
                try (Socket socket = listener.accept()) {
                    if (connections.incrementAndGet() % LEAK_EVERY == 0) {
                        leakOne();
                    }
                    serve(socket);
                } catch (IOException e) {
                    // the connection failed (or the listener closed): on to the next
                }
            }
        }

        // On the acceptor thread only; close() reads the lists once the acceptor has ended.
        private void leakOne() throws IOException {
            switch (leak) {
                case THREAD ->
                    leakedThreads.add(Thread.ofPlatform()
                            .name(name + "-leaked-" + leakedThreads.size())
                            .start(() -> {
                                try {
                                    closing.await();
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            }));
                case DESCRIPTOR -> leakedPipes.add(Pipe.open());
            }
        }

        private void serve(Socket socket) throws IOException {
            socket.setSoTimeout((int) config.timeouts().idle().toMillis());
            HttpResponseWriter writer = new HttpResponseWriter(socket.getOutputStream(), "httpmodels-" + name);
            HttpRequestReader reader = new HttpRequestReader(
                    new BufferedInputStream(socket.getInputStream()),
                    writer,
                    config.limits().maxHeaderBytes(),
                    config.limits().maxBodyBytes());
            while (true) {
                HttpRequest request;
                try {
                    request = reader.read();
                } catch (RequestRejectedException e) {
                    writer.write(
                            HttpResponse.error(e.status(), e.getMessage()),
                            false,
                            HttpResponseWriter.ConnectionHeader.CLOSE);
                    writer.flush();
                    return;
                }
                if (request == null) {
                    return;
                }
                writer.write(
                        WorkloadHandler.handle(request),
                        request.isHead(),
                        HttpResponseWriter.ConnectionHeader.forRequest(request));
                writer.flush();
                if (!request.keepAlive()) {
                    return;
                }
            }
        }

        @Override
        public InetSocketAddress address() {
            return new InetSocketAddress(config.address().bindAddress(), listener.getLocalPort());
        }

        @Override
        public String description() {
            return name;
        }

        @Override
        public void close() {
            try {
                listener.close();
                acceptor.join(5_000);
                closing.countDown();
                for (Thread thread : leakedThreads) {
                    thread.join(5_000);
                }
                for (Pipe pipe : leakedPipes) {
                    pipe.source().close();
                    pipe.sink().close();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}

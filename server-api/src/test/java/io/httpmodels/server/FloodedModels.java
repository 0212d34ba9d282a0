package io.httpmodels.server;

import io.httpmodels.server.http.HttpRequest;
import io.httpmodels.server.http.HttpRequestReader;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpResponseWriter;
import io.httpmodels.server.http.RequestRejectedException;
import io.httpmodels.server.http.WorkloadHandler;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * Test-only models that a client which never reads defeats, for {@link BackpressureKitSelfTest}, each as a server
 * this project does not write does it. Registered in the backpressure kit's child JVM alone, never on a module's class
 * path. Both answer the workload correctly and keep no deadline of their own.
 */
final class FloodedModels {

    private FloodedModels() {}

    /**
     * Keeps reading every connection and queues each answer for a writer thread of the connection's own, with
     * nothing bounding the queue (as t-io does); each queued answer also holds {@value #HELD_BYTES} bytes, so that a
     * flood's growth shows within seconds. Other connections are served meanwhile.
     */
    public static final class Hoarding implements HttpServerModel {
        static final String NAME = "test-hoards-answers";
        static final int HELD_BYTES = 16 * 1024;

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return NAME + ": a test model that queues every answer it cannot send";
        }

        @Override
        public RunningServer start(ServerConfig config) throws IOException {
            return new Listener(NAME, config, true, socket -> Thread.ofVirtual().start(() -> hoard(socket, config)));
        }

        /** An answer as the reader made it, waiting for the connection's writer, with what it holds. */
        private record Queued(
                HttpResponse response, boolean head, HttpResponseWriter.ConnectionHeader connection, byte[] held) {}

        private static void hoard(Socket socket, ServerConfig config) {
            BlockingQueue<Queued> answers = new LinkedBlockingQueue<>();
            try (socket) {
                HttpResponseWriter writer = new HttpResponseWriter(socket.getOutputStream(), "httpmodels-" + NAME);
                Thread sender = Thread.ofVirtual().start(() -> send(answers, writer));
                // The reader flushes its writer before it waits for input: given the sender's, it would block
                // with it, and the server would stop reading as the blocking models do.
                HttpRequestReader reader = reader(
                        socket, new HttpResponseWriter(OutputStream.nullOutputStream(), "httpmodels-" + NAME), config);
                try {
                    for (HttpRequest request; (request = reader.read()) != null; ) {
                        answers.add(new Queued(
                                WorkloadHandler.handle(request),
                                request.isHead(),
                                HttpResponseWriter.ConnectionHeader.forRequest(request),
                                new byte[HELD_BYTES]));
                    }
                } catch (RequestRejectedException e) {
                    // the flood is well formed; a bad request ends the connection
                } finally {
                    sender.interrupt();
                }
            } catch (IOException e) {
                // the client went, or was silent for the idle timeout
            }
        }

        private static void send(BlockingQueue<Queued> answers, HttpResponseWriter writer) {
            try {
                while (true) {
                    Queued answer = answers.take();
                    writer.write(answer.response(), answer.head(), answer.connection());
                    if (answers.isEmpty()) {
                        writer.flush();
                    }
                }
            } catch (InterruptedException | IOException e) {
                // the connection ended
            }
        }
    }

    /**
     * Serves one connection at a time on its one thread, with blocking writes and no write deadline: once a client
     * takes no answers, the thread blocks in its write and nobody else is served, for as long as that client stays
     * (as the JDK's server does on its dispatcher thread).
     */
    public static final class Serial implements HttpServerModel {
        static final String NAME = "test-serves-one-at-a-time";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return NAME + ": a test model whose one thread serves each connection in turn";
        }

        @Override
        public RunningServer start(ServerConfig config) throws IOException {
            return new Listener(NAME, config, false, socket -> serve(socket, config));
        }

        private static void serve(Socket socket, ServerConfig config) {
            try (socket) {
                HttpResponseWriter writer = new HttpResponseWriter(socket.getOutputStream(), "httpmodels-" + NAME);
                HttpRequestReader reader = reader(socket, writer, config);
                for (HttpRequest request; (request = reader.read()) != null; ) {
                    writer.write(
                            WorkloadHandler.handle(request),
                            request.isHead(),
                            HttpResponseWriter.ConnectionHeader.forRequest(request));
                    if (!reader.hasBufferedInput()) {
                        writer.flush();
                    }
                }
                writer.flush();
            } catch (IOException | RequestRejectedException e) {
                // the client went, or sent what the flood does not
            }
        }
    }

    private static HttpRequestReader reader(Socket socket, HttpResponseWriter writer, ServerConfig config)
            throws IOException {
        return new HttpRequestReader(
                new BufferedInputStream(socket.getInputStream()),
                writer,
                config.limits().maxHeaderBytes(),
                config.limits().maxBodyBytes());
    }

    /** One accept thread handing each connection to {@code serve}. */
    private static final class Listener implements RunningServer {
        private final String name;
        private final ServerSocket listener;
        private final Thread acceptor;

        Listener(String name, ServerConfig config, boolean idleTimeoutReads, Consumer<Socket> serve)
                throws IOException {
            this.name = name;
            this.listener = new ServerSocket();
            listener.bind(config.address().socketAddress());
            this.acceptor = Thread.ofPlatform().name(name + "-acceptor").start(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket socket = listener.accept();
                        if (idleTimeoutReads) {
                            socket.setSoTimeout((int) config.timeouts().idle().toMillis());
                        }
                        serve.accept(socket);
                    } catch (IOException e) {
                        // the listener closed, or one connection failed: on to the next
                    }
                }
            });
        }

        @Override
        public InetSocketAddress address() {
            return (InetSocketAddress) listener.getLocalSocketAddress();
        }

        @Override
        public String description() {
            return name + ", a test model of the backpressure kit's self-test";
        }

        /** Stops accepting; connections end when their clients go (the kit's child exits after the case). */
        @Override
        public void close() {
            try (listener) {
                acceptor.interrupt();
            } catch (IOException e) {
                // closing a listening socket: nothing left to do
            }
            try {
                acceptor.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

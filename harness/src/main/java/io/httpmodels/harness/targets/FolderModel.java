package io.httpmodels.harness.targets;

import io.httpmodels.server.HttpProtocol;
import io.httpmodels.server.HttpServerModel;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Set;

/**
 * A model of a {@link ModelFolders folder}, as this JVM holds it: it starts and stops with its folder's class loader as
 * the calling thread's context class loader, as it would in a JVM with the folder on its class path (the way
 * {@code compare} runs it). Frameworks find their own parts through that loader: Helidon looks up its HTTP/1.1
 * connection provider with {@link java.util.ServiceLoader} in it, and without it accepts every connection and closes
 * it without a byte. The threads a framework starts inherit the loader from the thread that starts them.
 *
 * @param model the model, loaded in {@code loader}
 * @param loader its folder's class loader
 */
record FolderModel(HttpServerModel model, ClassLoader loader) implements HttpServerModel {

    @Override
    public String name() {
        return model.name();
    }

    @Override
    public String description() {
        return model.description();
    }

    /** What the model declares it speaks: HTTP/2 too, for Jetty's; without it, a folder's model would say HTTP/1.1 only. */
    @Override
    public Set<HttpProtocol> protocols() {
        return model.protocols();
    }

    @Override
    public RunningServer start(ServerConfig config) throws IOException {
        return new Running(inContextOf(loader, () -> model.start(config)), loader);
    }

    /** A step that may fail as starting a server does. */
    private interface Step<T> {
        T run() throws IOException;
    }

    /** Runs {@code step} with {@code loader} as this thread's context class loader, then puts the caller's back. */
    private static <T> T inContextOf(ClassLoader loader, Step<T> step) throws IOException {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return step.run();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The server, stopped with its folder's loader as context, as it was started. */
    private record Running(RunningServer server, ClassLoader loader) implements RunningServer {

        @Override
        public InetSocketAddress address() {
            return server.address();
        }

        @Override
        public String description() {
            return server.description();
        }

        @Override
        public void close() {
            try {
                inContextOf(loader, () -> {
                    server.close();
                    return null;
                });
            } catch (IOException e) {
                throw new IllegalStateException("close() throws nothing", e);
            }
        }
    }
}

package io.httpmodels.server;

import java.io.IOException;
import java.util.Set;

/**
 * One way of building an HTTP server: a single thread, a thread per connection, a pool, virtual threads,
 * event loops. Every model serves the same {@link Workload} with the same HTTP behaviour, so that what differs
 * between them in a measurement is the model and nothing else.
 *
 * <p>Implementations register in {@code META-INF/services/io.httpmodels.server.HttpServerModel} and are found
 * by {@link ServerModels#byName(String)}. They are stateless and thread-safe: {@link #start} may be called any
 * number of times, each call starting an independent server.
 *
 * <pre>{@code
 * HttpServerModel model = ServerModels.byName("virtual-threads");
 * try (RunningServer server = model.start(ServerConfig.defaults())) {
 *     URI uri = URI.create("http://127.0.0.1:" + server.port() + "/plaintext");
 *     ...
 * }
 * }</pre>
 */
public interface HttpServerModel {

    /**
     * The model's short, stable id: lower case words joined by '-' ({@code single-thread}, {@code netty}). It is
     * what the CLI, reports and benchmarks use, so it never changes once published.
     */
    String name();

    /** One line saying what the model is, for listings and report headers. */
    String description();

    /**
     * Starts a server of this model and returns once it accepts connections on {@link RunningServer#port()}:
     * callers never wait or poll.
     *
     * @param config where to listen and how to behave; models ignore settings that do not apply to them
     * @return the running server, to be closed by the caller
     * @throws IOException if the address cannot be bound
     * @throws IllegalArgumentException if the config asks for something this model cannot do, a protocol outside
     *     {@link #protocols()} among them ({@link ServerConfig#requireSpokenBy})
     */
    RunningServer start(ServerConfig config) throws IOException;

    /**
     * The protocols this model speaks, {@link HttpProtocol#HTTP_1_1} always among them; HTTP/1.1 only unless the
     * model says more. {@link #start} refuses a config whose {@link ServerConfig#protocol()} is not here, and callers
     * ask this first to show "HTTP/1.1 only" rather than a failure.
     */
    default Set<HttpProtocol> protocols() {
        return Set.of(HttpProtocol.HTTP_1_1);
    }

    /** Whether this model serves what {@code config} asks for: its {@link ServerConfig#protocol()}. */
    default boolean speaks(ServerConfig config) {
        return protocols().contains(config.protocol());
    }
}

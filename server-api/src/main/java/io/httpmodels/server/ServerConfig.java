package io.httpmodels.server;

import io.httpmodels.server.db.DatabaseSettings;
import io.httpmodels.server.tls.ServerTls;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How to start a server. Every model reads the settings that apply to it and ignores the others. Built from
 * {@link #defaults()} with the {@code with} methods, one setting each, or with {@link #toBuilder()} for several.
 *
 * @param address    where to listen
 * @param threads    the model's thread counts, 0 for its defaults
 * @param workMillis simulated blocking work per request, in milliseconds: the thread that handles the request sleeps
 *                   this long before answering (the articles' key experiment); 0 = none
 * @param timeouts   how long a connection may be silent, and a request head or body may take to arrive
 * @param limits     the largest request head and body accepted, and the most unsent output held per connection
 * @param transport  the I/O transport for models that have several (Netty: {@code auto}, {@code nio},
 *                   {@code epoll}, {@code io_uring}); others ignore it
 * @param tls        HTTPS with this key and certificate, or plaintext HTTP when empty. Every model serves both, on
 *                   the same port it would use for either (one listener, never two); a model that cannot use the
 *                   asked {@link ServerTls#provider()} refuses to start
 * @param database   the PostgreSQL the database routes query, or empty: they then answer 503
 * @param http2      serve HTTP/2 beside HTTP/1.1 on the one listener: h2c with prior knowledge in plaintext, h2
 *                   offered by ALPN (before {@code http/1.1}) over TLS; a model that does not speak it refuses to
 *                   start ({@link #requireSpokenBy})
 */
public record ServerConfig(
        Address address,
        Threads threads,
        int workMillis,
        Timeouts timeouts,
        Limits limits,
        String transport,
        Optional<ServerTls> tls,
        Optional<DatabaseSettings> database,
        boolean http2) {

    /**
     * Where a server listens.
     *
     * @param bindAddress where to listen; loopback by default: a benchmark server listens on every interface only
     *                    when asked
     * @param port        the port, 0 for an ephemeral one (see {@link RunningServer#port()})
     */
    public record Address(InetAddress bindAddress, int port) {

        public Address {
            Objects.requireNonNull(bindAddress, "bindAddress");
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("port must be 0..65535, was " + port);
            }
        }

        /** The address and port to bind. */
        public InetSocketAddress socketAddress() {
            return new InetSocketAddress(bindAddress, port);
        }
    }

    /**
     * A model's thread counts, each 0 for the model's default.
     *
     * @param workers  the model's worker threads: the fixed pool's size (default 4 x cores, as in the reference
     *                 article) or Netty's event loops (default cores)
     * @param workPool threads of the executor that runs the simulated work for models that must never block their
     *                 I/O threads (Netty), 0 for 4 x cores; blocking models ignore it
     */
    public record Threads(int workers, int workPool) {

        public Threads {
            requireNotNegative("workerThreads", workers);
            requireNotNegative("workPoolThreads", workPool);
        }

        /** {@link #workers()} if set, else {@code modelDefault}. */
        public int workersOr(int modelDefault) {
            return workers > 0 ? workers : modelDefault;
        }

        /** {@link #workPool()} if set, else 4 x cores. */
        public int workPoolOrDefault() {
            return workPool > 0 ? workPool : fourTimesCores();
        }
    }

    /**
     * How long a server waits on a client. Each is positive and its milliseconds fit an int: the blocking models hand
     * them to {@link java.net.Socket#setSoTimeout}.
     *
     * @param idle   a connection that sends nothing for this long is closed: between requests (keep-alive idling) and
     *               between any two reads
     * @param header a whole request head (request line and header fields) must arrive within this long of its first
     *               byte, as nginx's {@code client_header_timeout}; else 408 and a close. Unlike the idle timeout it
     *               is not restarted by each byte, so a client trickling a byte every few seconds cannot hold a
     *               connection (and a blocking model's thread)
     * @param body   a whole request body must arrive within this long of the end of its head; else 408 (or, if the
     *               request was already answered, just a close). nginx's {@code client_body_timeout} bounds each read
     *               instead; this bounds the body
     */
    public record Timeouts(Duration idle, Duration header, Duration body) {

        public Timeouts {
            requireTimeout("idleTimeout", idle);
            requireTimeout("headerTimeout", header);
            requireTimeout("bodyTimeout", body);
        }
    }

    /**
     * How much of a server's memory one client may hold.
     *
     * @param maxHeaderBytes        the largest request line plus headers accepted (431 or 414 beyond)
     * @param maxBodyBytes          the largest request body accepted (413 beyond)
     * @param maxPendingOutputBytes how many bytes of answers one connection may have waiting to be sent (written by
     *                              the server, not yet taken by the socket) before the server stops reading its
     *                              requests; it reads again once they are down to half. Every model keeps it
     *                              (blocking models by blocking in the write, Netty through its write buffer water
     *                              marks), so a client that pipelines and never reads holds at most this much of a
     *                              server's memory, besides the kernel's socket buffers and one answer larger than the
     *                              bound. A connection held over it whose peer takes nothing for the idle timeout is
     *                              closed
     */
    public record Limits(int maxHeaderBytes, int maxBodyBytes, int maxPendingOutputBytes) {

        public Limits {
            if (maxHeaderBytes < 256) {
                throw new IllegalArgumentException("maxHeaderBytes must be at least 256, was " + maxHeaderBytes);
            }
            requireNotNegative("maxBodyBytes", maxBodyBytes);
            if (maxPendingOutputBytes < MIN_PENDING_OUTPUT_BYTES) {
                throw new IllegalArgumentException("maxPendingOutputBytes must be at least " + MIN_PENDING_OUTPUT_BYTES
                        + ", was " + maxPendingOutputBytes);
            }
        }

        /** Half of {@link Limits#maxPendingOutputBytes()}: where a connection paused by it is read again. */
        public int resumeReadingBelowBytes() {
            return maxPendingOutputBytes / 2;
        }
    }

    /** Default idle timeout: long enough for any benchmark pause, short enough to reclaim silent clients. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);
    /** Default head deadline: ample for any real client (a head is one packet), short for a trickling one. */
    public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(10);
    /** Default body deadline: the default 1 MiB body limit at 35 KB/s. */
    public static final Duration DEFAULT_BODY_TIMEOUT = Duration.ofSeconds(30);
    /** Default header limit, as nginx's and Netty's: 8 KiB for the request line and all header fields. */
    public static final int DEFAULT_MAX_HEADER_BYTES = 8 * 1024;
    /** Default body limit: 1 MiB, as nginx's client_max_body_size. */
    public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
    /**
     * Default bound on a connection's unsent answers: 64 KiB, Netty's default high water mark (about 500 plaintext
     * answers; a pipelining benchmark client keeps 16 in flight).
     */
    public static final int DEFAULT_MAX_PENDING_OUTPUT_BYTES = 64 * 1024;
    /** The smallest bound on unsent answers accepted: below it, a single small answer would already cross it. */
    public static final int MIN_PENDING_OUTPUT_BYTES = 1024;
    /** The transport name that lets a model pick the best it has. */
    public static final String AUTO_TRANSPORT = "auto";

    public ServerConfig {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(threads, "threads");
        Objects.requireNonNull(timeouts, "timeouts");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(tls, "tls (Optional.empty() for plaintext)");
        Objects.requireNonNull(database, "database (Optional.empty() for none)");
        requireNotNegative("workMillis", workMillis);
        if (transport.isBlank()) {
            throw new IllegalArgumentException("transport must not be blank");
        }
    }

    /** Loopback, an ephemeral port, every model's default threads, no simulated work, the default limits. */
    public static ServerConfig defaults() {
        return new ServerConfig(
                new Address(InetAddress.getLoopbackAddress(), 0),
                new Threads(0, 0),
                0,
                new Timeouts(DEFAULT_IDLE_TIMEOUT, DEFAULT_HEADER_TIMEOUT, DEFAULT_BODY_TIMEOUT),
                new Limits(DEFAULT_MAX_HEADER_BYTES, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_PENDING_OUTPUT_BYTES),
                AUTO_TRANSPORT,
                Optional.empty(),
                Optional.empty(),
                false);
    }

    /** Threads per available processor of the fixed pool's and the work executor's default size. */
    public static final int POOL_THREADS_PER_CPU = 4;

    /** 4 x the available processors: the fixed pool's and the work executor's default size. */
    public static int fourTimesCores() {
        return POOL_THREADS_PER_CPU * Runtime.getRuntime().availableProcessors();
    }

    /** The same settings with {@link Address#bindAddress()} set to {@code value}. */
    public ServerConfig withBindAddress(InetAddress value) {
        return toBuilder().bindAddress(value).build();
    }

    /** The same settings with {@link Address#port()} set to {@code value}. */
    public ServerConfig withPort(int value) {
        return toBuilder().port(value).build();
    }

    /** The same settings with {@link Threads#workers()} set to {@code value}. */
    public ServerConfig withWorkerThreads(int value) {
        return toBuilder().workerThreads(value).build();
    }

    /** The same settings with {@link #workMillis()} set to {@code value}. */
    public ServerConfig withWorkMillis(int value) {
        return toBuilder().workMillis(value).build();
    }

    /** The same settings with {@link Threads#workPool()} set to {@code value}. */
    public ServerConfig withWorkPoolThreads(int value) {
        return toBuilder().workPoolThreads(value).build();
    }

    /** The same settings with {@link Timeouts#idle()} set to {@code value}. */
    public ServerConfig withIdleTimeout(Duration value) {
        return toBuilder().idleTimeout(value).build();
    }

    /** The same settings with {@link Timeouts#header()} set to {@code value}. */
    public ServerConfig withHeaderTimeout(Duration value) {
        return toBuilder().headerTimeout(value).build();
    }

    /** The same settings with {@link Timeouts#body()} set to {@code value}. */
    public ServerConfig withBodyTimeout(Duration value) {
        return toBuilder().bodyTimeout(value).build();
    }

    /** The same settings with {@link Limits#maxHeaderBytes()} set to {@code value}. */
    public ServerConfig withMaxHeaderBytes(int value) {
        return toBuilder().maxHeaderBytes(value).build();
    }

    /** The same settings with {@link Limits#maxBodyBytes()} set to {@code value}. */
    public ServerConfig withMaxBodyBytes(int value) {
        return toBuilder().maxBodyBytes(value).build();
    }

    /** The same settings with {@link Limits#maxPendingOutputBytes()} set to {@code value}. */
    public ServerConfig withMaxPendingOutputBytes(int value) {
        return toBuilder().maxPendingOutputBytes(value).build();
    }

    /** The same settings with {@link #transport()} set to {@code value}. */
    public ServerConfig withTransport(String value) {
        return toBuilder().transport(value).build();
    }

    /** The same settings, serving HTTPS with {@code value}. */
    public ServerConfig withTls(ServerTls value) {
        return toBuilder().tls(Optional.of(value)).build();
    }

    /** The same settings, serving plaintext HTTP. */
    public ServerConfig withoutTls() {
        return toBuilder().tls(Optional.empty()).build();
    }

    /** The same settings, the database routes querying {@code value}. */
    public ServerConfig withDatabase(DatabaseSettings value) {
        return toBuilder().database(Optional.of(value)).build();
    }

    /** The same settings, serving HTTP/2 beside HTTP/1.1 when {@code value} (see {@link #http2()}). */
    public ServerConfig withHttp2(boolean value) {
        return toBuilder().http2(value).build();
    }

    /**
     * The protocol asked for beyond HTTP/1.1: {@link HttpProtocol#H2C} or {@link HttpProtocol#H2} (by
     * {@link #tls()}) with {@link #http2()}, else {@link HttpProtocol#HTTP_1_1}.
     */
    public HttpProtocol protocol() {
        if (!http2) {
            return HttpProtocol.HTTP_1_1;
        }
        return tls.isPresent() ? HttpProtocol.H2 : HttpProtocol.H2C;
    }

    /**
     * Refuses this config unless {@code model} speaks its {@link #protocol()}: what every model's {@code start} calls
     * first.
     *
     * @throws IllegalArgumentException naming the model and the protocol it does not speak
     */
    public void requireSpokenBy(HttpServerModel model) {
        if (!model.speaks(this)) {
            Set<HttpProtocol> spoken = model.protocols();
            String speaks = spoken.equals(Set.of(HttpProtocol.HTTP_1_1))
                    ? "HTTP/1.1 only"
                    : spoken.stream().map(HttpProtocol::title).sorted().collect(Collectors.joining(", "));
            throw new IllegalArgumentException(model.name() + " speaks " + speaks + ": it cannot serve "
                    + protocol().title());
        }
    }

    /** {@code https} when {@link #tls()} is set, else {@code http}: the scheme of this server's URLs. */
    public String scheme() {
        return tls.isPresent() ? "https" : "http";
    }

    /** A builder that starts from these settings. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Settings to change one at a time from a starting {@link ServerConfig}; {@link #build()} checks them all, as
     * the record's constructor does. Not thread-safe.
     */
    public static final class Builder {

        private InetAddress bindAddress;

        private int port;

        private int workerThreads;

        private int workMillis;

        private int workPoolThreads;

        private Duration idleTimeout;

        private Duration headerTimeout;

        private Duration bodyTimeout;

        private int maxHeaderBytes;

        private int maxBodyBytes;

        private int maxPendingOutputBytes;

        private String transport;

        private Optional<ServerTls> tls;

        private Optional<DatabaseSettings> database;

        private boolean http2;

        private Builder(ServerConfig from) {
            bindAddress = from.address.bindAddress();
            port = from.address.port();
            workerThreads = from.threads.workers();
            workMillis = from.workMillis;
            workPoolThreads = from.threads.workPool();
            idleTimeout = from.timeouts.idle();
            headerTimeout = from.timeouts.header();
            bodyTimeout = from.timeouts.body();
            maxHeaderBytes = from.limits.maxHeaderBytes();
            maxBodyBytes = from.limits.maxBodyBytes();
            maxPendingOutputBytes = from.limits.maxPendingOutputBytes();
            transport = from.transport;
            tls = from.tls;
            database = from.database;
            http2 = from.http2;
        }

        /** See {@link Address#bindAddress()}. */
        public Builder bindAddress(InetAddress value) {
            bindAddress = value;
            return this;
        }

        /** See {@link Address#port()}. */
        public Builder port(int value) {
            port = value;
            return this;
        }

        /** See {@link Threads#workers()}. */
        public Builder workerThreads(int value) {
            workerThreads = value;
            return this;
        }

        /** See {@link ServerConfig#workMillis()}. */
        public Builder workMillis(int value) {
            workMillis = value;
            return this;
        }

        /** See {@link Threads#workPool()}. */
        public Builder workPoolThreads(int value) {
            workPoolThreads = value;
            return this;
        }

        /** See {@link Timeouts#idle()}. */
        public Builder idleTimeout(Duration value) {
            idleTimeout = value;
            return this;
        }

        /** See {@link Timeouts#header()}. */
        public Builder headerTimeout(Duration value) {
            headerTimeout = value;
            return this;
        }

        /** See {@link Timeouts#body()}. */
        public Builder bodyTimeout(Duration value) {
            bodyTimeout = value;
            return this;
        }

        /** See {@link Limits#maxHeaderBytes()}. */
        public Builder maxHeaderBytes(int value) {
            maxHeaderBytes = value;
            return this;
        }

        /** See {@link Limits#maxBodyBytes()}. */
        public Builder maxBodyBytes(int value) {
            maxBodyBytes = value;
            return this;
        }

        /** See {@link Limits#maxPendingOutputBytes()}. */
        public Builder maxPendingOutputBytes(int value) {
            maxPendingOutputBytes = value;
            return this;
        }

        /** See {@link ServerConfig#transport()}. */
        public Builder transport(String value) {
            transport = value;
            return this;
        }

        /** See {@link ServerConfig#tls()}. */
        public Builder tls(Optional<ServerTls> value) {
            tls = value;
            return this;
        }

        /** See {@link ServerConfig#database()}. */
        public Builder database(Optional<DatabaseSettings> value) {
            database = value;
            return this;
        }

        /** See {@link ServerConfig#http2()}. */
        public Builder http2(boolean value) {
            http2 = value;
            return this;
        }

        /**
         * The settings.
         *
         * @throws IllegalArgumentException when one is out of its range
         * @throws NullPointerException     when one that must be set is null
         */
        public ServerConfig build() {
            return new ServerConfig(
                    new Address(bindAddress, port),
                    new Threads(workerThreads, workPoolThreads),
                    workMillis,
                    new Timeouts(idleTimeout, headerTimeout, bodyTimeout),
                    new Limits(maxHeaderBytes, maxBodyBytes, maxPendingOutputBytes),
                    transport,
                    tls,
                    database,
                    http2);
        }
    }

    // Milliseconds must fit an int: the blocking models hand them to Socket.setSoTimeout.
    private static void requireTimeout(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero() || value.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " must be positive and under 24 days, was " + value);
        }
    }

    private static void requireNotNegative(String name, int value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must not be negative, was " + value);
        }
    }
}

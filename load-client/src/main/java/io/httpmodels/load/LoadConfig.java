package io.httpmodels.load;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What to load and how: one immutable value, validated on construction, its settings grouped by meaning (the
 * request, the connections, the pacing, the timeline, the background connections). Made with
 * {@link #builder(String)}, which names every setting and leaves the rest at their defaults.
 *
 * <p>A run is either timed ({@code timeline.duration} set, {@code timeline.requests == 0}) or counted
 * ({@code requests > 0}, {@code duration} null). The timeline is: connections open over {@code rampUp} from the start;
 * the first {@code warmup} runs unrecorded; then {@code duration} (or until exactly {@code requests} responses have
 * been recorded); the run never exceeds {@code maxTime} in total.
 *
 * <pre>{@code
 * LoadConfig config = LoadConfig.builder("http://127.0.0.1:8080/plaintext")
 *         .connections(40).duration(Duration.ofSeconds(10)).build();
 * LoadReport report = new LoadClient(config).run();
 * }</pre>
 *
 * @param uri         target, {@code http://host[:port]/path[?query]} or {@code https://...}
 * @param request     what each request is: method, extra headers, body
 * @param connections how many connections, on how many threads, kept alive or not, pipelined how deep
 * @param pacing      closed loop, or open loop at a constant rate; turns taken with other loads
 * @param timeline    warm-up, recorded duration or request count, hard bound, agent start time
 * @param timeout     a connect or request outstanding longer than this is an error and its connection dropped
 * @param background  idle and slow connections held beside the measured ones, not measured
 * @param tls         how an {@code https://} load speaks TLS ({@link TlsSettings#DEFAULT} unless given); null for
 *                    {@code http://}
 * @param protocol    HTTP/1.1 or HTTP/2, and HTTP/2's streams per connection and receive window
 */
public record LoadConfig(
        URI uri,
        Request request,
        Connections connections,
        Pacing pacing,
        Timeline timeline,
        Duration timeout,
        Background background,
        TlsSettings tls,
        Protocol protocol) {

    public static final int DEFAULT_CONNECTIONS = 40;
    public static final int DEFAULT_THREADS = 1;
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);
    /** Hard bound of a counted run unless set. */
    public static final Duration DEFAULT_COUNTED_MAX_TIME = Duration.ofMinutes(10);
    /** Largest pipeline depth accepted. */
    public static final int MAX_PIPELINE = MachineLimits.MAX_PIPELINE;
    /** Time between two bytes of a slow connection unless set. */
    public static final Duration DEFAULT_SLOW_INTERVAL = Duration.ofSeconds(1);
    /** An agent that cannot start recording within this of {@link Timeline#startAt()} fails rather than skew a merge. */
    public static final Duration START_TOLERANCE = Duration.ofMillis(100);
    /**
     * HTTP/2's receive window unless set, per stream and per connection: 2^30 - 1 bytes, h2load's default, so that
     * flow control never paces a load (a server's response waits on no WINDOW_UPDATE) and the two clients compare
     * like with like. RFC 9113's own 65,535 would hold a stream of a larger body to a round trip per 64 KiB.
     */
    public static final int DEFAULT_H2_WINDOW = (1 << 30) - 1;
    /** Most concurrent streams per HTTP/2 connection accepted. */
    public static final int MAX_STREAMS = 10_000;

    public LoadConfig {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(connections, "connections");
        Objects.requireNonNull(pacing, "pacing");
        Objects.requireNonNull(timeline, "timeline");
        background = background == null ? Background.NONE : background;
        boolean https = "https".equalsIgnoreCase(uri.getScheme());
        if (!https && !"http".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("only http:// and https:// URLs are supported: " + uri);
        }
        if (https) {
            tls = tls == null ? TlsSettings.DEFAULT : tls;
        } else if (tls != null) {
            throw new IllegalArgumentException("TLS settings need an https:// URL: " + uri);
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("URL has no host: " + uri);
        }
        timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        timeline = timeline.withDefaultMaxTime(timeout);
        if (tls != null && background.any()) {
            throw new IllegalArgumentException("idle and slow connections are plain HTTP only, not https://");
        }
        if (pacing.turns() != null && (pacing.rate() > 0 || timeline.duration() == null)) {
            throw new IllegalArgumentException("turns need a timed closed loop (no rate, no request count)");
        }
        protocol = protocol == null ? Protocol.HTTP_1_1 : protocol;
        if (protocol.version().http2()) {
            checkHttp2(protocol.version(), https, connections, request, background);
        }
    }

    /** What HTTP/2 does not (yet) combine with: each an IllegalArgumentException, a usage error. */
    private static void checkHttp2(
            HttpProtocol version, boolean https, Connections connections, Request request, Background background) {
        if (version == HttpProtocol.H2C && https) {
            throw new IllegalArgumentException("h2c is HTTP/2 over cleartext: give an http:// URL (h2 for https://)");
        }
        if (version == HttpProtocol.H2 && !https) {
            throw new IllegalArgumentException("h2 is HTTP/2 over TLS: give an https:// URL (h2c for http://)");
        }
        if (!connections.keepAlive() || connections.pipeline() != 1) {
            throw new IllegalArgumentException(
                    "HTTP/2 keeps its connections and runs --streams, not --pipeline or --no-keep-alive");
        }
        if (request.bodyLength() > 0) {
            throw new IllegalArgumentException("a request body over HTTP/2 is not yet supported");
        }
        if (background.any()) {
            throw new IllegalArgumentException("idle and slow connections are HTTP/1.1 only");
        }
    }

    /**
     * The HTTP version and, for HTTP/2, its concurrency and flow control.
     *
     * @param version     h1, h2c or h2
     * @param streams     HTTP/2: requests in flight per connection, each on its own stream (h2load's {@code -m});
     *                    never more than the server's {@code SETTINGS_MAX_CONCURRENT_STREAMS}. 1 for HTTP/1.1.
     * @param windowBytes HTTP/2: the receive window granted per stream (SETTINGS_INITIAL_WINDOW_SIZE) and to the
     *                    connection, refilled by WINDOW_UPDATE once half of it is used
     */
    public record Protocol(HttpProtocol version, int streams, int windowBytes) {

        /** HTTP/1.1. */
        public static final Protocol HTTP_1_1 = new Protocol(HttpProtocol.H1, 1, DEFAULT_H2_WINDOW);

        public Protocol {
            version = version == null ? HttpProtocol.H1 : version;
            if (streams < 1 || streams > MAX_STREAMS) {
                throw new IllegalArgumentException("streams must be between 1 and " + MAX_STREAMS);
            }
            if (!version.http2() && streams != 1) {
                throw new IllegalArgumentException("--streams needs HTTP/2 (--protocol h2c)");
            }
            if (windowBytes < 1) {
                throw new IllegalArgumentException("the HTTP/2 window must be between 1 and 2^31 - 1 bytes");
            }
        }
    }

    /**
     * What each request is.
     *
     * @param method  request method, e.g. GET (upper-cased; GET when blank)
     * @param headers extra header lines, each {@code "Name: value"}
     * @param body    request body, empty for none
     */
    public record Request(String method, List<String> headers, byte[] body) {

        public Request {
            method = method == null || method.isBlank() ? "GET" : method.trim().toUpperCase(Locale.ROOT);
            if (!method.chars().allMatch(c -> c > 32 && c < 127)) {
                throw new IllegalArgumentException("bad method: " + method);
            }
            headers = List.copyOf(headers == null ? List.of() : headers);
            for (String header : headers) {
                int colon = header.indexOf(':');
                if (colon <= 0 || header.indexOf('\r') >= 0 || header.indexOf('\n') >= 0) {
                    throw new IllegalArgumentException("header must be 'Name: value': " + header);
                }
            }
            body = body == null ? new byte[0] : body.clone();
        }

        /** The body bytes (a copy). */
        @Override
        public byte[] body() {
            return body.clone();
        }

        /** The body's length in bytes. */
        public int bodyLength() {
            return body.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Request r
                    && method.equals(r.method)
                    && headers.equals(r.headers)
                    && Arrays.equals(body, r.body);
        }

        @Override
        public int hashCode() {
            return Objects.hash(method, headers, Arrays.hashCode(body));
        }

        @Override
        public String toString() {
            return method + " " + headers + " (" + body.length + " body bytes)";
        }
    }

    /**
     * The measured connections.
     *
     * @param count     TCP connections kept open (at least 1)
     * @param threads   event-loop threads, each owning a share of the connections (1..count)
     * @param keepAlive reuse connections; false opens a new connection per request (as ab without -k)
     * @param pipeline  requests written together per connection (1 = no pipelining; 1 when not keeping alive); in
     *                  closed loop the next batch goes once all are answered, as wrk pipelines; with a rate, up to
     *                  this many may be outstanding
     * @param rampUp    connections are opened evenly over this time from the start (zero: all at once)
     */
    public record Connections(int count, int threads, boolean keepAlive, int pipeline, Duration rampUp) {

        public Connections {
            if (count < 1) {
                throw new IllegalArgumentException("connections must be at least 1");
            }
            if (threads < 1 || threads > count) {
                throw new IllegalArgumentException("threads must be between 1 and connections (" + count + ")");
            }
            if (pipeline < 1 || pipeline > MAX_PIPELINE) {
                throw new IllegalArgumentException("pipeline must be between 1 and " + MAX_PIPELINE);
            }
            if (!keepAlive && pipeline != 1) {
                throw new IllegalArgumentException("pipelining needs keep-alive");
            }
            rampUp = rampUp == null ? Duration.ZERO : rampUp;
            if (rampUp.isNegative()) {
                throw new IllegalArgumentException("ramp-up cannot be negative");
            }
        }
    }

    /**
     * When requests are sent.
     *
     * @param rate  open-loop constant throughput in requests per second over all connections, or 0 for closed loop
     *              (each connection sends again as soon as a response completes)
     * @param turns turn-taking with loads running beside this one against other targets ({@link Turns}): a timed
     *              closed loop that sends only in its own turns; null: every moment is this load's
     */
    public record Pacing(double rate, Turns turns) {

        /** A closed loop, every moment this load's. */
        public static final Pacing CLOSED_LOOP = new Pacing(0, null);

        public Pacing {
            if (rate < 0 || Double.isNaN(rate) || Double.isInfinite(rate)) {
                throw new IllegalArgumentException("rate must be 0 (closed loop) or a positive number");
            }
        }
    }

    /**
     * When the run records and how long it may last.
     *
     * @param duration recorded duration of a timed run, or null for a counted run
     * @param requests exact number of responses to record in a counted run, or 0 for a timed run
     * @param warmup   unrecorded time before recording starts
     * @param maxTime  hard bound on the whole run, warm-up included (background connections are opened before it
     *                 starts, within {@link #openingBound()}; with {@code startAt}: counted from
     *                 {@code startAt - warmup}); null for the default: a timed run's warm-up + duration + timeout +
     *                 10 s, a counted run's {@link #DEFAULT_COUNTED_MAX_TIME}
     * @param startAt  agent mode: recording starts at this wall-clock instant, whatever the warm-up; the run starts
     *                 {@code warmup} before it (at once when that is past, or when warmup is zero), so connections
     *                 are open and warm when it comes. Null: recording starts {@code warmup} after the run starts.
     */
    public record Timeline(Duration duration, long requests, Duration warmup, Duration maxTime, Instant startAt) {

        public Timeline {
            if ((duration == null) == (requests == 0)) {
                throw new IllegalArgumentException("give either a duration or a request count, not both or neither");
            }
            if (duration != null && (duration.isNegative() || duration.isZero())) {
                throw new IllegalArgumentException("duration must be positive");
            }
            if (requests < 0) {
                throw new IllegalArgumentException("requests must be positive");
            }
            warmup = warmup == null ? Duration.ZERO : warmup;
            if (warmup.isNegative()) {
                throw new IllegalArgumentException("warmup cannot be negative");
            }
            if (maxTime != null && (maxTime.isNegative() || maxTime.isZero())) {
                throw new IllegalArgumentException("max time must be positive");
            }
        }

        /** This timeline with its hard bound set, if it had none, from the request timeout. */
        Timeline withDefaultMaxTime(Duration timeout) {
            if (maxTime != null) {
                return this;
            }
            Duration bound = duration == null
                    ? DEFAULT_COUNTED_MAX_TIME
                    : warmup.plus(duration).plus(timeout).plus(Duration.ofSeconds(10));
            return new Timeline(duration, requests, warmup, bound, startAt);
        }
    }

    /**
     * Connections held beside the measured ones and not measured ({@link BackgroundConnections}).
     *
     * @param idleConnections each sends one request, then stays open and silent (0 for none)
     * @param slowConnections each trickles an endless request head (slowloris), 0 for none
     * @param slowInterval    time between two bytes of a slow connection
     */
    public record Background(int idleConnections, int slowConnections, Duration slowInterval) {

        /** None. */
        public static final Background NONE = new Background(0, 0, DEFAULT_SLOW_INTERVAL);

        public Background {
            if (idleConnections < 0 || slowConnections < 0) {
                throw new IllegalArgumentException("idle and slow connections cannot be negative");
            }
            slowInterval = slowInterval == null ? DEFAULT_SLOW_INTERVAL : slowInterval;
            if (slowInterval.isNegative() || slowInterval.isZero()) {
                throw new IllegalArgumentException("slow interval must be positive");
            }
        }

        /** Whether any connection is held. */
        public boolean any() {
            return idleConnections > 0 || slowConnections > 0;
        }
    }

    /** Whether the load holds idle or slow connections beside the measured ones. */
    public boolean hasBackground() {
        return background.any();
    }

    /**
     * How long the background connections may take to open before the run's clock starts regardless: the
     * timeout plus a millisecond per background connection (a server that cannot accept them all does not
     * hold the run; the rest keep trying while it goes).
     */
    public Duration openingBound() {
        return hasBackground()
                ? timeout.plusMillis(background.idleConnections() + (long) background.slowConnections())
                : Duration.ZERO;
    }

    /** A builder with the defaults: 40 connections, 1 thread, 10 s, keep-alive, closed loop, GET. */
    public static Builder builder(String url) {
        return new Builder(URI.create(url));
    }

    /** Whether the run is open loop at a constant rate. */
    public boolean rateMode() {
        return pacing.rate() > 0;
    }

    /** Whether the run ends after a number of responses rather than a duration. */
    public boolean counted() {
        return timeline.requests() > 0;
    }

    /** The port, with 80 (443 for https://) when the URL has none. */
    public int port() {
        return uri.getPort() >= 0 ? uri.getPort() : tls != null ? 443 : 80;
    }

    /** The request line target: path and query, "/" when empty. */
    public String target() {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }

    /**
     * Encodes the request once: request line, a Host header unless one was given, the extra headers,
     * Content-Length when there is a body, {@code Connection: close} when not keeping alive, then the body.
     */
    public byte[] encodeRequest() {
        String method = request.method();
        List<String> headers = request.headers();
        byte[] body = request.body();
        boolean keepAlive = connections.keepAlive();
        StringBuilder head = new StringBuilder(128);
        head.append(method).append(' ').append(target()).append(" HTTP/1.1\r\n");
        boolean hasHost = false;
        boolean hasLength = false;
        boolean hasConnection = false;
        for (String header : headers) {
            String name = header.substring(0, header.indexOf(':')).trim().toLowerCase(Locale.ROOT);
            hasHost |= name.equals("host");
            hasLength |= name.equals("content-length");
            hasConnection |= name.equals("connection");
        }
        if (!hasHost) {
            head.append("Host: ").append(uri.getHost());
            if (uri.getPort() >= 0) {
                head.append(':').append(uri.getPort());
            }
            head.append("\r\n");
        }
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        if (body.length > 0 && !hasLength) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        if (!keepAlive && !hasConnection) {
            head.append("Connection: close\r\n");
        }
        head.append("\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + body.length);
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }

    /** Collects the settings for a {@link LoadConfig}; {@link #build()} validates. Not thread-safe. */
    public static final class Builder {
        private URI uri;
        private int connections = DEFAULT_CONNECTIONS;
        private int threads = DEFAULT_THREADS;
        private Duration duration = DEFAULT_DURATION;
        private long requests;
        private Duration warmup = Duration.ZERO;
        private Duration rampUp = Duration.ZERO;
        private boolean keepAlive = true;
        private int pipeline = 1;
        private double rate;
        private String method = "GET";
        private final List<String> headers = new ArrayList<>();
        private byte[] body = new byte[0];
        private Duration timeout = DEFAULT_TIMEOUT;
        private Duration maxTime;
        private int idleConnections;
        private int slowConnections;
        private Duration slowInterval = DEFAULT_SLOW_INTERVAL;
        private Instant startAt;
        private Turns turns;
        private TlsSettings tls;
        private HttpProtocol protocol = HttpProtocol.H1;
        private int streams = 1;
        private int h2Window = DEFAULT_H2_WINDOW;

        private Builder(URI uri) {
            this.uri = uri;
        }

        public Builder uri(URI uri) {
            this.uri = uri;
            return this;
        }

        public Builder connections(int connections) {
            this.connections = connections;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /** A timed run of this recorded duration (clears a request count). */
        public Builder duration(Duration duration) {
            this.duration = duration;
            this.requests = 0;
            return this;
        }

        /** A counted run recording exactly this many responses (clears the duration). */
        public Builder requests(long requests) {
            this.requests = requests;
            this.duration = null;
            return this;
        }

        public Builder warmup(Duration warmup) {
            this.warmup = warmup;
            return this;
        }

        public Builder rampUp(Duration rampUp) {
            this.rampUp = rampUp;
            return this;
        }

        public Builder keepAlive(boolean keepAlive) {
            this.keepAlive = keepAlive;
            return this;
        }

        public Builder pipeline(int pipeline) {
            this.pipeline = pipeline;
            return this;
        }

        /** Requests per second over all connections; 0 for closed loop. */
        public Builder rate(double rate) {
            this.rate = rate;
            return this;
        }

        public Builder method(String method) {
            this.method = method;
            return this;
        }

        /** Adds a header line {@code "Name: value"}. */
        public Builder header(String header) {
            this.headers.add(header);
            return this;
        }

        public Builder body(byte[] body) {
            this.body = body;
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /** Hard bound on the whole run; default: a timed run's warm-up + duration + timeout + 10 s, else 10 min. */
        public Builder maxTime(Duration maxTime) {
            this.maxTime = maxTime;
            return this;
        }

        /** Idle keep-alive connections held beside the measured ones (each sends one request, then waits). */
        public Builder idleConnections(int idleConnections) {
            this.idleConnections = idleConnections;
            return this;
        }

        /** Slowloris connections held beside the measured ones, each trickling a request head. */
        public Builder slowConnections(int slowConnections) {
            this.slowConnections = slowConnections;
            return this;
        }

        /** Time between two bytes of a slow connection (default 1 s). */
        public Builder slowInterval(Duration slowInterval) {
            this.slowInterval = slowInterval;
            return this;
        }

        /** Agent mode: start recording at this instant (connections open and warm before it); null: not. */
        public Builder startAt(Instant startAt) {
            this.startAt = startAt;
            return this;
        }

        /** Send only in these turns, taken with loads running beside this one; null: always. */
        public Builder turns(Turns turns) {
            this.turns = turns;
            return this;
        }

        /** How an https:// load speaks TLS; null (the default) for {@link TlsSettings#DEFAULT}. */
        public Builder tls(TlsSettings tls) {
            this.tls = tls;
            return this;
        }

        /** h1 (the default), h2c or h2. */
        public Builder protocol(HttpProtocol protocol) {
            this.protocol = protocol;
            return this;
        }

        /** HTTP/2: concurrent streams per connection (default 1). */
        public Builder streams(int streams) {
            this.streams = streams;
            return this;
        }

        /** HTTP/2: the receive window per stream and per connection, in bytes. */
        public Builder h2Window(int bytes) {
            this.h2Window = bytes;
            return this;
        }

        public LoadConfig build() {
            return new LoadConfig(
                    uri,
                    new Request(method, headers, body),
                    new Connections(connections, threads, keepAlive, pipeline, rampUp),
                    new Pacing(rate, turns),
                    new Timeline(duration, requests, warmup, maxTime, startAt),
                    timeout,
                    new Background(idleConnections, slowConnections, slowInterval),
                    tls,
                    new Protocol(protocol, streams, h2Window));
        }
    }
}

package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.httpmodels.load.HttpProtocol;

import java.util.Locale;
import java.util.Objects;

/**
 * One load shape, applied to every target: which route, how much simulated work the server does per request,
 * how the client connects and how it paces itself. A plain value; the id names it in results and reports.
 *
 * <p>The groups are unwrapped in results.json: their fields stand in the scenario's own object
 * ({@code "keepAlive"}, {@code "rate"}, {@code "idleConnections"}, ...), as they always have.
 *
 * @param id         short stable name, unique within a run, e.g. {@code plaintext-c40-ka-w0}
 * @param route      the request path, e.g. {@code /plaintext}
 * @param workMillis simulated blocking work per request on the server (its {@code --work-ms})
 * @param shape      how the client connects: keep-alive, connections, pipelining
 * @param pacing     closed loop, or open loop at a rate or a fraction of each target's peak
 * @param crowd      the idle and slow connections held beside the measured ones, and the server's header deadline
 * @param tls        HTTPS, with the client resuming sessions or not; null for plain HTTP (and absent from
 *                   results.json, as in every run before TLS)
 * @param http2Streams HTTP/2's concurrent streams per connection: h2c in cleartext, h2 (by ALPN) over TLS; null for
 *                   HTTP/1.1 (and absent from results.json, as in every run before HTTP/2)
 */
public record Scenario(
        String id,
        String route,
        int workMillis,
        @JsonUnwrapped ConnectionShape shape,
        @JsonUnwrapped Pacing pacing,
        @JsonUnwrapped Crowd crowd,
        @JsonInclude(JsonInclude.Include.NON_NULL) TlsMode tls,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer http2Streams) {

    public Scenario {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(shape, "shape");
        if (!route.startsWith("/")) {
            throw new IllegalArgumentException("a route starts with '/': " + route);
        }
        if (workMillis < 0) {
            throw new IllegalArgumentException("work must be >= 0: " + id);
        }
        pacing = pacing == null ? Pacing.CLOSED_LOOP : pacing;
        crowd = crowd == null ? Crowd.NONE : crowd;
        if (http2Streams != null && http2Streams < 1) {
            throw new IllegalArgumentException("HTTP/2 needs at least 1 stream per connection: " + id);
        }
    }

    /** A scenario over HTTP/1.1, as every one was before HTTP/2. */
    public Scenario(
            String id, String route, int workMillis, ConnectionShape shape, Pacing pacing, Crowd crowd, TlsMode tls) {
        this(id, route, workMillis, shape, pacing, crowd, tls, null);
    }

    /** A closed-loop scenario named from its shape. */
    public static Scenario closedLoop(String route, int workMillis, boolean keepAlive, int connections, int pipeline) {
        return named(
                route,
                workMillis,
                new ConnectionShape(keepAlive, connections, pipeline),
                Pacing.CLOSED_LOOP,
                Crowd.NONE,
                null,
                null);
    }

    /** The same shape in open loop at a fixed total rate. */
    public Scenario atRate(double requestsPerSecond) {
        return named(route, workMillis, shape, new Pacing(requestsPerSecond, null), crowd, tls, http2Streams);
    }

    /** The same shape in open loop at a fraction of each target's measured peak. */
    public Scenario atPeakFraction(double fraction) {
        return named(route, workMillis, shape, new Pacing(null, fraction), crowd, tls, http2Streams);
    }

    /**
     * The same load with connections held beside the measured ones: idle keep-alive ones and slowloris ones.
     *
     * @param idle               idle connections, 0 for none
     * @param slow               slow connections, 0 for none
     * @param slowIntervalMillis time between two bytes of a slow connection (0:
     *                           {@link Crowd#DEFAULT_SLOW_INTERVAL_MILLIS})
     */
    public Scenario withBackground(int idle, int slow, int slowIntervalMillis) {
        return named(
                route,
                workMillis,
                shape,
                pacing,
                new Crowd(idle, slow, slowIntervalMillis, crowd.headerTimeoutMillis()),
                tls,
                http2Streams);
    }

    /** The same scenario with the server told this header deadline (0: the server's default, not passed). */
    public Scenario withHeaderTimeout(int millis) {
        return named(route, workMillis, shape, pacing, crowd.withHeaderTimeout(millis), tls, http2Streams);
    }

    /** The same load over HTTPS, the client resuming sessions or not as {@code mode} says; null for plain HTTP. */
    public Scenario overTls(TlsMode mode) {
        return named(route, workMillis, shape, pacing, crowd, mode, http2Streams);
    }

    /**
     * The same connections speaking HTTP/2 with {@code streams} requests in flight on each: h2c in cleartext, h2 (by
     * ALPN) over TLS.
     */
    public Scenario overHttp2(int streams) {
        return named(route, workMillis, shape, pacing, crowd, tls, streams);
    }

    /** The HTTP version the client speaks: h1, h2c (HTTP/2 in cleartext) or h2 (HTTP/2 over TLS, by ALPN). */
    @JsonIgnore
    public HttpProtocol protocol() {
        if (http2Streams == null) {
            return HttpProtocol.H1;
        }
        return tls == null ? HttpProtocol.H2C : HttpProtocol.H2;
    }

    /** Requests in flight per connection, each on its own stream: 1 over HTTP/1.1. */
    @JsonIgnore
    public int streams() {
        return http2Streams == null ? 1 : http2Streams;
    }

    /** Whether the scenario is served over TLS (not a JSON property: {@link #tls()} says it). */
    @JsonIgnore
    public boolean isTls() {
        return tls != null;
    }

    /** Whether the client holds idle or slow connections beside the measured ones. */
    public boolean hasBackground() {
        return crowd.any();
    }

    /** The same scenario without background connections: what a slowloris or crowd scenario is compared with. */
    public Scenario quietShape() {
        return withBackground(0, 0, 0);
    }

    /** The one factory every scenario goes through, so each is named from all of its components. */
    private static Scenario named(
            String route,
            int workMillis,
            ConnectionShape shape,
            Pacing pacing,
            Crowd crowd,
            TlsMode tls,
            Integer http2Streams) {
        StringBuilder id = new StringBuilder(idOf(route, workMillis, shape, pacing));
        if (crowd.idleConnections() > 0) {
            id.append("-idle").append(crowd.idleConnections());
        }
        if (crowd.slowConnections() > 0) {
            id.append("-slow").append(crowd.slowConnections());
            if (crowd.slowIntervalMillis() != Crowd.DEFAULT_SLOW_INTERVAL_MILLIS) {
                id.append("-every").append(crowd.slowIntervalMillis()).append("ms");
            }
        }
        if (crowd.headerTimeoutMillis() > 0) {
            id.append("-ht").append(crowd.headerTimeoutMillis()).append("ms");
        }
        if (tls != null) {
            id.append(tls.idSuffix());
        }
        if (http2Streams != null) {
            id.append(tls == null ? "-h2c" : "-h2").append("-s").append(http2Streams);
        }
        return new Scenario(id.toString(), route, workMillis, shape, pacing, crowd, tls, http2Streams);
    }

    /** Whether the client paces itself (open loop), so latency counts from each request's intended send time. */
    public boolean openLoop() {
        return pacing.openLoop();
    }

    /** The scenario without its rate: the closed-loop shape a rate scenario is a fraction of. */
    public Scenario closedLoopShape() {
        return named(route, workMillis, shape, Pacing.CLOSED_LOOP, crowd, tls, http2Streams);
    }

    /** Words for report headings: {@code GET /plaintext, 40 connections, keep-alive, no work}. */
    public String title() {
        int connections = shape.connections();
        StringBuilder sb = new StringBuilder("GET ").append(route).append(", ").append(connections);
        sb.append(connections == 1 ? " connection, " : " connections, ");
        sb.append(shape.keepAlive() ? "keep-alive" : "a new connection per request");
        if (http2Streams != null) {
            sb.append(tls == null ? ", HTTP/2 (h2c), " : ", HTTP/2 (h2), ").append(http2Streams);
            sb.append(http2Streams == 1 ? " stream each" : " streams each");
        }
        if (shape.pipeline() > 1) {
            sb.append(", pipeline ").append(shape.pipeline());
        }
        sb.append(workMillis == 0 ? ", no work" : ", " + workMillis + " ms blocking work");
        if (pacing.rate() != null) {
            sb.append(String.format(Locale.ROOT, ", open loop at %,.0f req/s", pacing.rate()));
        } else if (pacing.rateFraction() != null) {
            sb.append(String.format(Locale.ROOT, ", open loop at %.0f %% of each peak", pacing.rateFraction() * 100));
        } else {
            sb.append(", closed loop");
        }
        if (crowd.idleConnections() > 0) {
            sb.append(String.format(Locale.ROOT, ", beside %,d idle connections", crowd.idleConnections()));
        }
        if (crowd.slowConnections() > 0) {
            int interval = crowd.slowIntervalMillis();
            sb.append(String.format(
                    Locale.ROOT,
                    ", beside %,d slow connections (a header byte every %s)",
                    crowd.slowConnections(),
                    interval % 1000 == 0 ? interval / 1000 + " s" : interval + " ms"));
        }
        if (crowd.headerTimeoutMillis() > 0) {
            sb.append(", server header deadline ")
                    .append(crowd.headerTimeoutMillis())
                    .append(" ms");
        }
        if (tls == TlsMode.FULL) {
            sb.append(", over TLS, every handshake full");
        } else if (tls != null) {
            sb.append(shape.keepAlive() ? ", over TLS" : ", over TLS, sessions resumed");
        }
        return sb.toString();
    }

    private static String idOf(String route, int workMillis, ConnectionShape shape, Pacing pacing) {
        StringBuilder sb = new StringBuilder(route.substring(1).replaceAll("[^A-Za-z0-9]+", "-"));
        if (sb.isEmpty()) {
            sb.append("root");
        }
        sb.append("-c").append(shape.connections()).append(shape.keepAlive() ? "-ka" : "-close");
        if (shape.pipeline() > 1) {
            sb.append("-p").append(shape.pipeline());
        }
        sb.append("-w").append(workMillis);
        if (pacing.rate() != null) {
            sb.append("-r").append(Math.round(pacing.rate()));
        }
        if (pacing.rateFraction() != null) {
            sb.append("-at").append(Math.round(pacing.rateFraction() * 100)).append("pct");
        }
        return sb.toString();
    }
}

package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Locale;
import java.util.Objects;

/**
 * One load shape, applied to every target: which route, how much simulated work the server does per request,
 * how the client connects and how it paces itself. A plain value; the id names it in results and reports.
 *
 * @param id           short stable name, unique within a run, e.g. {@code plaintext-c40-ka-w0}
 * @param route        the request path, e.g. {@code /plaintext}
 * @param workMillis   simulated blocking work per request on the server (its {@code --work-ms})
 * @param keepAlive    whether connections are reused; false opens a new connection per request
 * @param connections  concurrent connections
 * @param pipeline     requests in flight per connection (1 = no pipelining)
 * @param rate         open loop at this many requests/s in total, or null for closed loop (or for a fraction)
 * @param rateFraction open loop at this fraction of each target's closed-loop peak measured in the same run, or
 *                     null
 * @param idleConnections   idle keep-alive connections the client holds beside the measured ones (each sends one
 *                          request, then stays silent); 0 for none
 * @param slowConnections   slowloris connections the client holds beside the measured ones (each trickles an
 *                          endless request head); 0 for none
 * @param slowIntervalMillis time between two bytes of a slow connection
 * @param headerTimeoutMillis the server's deadline for a whole request head, passed as {@code serve
 *                          --header-timeout} only when positive (0: the server's own default, flag not passed)
 * @param tls               HTTPS, with the client resuming sessions or not; null for plain HTTP (and absent from
 *                          results.json, as in every run before TLS)
 */
public record Scenario(
        String id,
        String route,
        int workMillis,
        boolean keepAlive,
        int connections,
        int pipeline,
        Double rate,
        Double rateFraction,
        int idleConnections,
        int slowConnections,
        int slowIntervalMillis,
        int headerTimeoutMillis,
        @JsonInclude(JsonInclude.Include.NON_NULL) TlsMode tls) {

    /** Time between two bytes of a slow connection unless a scenario says otherwise. */
    public static final int DEFAULT_SLOW_INTERVAL_MILLIS = 1_000;

    public Scenario {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(route, "route");
        if (!route.startsWith("/")) {
            throw new IllegalArgumentException("a route starts with '/': " + route);
        }
        if (workMillis < 0 || connections < 1 || pipeline < 1) {
            throw new IllegalArgumentException("work must be >= 0, connections and pipeline >= 1: " + id);
        }
        if (rate != null && rateFraction != null) {
            throw new IllegalArgumentException("a scenario has a rate or a rate fraction, not both: " + id);
        }
        if ((rate != null && !(rate > 0)) || (rateFraction != null && !(rateFraction > 0))) {
            throw new IllegalArgumentException("a rate must be positive: " + id);
        }
        slowIntervalMillis = slowIntervalMillis == 0 ? DEFAULT_SLOW_INTERVAL_MILLIS : slowIntervalMillis;
        if (idleConnections < 0 || slowConnections < 0 || slowIntervalMillis < 0 || headerTimeoutMillis < 0) {
            throw new IllegalArgumentException(
                    "idle and slow connections, slow interval and header timeout cannot be negative: " + id);
        }
    }

    /** A closed-loop scenario named from its shape. */
    public static Scenario closedLoop(String route, int workMillis, boolean keepAlive, int connections, int pipeline) {
        return named(route, workMillis, keepAlive, connections, pipeline, null, null, 0, 0, 0, 0, null);
    }

    /** The same shape in open loop at a fixed total rate. */
    public Scenario atRate(double requestsPerSecond) {
        return named(
                route,
                workMillis,
                keepAlive,
                connections,
                pipeline,
                requestsPerSecond,
                null,
                idleConnections,
                slowConnections,
                slowIntervalMillis,
                headerTimeoutMillis,
                tls);
    }

    /** The same shape in open loop at a fraction of each target's measured peak. */
    public Scenario atPeakFraction(double fraction) {
        return named(
                route,
                workMillis,
                keepAlive,
                connections,
                pipeline,
                null,
                fraction,
                idleConnections,
                slowConnections,
                slowIntervalMillis,
                headerTimeoutMillis,
                tls);
    }

    /**
     * The same load with connections held beside the measured ones: idle keep-alive ones and slowloris ones.
     *
     * @param idle               idle connections, 0 for none
     * @param slow               slow connections, 0 for none
     * @param slowIntervalMillis time between two bytes of a slow connection (0: {@link #DEFAULT_SLOW_INTERVAL_MILLIS})
     */
    public Scenario withBackground(int idle, int slow, int slowIntervalMillis) {
        return named(
                route,
                workMillis,
                keepAlive,
                connections,
                pipeline,
                rate,
                rateFraction,
                idle,
                slow,
                slowIntervalMillis,
                headerTimeoutMillis,
                tls);
    }

    /** The same scenario with the server told this header deadline (0: the server's default, not passed). */
    public Scenario withHeaderTimeout(int millis) {
        return named(
                route,
                workMillis,
                keepAlive,
                connections,
                pipeline,
                rate,
                rateFraction,
                idleConnections,
                slowConnections,
                slowIntervalMillis,
                millis,
                tls);
    }

    /** The same load over HTTPS, the client resuming sessions or not as {@code mode} says; null for plain HTTP. */
    public Scenario overTls(TlsMode mode) {
        return named(
                route,
                workMillis,
                keepAlive,
                connections,
                pipeline,
                rate,
                rateFraction,
                idleConnections,
                slowConnections,
                slowIntervalMillis,
                headerTimeoutMillis,
                mode);
    }

    /** Whether the scenario is served over TLS (not a JSON property: {@link #tls()} says it). */
    @JsonIgnore
    public boolean isTls() {
        return tls != null;
    }

    /** Whether the client holds idle or slow connections beside the measured ones. */
    public boolean hasBackground() {
        return idleConnections > 0 || slowConnections > 0;
    }

    /** The same scenario without background connections: what a slowloris or crowd scenario is compared with. */
    public Scenario quietShape() {
        return withBackground(0, 0, 0);
    }

    /** The one factory every scenario goes through, so each is named from all of its components. */
    private static Scenario named(
            String route,
            int workMillis,
            boolean keepAlive,
            int connections,
            int pipeline,
            Double rate,
            Double fraction,
            int idle,
            int slow,
            int slowIntervalMillis,
            int headerTimeoutMillis,
            TlsMode tls) {
        int interval = slowIntervalMillis == 0 ? DEFAULT_SLOW_INTERVAL_MILLIS : slowIntervalMillis;
        StringBuilder id = new StringBuilder(idOf(route, workMillis, keepAlive, connections, pipeline, rate, fraction));
        if (idle > 0) {
            id.append("-idle").append(idle);
        }
        if (slow > 0) {
            id.append("-slow").append(slow);
            if (interval != DEFAULT_SLOW_INTERVAL_MILLIS) {
                id.append("-every").append(interval).append("ms");
            }
        }
        if (headerTimeoutMillis > 0) {
            id.append("-ht").append(headerTimeoutMillis).append("ms");
        }
        if (tls != null) {
            id.append(tls.idSuffix());
        }
        return new Scenario(
                id.toString(),
                route,
                workMillis,
                keepAlive,
                connections,
                pipeline,
                rate,
                fraction,
                idle,
                slow,
                interval,
                headerTimeoutMillis,
                tls);
    }

    /** Whether the client paces itself (open loop), so latency counts from each request's intended send time. */
    public boolean openLoop() {
        return rate != null || rateFraction != null;
    }

    /** The scenario without its rate: the closed-loop shape a rate scenario is a fraction of. */
    public Scenario closedLoopShape() {
        return named(
                route,
                workMillis,
                keepAlive,
                connections,
                pipeline,
                null,
                null,
                idleConnections,
                slowConnections,
                slowIntervalMillis,
                headerTimeoutMillis,
                tls);
    }

    /** Words for report headings: {@code GET /plaintext, 40 connections, keep-alive, no work}. */
    public String title() {
        StringBuilder sb = new StringBuilder("GET ").append(route).append(", ").append(connections);
        sb.append(connections == 1 ? " connection, " : " connections, ");
        sb.append(keepAlive ? "keep-alive" : "a new connection per request");
        if (pipeline > 1) {
            sb.append(", pipeline ").append(pipeline);
        }
        sb.append(workMillis == 0 ? ", no work" : ", " + workMillis + " ms blocking work");
        if (rate != null) {
            sb.append(String.format(Locale.ROOT, ", open loop at %,.0f req/s", rate));
        } else if (rateFraction != null) {
            sb.append(String.format(Locale.ROOT, ", open loop at %.0f %% of each peak", rateFraction * 100));
        } else {
            sb.append(", closed loop");
        }
        if (idleConnections > 0) {
            sb.append(String.format(Locale.ROOT, ", beside %,d idle connections", idleConnections));
        }
        if (slowConnections > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    ", beside %,d slow connections (a header byte every %s)",
                    slowConnections,
                    slowIntervalMillis % 1000 == 0 ? slowIntervalMillis / 1000 + " s" : slowIntervalMillis + " ms"));
        }
        if (headerTimeoutMillis > 0) {
            sb.append(", server header deadline ").append(headerTimeoutMillis).append(" ms");
        }
        if (tls == TlsMode.FULL) {
            sb.append(", over TLS, every handshake full");
        } else if (tls != null) {
            sb.append(keepAlive ? ", over TLS" : ", over TLS, sessions resumed");
        }
        return sb.toString();
    }

    private static String idOf(
            String route,
            int workMillis,
            boolean keepAlive,
            int connections,
            int pipeline,
            Double rate,
            Double fraction) {
        StringBuilder sb = new StringBuilder(route.substring(1).replaceAll("[^A-Za-z0-9]+", "-"));
        if (sb.isEmpty()) {
            sb.append("root");
        }
        sb.append("-c").append(connections).append(keepAlive ? "-ka" : "-close");
        if (pipeline > 1) {
            sb.append("-p").append(pipeline);
        }
        sb.append("-w").append(workMillis);
        if (rate != null) {
            sb.append("-r").append(Math.round(rate));
        }
        if (fraction != null) {
            sb.append("-at").append(Math.round(fraction * 100)).append("pct");
        }
        return sb.toString();
    }
}

package io.httpmodels.harness.compare;

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
 */
public record Scenario(
        String id,
        String route,
        int workMillis,
        boolean keepAlive,
        int connections,
        int pipeline,
        Double rate,
        Double rateFraction) {

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
    }

    /** A closed-loop scenario named from its shape. */
    public static Scenario closedLoop(String route, int workMillis, boolean keepAlive, int connections, int pipeline) {
        return named(route, workMillis, keepAlive, connections, pipeline, null, null);
    }

    /** The same shape in open loop at a fixed total rate. */
    public Scenario atRate(double requestsPerSecond) {
        return named(route, workMillis, keepAlive, connections, pipeline, requestsPerSecond, null);
    }

    /** The same shape in open loop at a fraction of each target's measured peak. */
    public Scenario atPeakFraction(double fraction) {
        return named(route, workMillis, keepAlive, connections, pipeline, null, fraction);
    }

    private static Scenario named(
            String route,
            int workMillis,
            boolean keepAlive,
            int connections,
            int pipeline,
            Double rate,
            Double fraction) {
        return new Scenario(
                idOf(route, workMillis, keepAlive, connections, pipeline, rate, fraction),
                route,
                workMillis,
                keepAlive,
                connections,
                pipeline,
                rate,
                fraction);
    }

    /** Whether the client paces itself (open loop), so latency counts from each request's intended send time. */
    public boolean openLoop() {
        return rate != null || rateFraction != null;
    }

    /** The scenario without its rate: the closed-loop shape a rate scenario is a fraction of. */
    public Scenario closedLoopShape() {
        return closedLoop(route, workMillis, keepAlive, connections, pipeline);
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

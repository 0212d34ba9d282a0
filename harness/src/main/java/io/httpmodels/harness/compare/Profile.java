package io.httpmodels.harness.compare;

import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.TlsMode;
import io.httpmodels.load.HttpProtocol;
import io.httpmodels.load.LoadConfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The named comparisons: which scenarios, how long each cell warms up, and its forks and windows.
 * Flags of {@code compare} override any of these.
 */
public enum Profile {
    QUICK(
            "CI-sized: GET /plaintext, 40 keep-alive connections, no work",
            axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(40), 1, null, List.of()),
            Duration.ofSeconds(1),
            new Sampling(3, 1, Duration.ofSeconds(1))),
    DEFAULT(
            "the default set of models (--models all adds the rest) in about 6 minutes: GET /plaintext, 40"
                    + " keep-alive connections, no work and 1 ms of blocking"
                    + " work (the articles' key experiment; their new connection per request: --profile articles)",
            axes(List.of("/plaintext"), List.of(0, 1), List.of(true), List.of(40), 1, null, List.of()),
            Duration.ofSeconds(2),
            new Sampling(3, 2, Duration.ofSeconds(1))),
    ARTICLES(
            "the articles' whole experiment: GET /plaintext, 40 connections, no work and 1 ms of blocking work, each"
                    + " on keep-alive connections and with a new connection per request",
            axes(List.of("/plaintext"), List.of(0, 1), List.of(true, false), List.of(40), 1, null, List.of()),
            Duration.ofSeconds(2),
            new Sampling(3, 2, Duration.ofSeconds(1))),
    SWEEP(
            "requests/s against connections: 1, 5, 10, 40 and 256 keep-alive connections, no work",
            axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(1, 5, 10, 40, 256), 1, null, List.of()),
            Duration.ofSeconds(2),
            new Sampling(3, 1, Duration.ofSeconds(3))),
    PIPELINE(
            "16 pipelined requests on each of 256 keep-alive connections, no work",
            axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(256), 16, null, List.of()),
            Duration.ofSeconds(2),
            new Sampling(3, 1, Duration.ofSeconds(4))),
    RATE(
            "open loop at 50, 75 and 90 % of each model's closed-loop peak (measured first, 40 keep-alive "
                    + "connections), latency from the intended send time (coordinated omission corrected)",
            axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(40), 1, null, List.of(0.5, 0.75, 0.9)),
            Duration.ofSeconds(2),
            new Sampling(3, 1, Duration.ofSeconds(4))),
    SLOWLORIS(
            "slow clients: 40 keep-alive connections alone, then beside 200 slowloris connections (each trickling a"
                    + " request head, a byte a second); the share of its requests/s each model keeps",
            axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(40), 1, null, List.of())
                    .withBackground(0, 200),
            Duration.ofSeconds(2),
            new Sampling(3, 1, Duration.ofSeconds(4))),
    CROWD(
            "many connections: 40 measured keep-alive connections alone, then beside 10,000 idle keep-alive ones;"
                    + " requests/s, threads, RSS and memory per idle connection",
            axes(List.of("/plaintext"), List.of(0), List.of(true), List.of(40), 1, null, List.of())
                    .withBackground(10_000, 0),
            Duration.ofSeconds(2),
            new Sampling(3, 1, Duration.ofSeconds(4))),
    DB(
            "TechEmpower's database tests against a real PostgreSQL (docs/database.md): /db, /queries and /updates at"
                    + " 1 and 20 queries, and /fortunes, at 40 and 256 keep-alive connections; the default set and"
                    + " vertx (its reactive client); a throw-away cluster on the servers' CPUs unless --db-url"
                    + " names one; every window's answers sampled and checked, the database's connections in use"
                    + " beside; about an hour (narrow it with --routes, --models, -c)",
            axes(
                    List.of(
                            "/db",
                            "/queries?queries=1",
                            "/queries?queries=20",
                            "/fortunes",
                            "/updates?queries=1",
                            "/updates?queries=20"),
                    List.of(0),
                    List.of(true),
                    List.of(40, 256),
                    1,
                    null,
                    List.of()),
            Duration.ofSeconds(2),
            new Sampling(3, 1, Duration.ofSeconds(2))),
    TLS(
            "HTTPS (docs/tls.md): GET /plaintext, 40 connections, no work, over TLS: keep-alive, a new connection per"
                    + " request with full handshakes, and with resumed sessions; handshakes/s and server CPU per"
                    + " handshake beside CPU per request",
            axes(List.of("/plaintext"), List.of(0), List.of(true, false), List.of(40), 1, null, List.of())
                    .overTls(),
            Duration.ofSeconds(2),
            new Sampling(3, 1, Duration.ofSeconds(4))),
    H2(
            "HTTP/2 (docs/http2.md): GET /plaintext, no work and 1 ms of blocking work, 4 connections each with 10"
                    + " and with 100 streams over h2c, beside keep-alive HTTP/1.1 at the same concurrency (40 and 400"
                    + " connections); a model that speaks HTTP/1.1 only has the HTTP/1.1 rows alone",
            axes(List.of("/plaintext"), List.of(0, 1), List.of(true), List.of(4), 1, null, List.of())
                    .overProtocols(List.of(HttpProtocol.H1, HttpProtocol.H2C), List.of(10, 100)),
            Duration.ofSeconds(2),
            new Sampling(3, 1, Duration.ofSeconds(3)));

    private final String description;
    private final Axes axes;
    private final Duration warmup;
    private final Sampling sampling;

    Profile(String description, Axes axes, Duration warmup, Sampling sampling) {
        this.description = description;
        this.axes = axes;
        this.warmup = warmup;
        this.sampling = sampling;
    }

    /** The profiles' names, for picocli's {@code ${COMPLETION-CANDIDATES}}. */
    public static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(values()).map(Profile::id).iterator();
        }
    }

    /**
     * Every profile with what it runs, one after another, each wrapped to {@code width} columns and indented: the
     * section of {@code compare --help} that lists them (printed as it is, so a {@code %} needs no escape).
     */
    public static String help(int width) {
        int name = Arrays.stream(values()).mapToInt(p -> p.id().length()).max().orElse(0) + 2;
        StringBuilder out = new StringBuilder("Profiles (--profile NAME):").append(System.lineSeparator());
        for (Profile p : values()) {
            String text = p.description() + " (at least " + p.warmup().toSeconds() + " s warm-up, "
                    + p.sampling().forks() + (p.sampling().forks() == 1 ? " fork" : " forks") + " of "
                    + (p.sampling().windows() == 1 ? "" : p.sampling().windows() + " windows of ")
                    + p.sampling().window().toSeconds() + " s)";
            StringBuilder line = new StringBuilder("  ").append(p.id()).append(" ".repeat(name - p.id().length()));
            int indent = line.length();
            for (String word : text.split(" ")) {
                if (line.length() + 1 + word.length() > width && line.length() > indent) {
                    out.append(line).append(System.lineSeparator());
                    line = new StringBuilder(" ".repeat(indent));
                } else if (line.length() > indent) {
                    line.append(' ');
                }
                line.append(word);
            }
            out.append(line).append(System.lineSeparator());
        }
        return out.toString();
    }

    /** The profile's name as typed on the command line. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String description() {
        return description;
    }

    public Axes axes() {
        return axes;
    }

    public Duration warmup() {
        return warmup;
    }

    /**
     * Models out of the default set that this profile runs when {@code --models} is not given: the db profile's
     * question (thread pool, virtual threads or a reactive client in front of a database) needs Vert.x's reactive
     * client as a row.
     */
    public List<String> alsoByDefault() {
        return this == DB ? List.of("vertx") : List.of();
    }

    /** Each cell's forks and windows. */
    public Sampling sampling() {
        return sampling;
    }

    /**
     * The profile called {@code name}.
     *
     * @throws IllegalArgumentException listing the profiles when there is none
     */
    public static Profile byId(String name) {
        for (Profile p : values()) {
            if (p.id().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; profiles: "
                + Arrays.stream(values()).map(Profile::id).collect(Collectors.joining(", ")));
    }

    private static Axes axes(
            List<String> routes,
            List<Integer> workMillis,
            List<Boolean> keepAlive,
            List<Integer> connections,
            int pipeline,
            Double rate,
            List<Double> rateFractions) {
        return new Axes(routes, workMillis, keepAlive, connections, pipeline, rate, rateFractions);
    }

    /**
     * The dimensions a profile's scenarios are the product of.
     *
     * @param routes        request paths
     * @param workMillis    simulated blocking work per request
     * @param keepAlive     true for keep-alive connections, false for a new connection per request
     * @param connections   connection counts (several make a sweep)
     * @param pipeline      requests in flight per connection
     * @param rate          a fixed open-loop rate for every scenario, or null for closed loop
     * @param rateFractions open-loop fractions of each target's closed-loop peak, added after the closed loops
     * @param idleConnections idle keep-alive connections held beside the measured ones; when this or
     *                      {@code slowConnections} is set, each shape runs alone first and then beside them
     * @param slowConnections slowloris connections held beside the measured ones
     * @param tls           every scenario over HTTPS: a keep-alive one once (sessions resumed, as the client does by
     *                      default), one with a new connection per request twice, with full handshakes and with
     *                      resumed sessions
     * @param protocols     what the client speaks, each a scenario: h1, h2c (HTTP/2 in cleartext), h2 (HTTP/2 over
     *                      TLS by ALPN, sessions resumed)
     * @param streams       HTTP/2's streams per connection, each a scenario; with h1 beside HTTP/2, HTTP/1.1 runs at
     *                      the same concurrency (connections × streams), so the two compare at equal load
     */
    public record Axes(
            List<String> routes,
            List<Integer> workMillis,
            List<Boolean> keepAlive,
            List<Integer> connections,
            int pipeline,
            Double rate,
            List<Double> rateFractions,
            int idleConnections,
            int slowConnections,
            boolean tls,
            List<HttpProtocol> protocols,
            List<Integer> streams) {

        /** HTTP/1.1 axes, in plain HTTP or over TLS. */
        public Axes(
                List<String> routes,
                List<Integer> workMillis,
                List<Boolean> keepAlive,
                List<Integer> connections,
                int pipeline,
                Double rate,
                List<Double> rateFractions,
                int idleConnections,
                int slowConnections,
                boolean tls) {
            this(
                    routes,
                    workMillis,
                    keepAlive,
                    connections,
                    pipeline,
                    rate,
                    rateFractions,
                    idleConnections,
                    slowConnections,
                    tls,
                    List.of(HttpProtocol.H1),
                    List.of(1));
        }

        /** Plain HTTP axes. */
        public Axes(
                List<String> routes,
                List<Integer> workMillis,
                List<Boolean> keepAlive,
                List<Integer> connections,
                int pipeline,
                Double rate,
                List<Double> rateFractions,
                int idleConnections,
                int slowConnections) {
            this(
                    routes,
                    workMillis,
                    keepAlive,
                    connections,
                    pipeline,
                    rate,
                    rateFractions,
                    idleConnections,
                    slowConnections,
                    false);
        }

        /** Axes without background connections. */
        public Axes(
                List<String> routes,
                List<Integer> workMillis,
                List<Boolean> keepAlive,
                List<Integer> connections,
                int pipeline,
                Double rate,
                List<Double> rateFractions) {
            this(routes, workMillis, keepAlive, connections, pipeline, rate, rateFractions, 0, 0);
        }

        /** The same axes with these background connections. */
        public Axes withBackground(int idle, int slow) {
            return new Axes(
                    routes,
                    workMillis,
                    keepAlive,
                    connections,
                    pipeline,
                    rate,
                    rateFractions,
                    idle,
                    slow,
                    tls,
                    protocols,
                    streams);
        }

        /** The same axes speaking each of {@code protocols}, HTTP/2 with each of {@code streams} per connection. */
        public Axes overProtocols(List<HttpProtocol> protocols, List<Integer> streams) {
            return new Axes(
                    routes,
                    workMillis,
                    keepAlive,
                    connections,
                    pipeline,
                    rate,
                    rateFractions,
                    idleConnections,
                    slowConnections,
                    tls,
                    protocols,
                    streams);
        }

        /** The same axes over HTTPS ({@link #tls()}). */
        public Axes overTls() {
            return new Axes(
                    routes,
                    workMillis,
                    keepAlive,
                    connections,
                    pipeline,
                    rate,
                    rateFractions,
                    idleConnections,
                    slowConnections,
                    true,
                    protocols,
                    streams);
        }

        public Axes {
            protocols = List.copyOf(protocols);
            streams = List.copyOf(streams);
            if (protocols.isEmpty() || streams.isEmpty()) {
                throw new IllegalArgumentException("--protocol and --streams need at least one value each");
            }
            for (int n : streams) {
                if (n < 1 || n > LoadConfig.MAX_STREAMS) {
                    throw new IllegalArgumentException(
                            "--streams must be between 1 and " + LoadConfig.MAX_STREAMS + ": " + n);
                }
            }
            boolean http2 = protocols.stream().anyMatch(HttpProtocol::http2);
            if (!http2 && !streams.equals(List.of(1))) {
                throw new IllegalArgumentException("--streams needs HTTP/2 (--protocol h2c or h2)");
            }
            if (http2 && (keepAlive.contains(false) || pipeline != 1)) {
                throw new IllegalArgumentException(
                        "HTTP/2 keeps its connections and runs --streams, not --pipeline or --no-keep-alive");
            }
            if (http2 && (idleConnections > 0 || slowConnections > 0)) {
                throw new IllegalArgumentException("idle and slow connections are HTTP/1.1 only");
            }
            routes = List.copyOf(routes);
            workMillis = List.copyOf(workMillis);
            keepAlive = List.copyOf(keepAlive);
            connections = List.copyOf(connections);
            rateFractions = List.copyOf(rateFractions);
        }

        /**
         * Every combination, route by route, then work, keep-alive and connections; rates after closed loops. With
         * background connections each shape runs alone, then beside them, so the two compare in the same run. Over
         * TLS a keep-alive shape runs once, a shape with a new connection per request twice: full handshakes, then
         * resumed sessions. With HTTP/2, each shape runs once per protocol and streams per connection, HTTP/1.1 first
         * at the same concurrency (connections × streams) when it is in the list; h2 runs over TLS, and so does
         * HTTP/1.1 beside it when h2c is not in the list.
         */
        public List<Scenario> scenarios() {
            if (protocols.equals(List.of(HttpProtocol.H1))) {
                return http1Scenarios(connections);
            }
            // HTTP/1.1 beside h2 alone is compared over TLS too.
            boolean h1OverTls = tls || (protocols.contains(HttpProtocol.H2) && !protocols.contains(HttpProtocol.H2C));
            List<Scenario> all = new ArrayList<>();
            for (String route : routes) {
                for (int work : workMillis) {
                    for (int c : connections) {
                        for (int n : streams) {
                            Axes one = new Axes(
                                    List.of(route),
                                    List.of(work),
                                    keepAlive,
                                    List.of(c),
                                    pipeline,
                                    rate,
                                    rateFractions,
                                    idleConnections,
                                    slowConnections,
                                    h1OverTls);
                            for (HttpProtocol p : protocols) {
                                if (p == HttpProtocol.H1) {
                                    all.addAll(one.http1Scenarios(List.of(Math.multiplyExact(c, n))));
                                } else {
                                    Scenario s = Scenario.closedLoop(route, work, true, c, 1);
                                    s = p == HttpProtocol.H2 ? s.overTls(TlsMode.RESUME) : s;
                                    s = s.overHttp2(n);
                                    s = rate == null ? s : s.atRate(rate);
                                    all.add(s);
                                    // As over HTTP/1.1: each fraction after the closed loop whose peak it needs.
                                    for (double f : s.openLoop() ? List.<Double>of() : rateFractions) {
                                        all.add(s.atPeakFraction(f));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return all.stream().distinct().toList();
        }

        private List<Scenario> http1Scenarios(List<Integer> connections) {
            List<Scenario> plain = plainScenarios(connections);
            if (!tls) {
                return plain;
            }
            List<Scenario> all = new ArrayList<>();
            for (Scenario s : plain) {
                if (!s.shape().keepAlive()) {
                    all.add(s.overTls(TlsMode.FULL));
                }
                all.add(s.overTls(TlsMode.RESUME));
            }
            return all;
        }

        private List<Scenario> plainScenarios(List<Integer> connections) {
            List<Scenario> closed = new ArrayList<>();
            for (String route : routes) {
                for (int work : workMillis) {
                    for (boolean ka : keepAlive) {
                        for (int c : connections) {
                            Scenario s = Scenario.closedLoop(route, work, ka, c, pipeline);
                            s = rate == null ? s : s.atRate(rate);
                            closed.add(s);
                            if (idleConnections > 0 || slowConnections > 0) {
                                closed.add(s.withBackground(idleConnections, slowConnections, 0));
                            }
                        }
                    }
                }
            }
            List<Scenario> all = new ArrayList<>(closed);
            for (double f : rateFractions) {
                for (Scenario s : closed) {
                    if (!s.openLoop()) {
                        all.add(s.atPeakFraction(f));
                    }
                }
            }
            return all;
        }
    }
}

package io.httpmodels.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;

/**
 * One scenario and target over all its forks: the row of a report table. Each figure that moves from one JVM to
 * the next is an {@link Estimate}: the median over the forks with a 95 % interval ({@link ForkStatistics}); the
 * merged latency comes from the forks' histograms added (exact, not averaged).
 *
 * <p>The groups are unwrapped in results.json: their fields stand in the row's own object
 * ({@code "requestsPerSecond"}, {@code "connections"}, ...).
 *
 * @param scenarioId        the scenario
 * @param target            the target
 * @param outcome           whether it produced figures, from how many forks
 * @param rate              requests/s and how they rank
 * @param timing            latency
 * @param connectionFigures connections served, timeouts and errors
 * @param server            the server's CPU, memory and threads
 * @param client            the load client's own CPU
 * @param forks             each fork's figures, in the order run (what the estimates were made from); empty for a
 *                          failed row
 * @param why               the why figures, each the median of the forks' that have it; null when none was measured
 * @param tls               a TLS scenario's handshakes: counts summed, rates, times and server CPU per handshake the
 *                          medians of the forks'; null (absent from results.json) over plain HTTP
 * @param database          a database scenario's cost in the database, when this machine runs it; else null (absent)
 */
public record Summary(
        String scenarioId,
        String target,
        @JsonUnwrapped Outcome outcome,
        @JsonUnwrapped Rate rate,
        @JsonUnwrapped Timing timing,
        @JsonUnwrapped ConnectionFigures connectionFigures,
        @JsonUnwrapped ServerFigures server,
        @JsonUnwrapped ClientFigures client,
        List<ForkFigures> forks,
        WhyFigures why,
        @JsonInclude(JsonInclude.Include.NON_NULL) Handshakes tls,
        @JsonInclude(JsonInclude.Include.NON_NULL) DatabaseFigures database) {

    /** A row of a scenario that queries no database of this machine's. */
    public Summary(
            String scenarioId,
            String target,
            Outcome outcome,
            Rate rate,
            Timing timing,
            ConnectionFigures connectionFigures,
            ServerFigures server,
            ClientFigures client,
            List<ForkFigures> forks,
            WhyFigures why,
            Handshakes tls) {
        this(scenarioId, target, outcome, rate, timing, connectionFigures, server, client, forks, why, tls, null);
    }

    /**
     * Whether the row has figures, and from how many forks.
     *
     * @param status        ok, or failed when no fork succeeded
     * @param failure       the first failure's reason, or null
     * @param repetitions   forks run
     * @param okRepetitions of those, how many produced figures
     * @param profiledWith  the profiling event when any fork was profiled (its figures are perturbed), or null
     */
    public record Outcome(CellStatus status, String failure, int repetitions, int okRepetitions, String profiledWith) {}

    /**
     * Requests/s and where they stand in the scenario.
     *
     * @param requestsPerSecond requests/s over the forks
     * @param relativeToBest    the median as a share of the best target's median in this scenario
     * @param relativeToNginx   the median as a share of nginx's, when nginx ran
     * @param tiedWithBest      whether this row's interval overlaps the best row's (so it is not shown to be slower);
     *                          null when either has no interval
     */
    public record Rate(
            Estimate requestsPerSecond, Double relativeToBest, Double relativeToNginx, Boolean tiedWithBest) {

        static final Rate NONE = new Rate(null, null, null, null);
    }

    /**
     * How long requests took.
     *
     * @param latency      the forks' latency histograms merged
     * @param p50          the median latency over the forks, microseconds, with its interval
     * @param p99          the 99th percentile over the forks, microseconds, with its interval
     * @param distribution the percentile spectrum of the merged latency
     */
    public record Timing(Latency latency, Estimate p50, Estimate p99, List<PercentilePoint> distribution) {

        static final Timing NONE = new Timing(null, null, null, List.of());

        public Timing {
            distribution = distribution == null ? List.of() : List.copyOf(distribution);
        }
    }

    /**
     * The connections and what went wrong on them.
     *
     * @param connections       connections the client kept open
     * @param connectionsServed fewest connections served in a fork
     * @param timeouts          timeouts, summed over the forks
     * @param errors            errors of every kind, summed over the forks
     */
    public record ConnectionFigures(int connections, Integer connectionsServed, long timeouts, long errors) {}

    /**
     * What the server spent.
     *
     * @param serverCpuPercent    median server CPU, % of one core
     * @param cpuMicrosPerRequest server CPU time per request over the forks
     * @param rssPeakBytes        each fork's peak RSS, over the forks
     * @param rssMeanBytes        median of the forks' mean RSS
     * @param threadsPeak         most threads sampled in any fork
     */
    public record ServerFigures(
            Double serverCpuPercent,
            Estimate cpuMicrosPerRequest,
            Estimate rssPeakBytes,
            Long rssMeanBytes,
            Integer threadsPeak) {

        static final ServerFigures NONE = new ServerFigures(null, null, null, null, null);
    }

    /**
     * The load client's own CPU.
     *
     * @param clientCpuPercent median client CPU, % of one core
     * @param clientBound      whether the client was saturated (median client CPU at or above the threshold)
     */
    public record ClientFigures(Double clientCpuPercent, boolean clientBound) {

        static final ClientFigures NONE = new ClientFigures(null, false);
    }

    public Summary {
        forks = forks == null ? List.of() : List.copyOf(forks);
        rate = rate == null ? Rate.NONE : rate;
        timing = timing == null ? Timing.NONE : timing;
        server = server == null ? ServerFigures.NONE : server;
        client = client == null ? ClientFigures.NONE : client;
    }

    /** The row of a scenario and target none of whose {@code repetitions} produced figures. */
    public static Summary failed(String scenarioId, String target, String failure, int repetitions, int connections) {
        return new Summary(
                scenarioId,
                target,
                new Outcome(CellStatus.FAILED, failure, repetitions, 0, null),
                Rate.NONE,
                Timing.NONE,
                new ConnectionFigures(connections, null, 0, 0),
                ServerFigures.NONE,
                ClientFigures.NONE,
                List.of(),
                null,
                null);
    }

    public boolean ok() {
        return outcome.status() == CellStatus.OK;
    }

    /** The median requests/s over the forks, or null for a failed row. */
    public Double requestsPerSecond() {
        return rate.requestsPerSecond() == null
                ? null
                : rate.requestsPerSecond().value();
    }

    /** The median server CPU time per request over the forks, or null when not measured. */
    public Double cpuMicrosPerRequest() {
        return server.cpuMicrosPerRequest() == null
                ? null
                : server.cpuMicrosPerRequest().value();
    }

    /** The median of the forks' peak RSS, or null when not measured. */
    public Long rssPeakBytes() {
        return server.rssPeakBytes() == null
                ? null
                : Math.round(server.rssPeakBytes().value());
    }

    /** The merged latency, or null for a failed row. */
    public Latency latency() {
        return timing.latency();
    }

    /** The same row with its place in the scenario set. */
    public Summary withRate(Rate value) {
        return new Summary(
                scenarioId,
                target,
                outcome,
                value,
                timing,
                connectionFigures,
                server,
                client,
                forks,
                why,
                tls,
                database);
    }

    /** The same row with its why figures. */
    public Summary withWhy(WhyFigures value) {
        return new Summary(
                scenarioId,
                target,
                outcome,
                rate,
                timing,
                connectionFigures,
                server,
                client,
                forks,
                value,
                tls,
                database);
    }

    /** The same row with its TLS handshakes. */
    public Summary withHandshakes(Handshakes value) {
        return new Summary(
                scenarioId,
                target,
                outcome,
                rate,
                timing,
                connectionFigures,
                server,
                client,
                forks,
                why,
                value,
                database);
    }

    /** The same row with the database's cost. */
    public Summary withDatabase(DatabaseFigures value) {
        return new Summary(
                scenarioId, target, outcome, rate, timing, connectionFigures, server, client, forks, why, tls, value);
    }

    /** The connections of the model's database pool (its JVM's account), or null when it told none. */
    public Integer databasePoolConnections() {
        return why == null || why.jvm().databasePool() == null
                ? null
                : why.jvm().databasePool().connections();
    }

    /** The database checks summed over the forks, or null when none were made. */
    public DatabaseChecks databaseChecks() {
        return database == null ? null : database.checks();
    }

    /** The median database CPU time per request over the forks, or null when not measured. */
    public Double databaseCpuMicrosPerRequest() {
        return database == null || database.cpuMicrosPerRequest() == null
                ? null
                : database.cpuMicrosPerRequest().value();
    }
}

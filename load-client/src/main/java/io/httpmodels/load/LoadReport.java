package io.httpmodels.load;

import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything a run measured, as data grouped by meaning; {@link ReportText} and {@link ReportJson} render it. Made with
 * {@link #builder(LoadConfig)}, which derives the rates from the counts.
 *
 * <p>Latencies are in microseconds. {@link Latencies#latency()} is the primary figure and says in its description
 * what it is: in closed loop the raw time from writing each request to the last byte of its own response; in rate
 * mode the time from when the request was meant to be sent. The other summaries are null when they do not apply.
 * Status and error counts cover the recorded part of the run (warm-up excluded).
 *
 * @param config      what was run
 * @param startedAt   wall-clock start of the run (warm-up included)
 * @param recorded    the recorded part: its length, the responses and bytes in it, per interval
 * @param latencies   the latency summaries and the histogram behind the primary one
 * @param responses   responses by status code, errors by kind
 * @param connections TCP connections established and connection slots served
 * @param abortReason why the run stopped early, or null when it ran its course
 * @param background  what the idle and slow connections held beside the measured ones saw, or null when the run had
 *                    none (they are not in any other figure)
 * @param start       agent mode ({@link LoadConfig.Timeline#startAt()}): when recording was due and how late it
 *                    began; null otherwise
 * @param tls         an {@code https://} run's handshakes (how many, how many resumed, how long); null for plain
 *                    HTTP
 */
public record LoadReport(
        LoadConfig config,
        Instant startedAt,
        Recorded recorded,
        Latencies latencies,
        Responses responses,
        Connections connections,
        String abortReason,
        BackgroundReport background,
        Start start,
        Tls tls) {

    /** Version of the JSON rendering; bumped on any incompatible change. */
    public static final int SCHEMA_VERSION = 1;

    /** The same report with what its background connections saw. */
    public LoadReport withBackground(BackgroundReport held) {
        return new LoadReport(
                config, startedAt, recorded, latencies, responses, connections, abortReason, held, start, tls);
    }

    /**
     * A builder of the report of a run of {@code config}: what is not set is empty (no requests, no errors, no
     * optional latencies). The rates are derived from the counts and the recorded duration.
     */
    public static Builder builder(LoadConfig config) {
        return new Builder(config);
    }

    /**
     * The recorded part of the run.
     *
     * @param seconds   its length
     * @param requests  responses recorded (exactly the request count in a counted run that completed)
     * @param bytesRead bytes received
     * @param intervals requests recorded per interval (one second each, the last possibly shorter)
     */
    public record Recorded(double seconds, long requests, long bytesRead, List<Interval> intervals) {

        public Recorded {
            intervals = List.copyOf(intervals);
        }

        /** requests / seconds; 0 over no time. */
        public double requestsPerSecond() {
            return seconds > 0 ? requests / seconds : 0;
        }

        /** bytesRead / seconds; 0 over no time. */
        public double bytesPerSecond() {
            return seconds > 0 ? bytesRead / seconds : 0;
        }
    }

    /**
     * The latencies, microseconds; a summary that does not apply to the run is null.
     *
     * @param latency     primary latency
     * @param corrected   closed loop only: wrk-style coordinated-omission correction of {@code latency}
     * @param uncorrected rate mode only: from the actual write, ignoring the schedule (service time)
     * @param connect     no-keep-alive only: TCP connect time
     * @param waiting     no-keep-alive only: from the write to the first byte of the response
     * @param total       no-keep-alive only: from the connect to the last byte of the response
     * @param histogram   the merged latency histogram behind {@code latency}, for exact merging
     */
    public record Latencies(
            LatencySummary latency,
            LatencySummary corrected,
            LatencySummary uncorrected,
            LatencySummary connect,
            LatencySummary waiting,
            LatencySummary total,
            Histogram histogram) {}

    /**
     * What the recorded responses and errors were.
     *
     * @param statusCounts responses by status code
     * @param errors       errors by kind
     * @param resets       HTTP/2: streams the server reset, by error code's lower-case name ({@code cancel}, ...); only
     *                     the codes seen
     */
    public record Responses(Map<Integer, Long> statusCounts, ErrorCounts errors, Map<String, Long> resets) {

        public Responses {
            statusCounts = Map.copyOf(statusCounts);
            resets = resets == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(resets));
        }

        /** HTTP/1.1's responses: no stream resets. */
        public Responses(Map<Integer, Long> statusCounts, ErrorCounts errors) {
            this(statusCounts, errors, Map.of());
        }

        /** Responses with a status below 200 or of 400 and above, as wrk's "Non-2xx or 3xx responses". */
        public long non2xx3xx() {
            return statusCounts.entrySet().stream()
                    .filter(e -> e.getKey() < 200 || e.getKey() >= 400)
                    .mapToLong(Map.Entry::getValue)
                    .sum();
        }
    }

    /**
     * The measured connections.
     *
     * @param connectsSucceeded TCP connections established, reconnects included
     * @param served            how many of the {@code config.connections().count()} connection slots completed at
     *                          least one recorded response: fewer than configured means the server starved the others
     *                          (a single thread serving one keep-alive client, a pool smaller than the connections)
     */
    public record Connections(long connectsSucceeded, int served) {}

    /**
     * Requests recorded in one interval of the run.
     *
     * @param startSeconds  offset of the interval from the start of recording
     * @param lengthSeconds its length
     * @param requests      responses recorded in it
     */
    public record Interval(double startSeconds, double lengthSeconds, long requests) {

        public double requestsPerSecond() {
            return lengthSeconds <= 0 ? 0 : requests / lengthSeconds;
        }
    }

    /**
     * Agent mode: when recording was due and when it began, as this agent's clock tells (agents on several
     * machines are as far apart as their clocks too: keep them synchronised, e.g. by NTP).
     *
     * @param startAt    the instant recording was due ({@link LoadConfig.Timeline#startAt()})
     * @param skewMillis how much later than that the last of this client's threads began recording (negative:
     *                   earlier), or null when none did
     */
    public record Start(Instant startAt, Double skewMillis) {

        /** Whether recording began within {@link LoadConfig#START_TOLERANCE} of the start time. */
        public boolean withinTolerance() {
            return skewMillis != null && Math.abs(skewMillis) <= LoadConfig.START_TOLERANCE.toMillis();
        }
    }

    /**
     * The TLS handshakes of an {@code https://} run's recorded part, apart from request latency as connect times
     * are: a keep-alive run's handshakes happen as its connections open (during the warm-up, if there is one), a
     * run with a new connection per request makes one per request.
     *
     * @param version    the TLS version the handshakes settled on (warm-up included), or null when none completed
     * @param handshakes handshakes completed, each begun once its TCP connection was established
     * @param resumed    of those, the ones that resumed an earlier session (abbreviated handshakes)
     * @param handshake  their times, from the TCP connection's establishment to the handshake's end; null when
     *                   none completed
     */
    public record Tls(TlsVersion version, long handshakes, long resumed, LatencySummary handshake) {}

    /** Collects a report's figures; {@link #build()} makes the report. Not thread-safe. */
    public static final class Builder {
        private final LoadConfig config;
        private Instant startedAt = Instant.EPOCH;
        private double durationSeconds;
        private long requests;
        private long bytesRead;
        private LatencySummary latency;
        private LatencySummary corrected;
        private LatencySummary uncorrected;
        private LatencySummary connect;
        private LatencySummary waiting;
        private LatencySummary total;
        private Map<Integer, Long> statusCounts = Map.of();
        private ErrorCounts errors = ErrorCounts.NONE;
        private Map<String, Long> resets = Map.of();
        private List<Interval> intervals = List.of();
        private long connectsSucceeded;
        private int connectionsServed;
        private String abortReason;
        private Histogram histogram;
        private BackgroundReport background;
        private Start start;
        private Tls tls;

        private Builder(LoadConfig config) {
            this.config = config;
        }

        /** When the run started, warm-up included. */
        public Builder startedAt(Instant value) {
            this.startedAt = value;
            return this;
        }

        /** The recorded part: its length, the responses and the bytes received in it. */
        public Builder recorded(double seconds, long responses, long bytes) {
            this.durationSeconds = seconds;
            this.requests = responses;
            this.bytesRead = bytes;
            return this;
        }

        /** The primary latency. */
        public Builder latency(LatencySummary value) {
            this.latency = value;
            return this;
        }

        /** Closed loop: the wrk-style corrected latency. */
        public Builder corrected(LatencySummary value) {
            this.corrected = value;
            return this;
        }

        /** Rate mode: from the actual write (service time). */
        public Builder uncorrected(LatencySummary value) {
            this.uncorrected = value;
            return this;
        }

        /** No keep-alive: the TCP connect time. */
        public Builder connect(LatencySummary value) {
            this.connect = value;
            return this;
        }

        /** No keep-alive: from the write to the first byte of the response. */
        public Builder waiting(LatencySummary value) {
            this.waiting = value;
            return this;
        }

        /** No keep-alive: from the connect to the last byte of the response. */
        public Builder total(LatencySummary value) {
            this.total = value;
            return this;
        }

        public Builder statusCounts(Map<Integer, Long> value) {
            this.statusCounts = value;
            return this;
        }

        public Builder errors(ErrorCounts value) {
            this.errors = value;
            return this;
        }

        /** HTTP/2: streams reset by the server, by error code name. */
        public Builder resets(Map<String, Long> value) {
            this.resets = value;
            return this;
        }

        public Builder intervals(List<Interval> value) {
            this.intervals = value;
            return this;
        }

        /** TCP connections established (reconnects included) and connection slots that completed a response. */
        public Builder connections(long succeeded, int served) {
            this.connectsSucceeded = succeeded;
            this.connectionsServed = served;
            return this;
        }

        /** Why the run stopped early; null when it ran its course. */
        public Builder abortReason(String value) {
            this.abortReason = value;
            return this;
        }

        /** The merged latency histogram behind the primary latency. */
        public Builder histogram(Histogram value) {
            this.histogram = value;
            return this;
        }

        public Builder background(BackgroundReport value) {
            this.background = value;
            return this;
        }

        /** Agent mode: when recording was due and how late it began. */
        public Builder start(Start value) {
            this.start = value;
            return this;
        }

        /** An https:// run: its TLS handshakes. */
        public Builder tls(Tls value) {
            this.tls = value;
            return this;
        }

        public LoadReport build() {
            return new LoadReport(
                    config,
                    startedAt,
                    new Recorded(durationSeconds, requests, bytesRead, intervals),
                    new Latencies(latency, corrected, uncorrected, connect, waiting, total, histogram),
                    new Responses(statusCounts, errors, resets),
                    new Connections(connectsSucceeded, connectionsServed),
                    abortReason,
                    background,
                    start,
                    tls);
        }
    }
}

package io.httpmodels.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders a {@link LoadReport} as JSON with Jackson: every figure, {@code "schemaVersion"} first, durations in
 * seconds, latencies in microseconds, errors by kind with their total, requests per interval, and the merged
 * latency histogram compressed and base64-encoded (the HdrHistogram V2 encoding, as in interval logs) so that
 * reports merge exactly. A figure that is not a finite number (a rate over no time) is {@code null}.
 *
 * <p>Stateless and thread-safe.
 */
public final class ReportJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DefaultIndenter INDENT = new DefaultIndenter("  ", "\n");
    // Two-space indents, one value per line, "name": value, and the same bytes on every platform.
    private static final ObjectWriter WRITER = MAPPER.writer(new DefaultPrettyPrinter()
            .withObjectIndenter(INDENT)
            .withArrayIndenter(INDENT)
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withArrayEmptySeparator("")
                    .withObjectEmptySeparator("")));

    private ReportJson() {}

    /** The report as a JSON document, ending with a newline. */
    public static String render(LoadReport r) {
        return render(r, null);
    }

    /**
     * The report of one agent among several as a JSON document: the report's fields with an {@code agent}
     * object after {@code tool} (tag, agents, index, rate share, total rate) when {@code agent} is not null.
     */
    public static String render(LoadReport r, AgentInfo agent) {
        ObjectNode tree = tree(r);
        if (agent != null) {
            ObjectNode withAgent = MAPPER.createObjectNode();
            tree.properties().forEach(e -> {
                withAgent.set(e.getKey(), e.getValue());
                if (e.getKey().equals("tool")) {
                    withAgent.set("agent", agent(agent));
                }
            });
            tree = withAgent;
        }
        try {
            return WRITER.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values did not serialise", e);
        }
    }

    private static ObjectNode agent(AgentInfo a) {
        ObjectNode agent = MAPPER.createObjectNode();
        agent.put("tag", a.tag());
        agent.put("agents", a.agents());
        agent.put("index", a.agentIndex());
        agent.put("rateShare", a.rateShare());
        agent.put("totalRate", a.totalRate());
        return agent;
    }

    /** The report as a JSON tree: the fields {@link #render} writes, in that order. */
    static ObjectNode tree(LoadReport r) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", LoadReport.SCHEMA_VERSION);
        root.put("tool", "httpmodels load-client");
        root.set("config", config(r.config()));
        root.put("startedAt", r.startedAt().toString());
        root.put("durationSeconds", finite(r.recorded().seconds()));
        root.put("requests", r.recorded().requests());
        root.put("bytesRead", r.recorded().bytesRead());
        root.put("requestsPerSecond", finite(r.recorded().requestsPerSecond()));
        root.put("bytesPerSecond", finite(r.recorded().bytesPerSecond()));
        root.set("latency", latency(r.latencies().latency()));
        root.set("corrected", latency(r.latencies().corrected()));
        root.set("uncorrected", latency(r.latencies().uncorrected()));
        root.set("connect", latency(r.latencies().connect()));
        root.set("waiting", latency(r.latencies().waiting()));
        root.set("total", latency(r.latencies().total()));
        ObjectNode statuses = root.putObject("statusCounts");
        for (Map.Entry<Integer, Long> e : new TreeMap<>(r.responses().statusCounts()).entrySet()) {
            statuses.put(String.valueOf(e.getKey()), e.getValue());
        }
        root.put("non2xx3xx", r.responses().non2xx3xx());
        ObjectNode errors = root.putObject("errors");
        boolean http2 = r.config().protocol().version().http2();
        for (Map.Entry<ErrorKind, Long> e : r.responses().errors().asMap(http2).entrySet()) {
            errors.put(e.getKey().label(), e.getValue());
        }
        errors.put("total", r.responses().errors().total());
        if (http2) {
            ObjectNode resets = root.putObject("resets");
            r.responses().resets().forEach(resets::put);
        }
        ArrayNode intervals = root.putArray("intervals");
        for (LoadReport.Interval in : r.recorded().intervals()) {
            intervals
                    .addObject()
                    .put("startSeconds", finite(in.startSeconds()))
                    .put("lengthSeconds", finite(in.lengthSeconds()))
                    .put("requests", in.requests())
                    .put("requestsPerSecond", finite(in.requestsPerSecond()));
        }
        root.put("connectsSucceeded", r.connections().connectsSucceeded());
        root.put("connectionsServed", r.connections().served());
        root.put("abortReason", r.abortReason());
        root.put("latencyHistogram", encode(r.latencies().histogram()));
        root.set("background", background(r.background()));
        if (r.tls() != null) {
            // https:// only, so that a plain run's document keeps its fields.
            ObjectNode tls = root.putObject("tls");
            tls.put(
                    "version",
                    r.tls().version() == null ? null : r.tls().version().label());
            tls.put("handshakes", r.tls().handshakes());
            tls.put("resumed", r.tls().resumed());
            tls.set("handshake", latency(r.tls().handshake()));
        }
        if (r.start() != null) {
            // Agent mode only, so that a plain run's document keeps its fields.
            ObjectNode start = root.putObject("start");
            start.put("startAt", r.start().startAt().toString());
            start.put("skewMillis", r.start().skewMillis());
            start.put("toleranceMillis", LoadConfig.START_TOLERANCE.toMillis());
        }
        return root;
    }

    /**
     * The background connections' figures in one flat object, as they have always been written, or a JSON null
     * when the run held none.
     */
    private static ObjectNode background(BackgroundReport b) {
        if (b == null) {
            return null;
        }
        ObjectNode node = MAPPER.createObjectNode();
        node.put("idleConnections", b.idle().connections());
        node.put("idleOpen", b.idle().open());
        node.put("idleAnswered", b.idle().answered());
        node.put("idleErrorAnswers", b.idle().errorAnswers());
        node.put("idleClosedByServer", b.idle().closedByServer());
        node.put("slowConnections", b.slow().connections());
        node.put("slowOpen", b.slow().open());
        node.put("slowClosedByServer", b.slow().closedByServer());
        node.put("slowAnswered", b.slow().answered());
        node.put("slowBytesSent", b.slow().bytesSent());
        node.put("connectFailures", b.opening().connectFailures());
        node.put("openingSeconds", b.opening().seconds());
        node.put("openedBeforeStart", b.opening().beforeStart());
        node.put("slowIntervalSeconds", b.slow().intervalSeconds());
        return node;
    }

    private static ObjectNode config(LoadConfig c) {
        ObjectNode config = MAPPER.createObjectNode();
        config.put("url", c.uri().toString());
        config.put("connections", c.connections().count());
        config.put("threads", c.connections().threads());
        config.put(
                "durationSeconds",
                c.timeline().duration() == null ? null : seconds(c.timeline().duration()));
        config.put("requests", c.counted() ? c.timeline().requests() : null);
        config.put("warmupSeconds", seconds(c.timeline().warmup()));
        config.put("rampUpSeconds", seconds(c.connections().rampUp()));
        config.put("keepAlive", c.connections().keepAlive());
        config.put("pipeline", c.connections().pipeline());
        config.put("protocol", c.protocol().version().id());
        config.put("streams", c.protocol().streams());
        if (c.protocol().version().http2()) {
            config.put("h2WindowBytes", c.protocol().windowBytes());
        }
        config.put("rate", c.rateMode() ? c.pacing().rate() : null);
        config.put("mode", c.rateMode() ? "open-loop constant rate" : "closed loop");
        config.put("method", c.request().method());
        ArrayNode headers = config.putArray("headers");
        c.request().headers().forEach(headers::add);
        config.put("bodyBytes", c.request().body().length);
        config.put("timeoutSeconds", seconds(c.timeout()));
        config.put("maxTimeSeconds", seconds(c.timeline().maxTime()));
        config.put("idleConnections", c.background().idleConnections());
        config.put("slowConnections", c.background().slowConnections());
        config.put("slowIntervalSeconds", seconds(c.background().slowInterval()));
        if (c.timeline().startAt() != null) {
            config.put("startAt", c.timeline().startAt().toString());
        }
        if (c.tls() != null) {
            ObjectNode tls = config.putObject("tls");
            tls.put("version", c.tls().offeredLabel());
            tls.put("provider", c.tls().provider().id());
            tls.put("resume", c.tls().resume());
            tls.put("insecure", c.tls().insecure());
            tls.put(
                    "trustStore",
                    c.tls().trustStore() == null ? null : c.tls().trustStore().toString());
        }
        return config;
    }

    /** A summary as an object, or a JSON null when the figure does not apply to the run. */
    private static ObjectNode latency(LatencySummary s) {
        if (s == null) {
            return null;
        }
        ObjectNode latency = MAPPER.createObjectNode();
        latency.put("description", s.description());
        latency.put("unit", "us");
        latency.put("count", s.count());
        latency.put("min", s.minMicros());
        latency.put("mean", finite(s.meanMicros()));
        latency.put("stdev", finite(s.stdDevMicros()));
        latency.put("max", s.maxMicros());
        ObjectNode percentiles = latency.putObject("percentiles");
        for (LatencySummary.Percentile p : s.percentiles()) {
            percentiles.put(percentileKey(p.percentile()), p.valueMicros());
        }
        return latency;
    }

    /** {@code 50.0} as {@code "50"}, {@code 99.9} as {@code "99.9"}: the names a reader looks up. */
    static String percentileKey(double percentile) {
        return percentile == Math.rint(percentile) ? String.valueOf((long) percentile) : String.valueOf(percentile);
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /** A histogram in the compressed V2 encoding, base64, as HistogramLogWriter writes it. */
    static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
    }
}

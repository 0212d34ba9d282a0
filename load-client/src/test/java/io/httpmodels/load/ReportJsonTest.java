package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The JSON report, read back with Jackson: every field, in order, and the histogram decoded to the same counts. */
class ReportJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Latencies in microseconds: 1000 fast, 20 slow, one stall. */
    static Histogram histogram() {
        Histogram h = new Histogram(3_600_000_000L, 3);
        h.recordValueWithCount(120, 600);
        h.recordValueWithCount(180, 400);
        h.recordValueWithCount(2_500, 20);
        h.recordValue(750_000);
        return h;
    }

    static LoadReport timedRateReport() {
        Histogram h = histogram();
        Histogram service = new Histogram(3_600_000_000L, 3);
        service.recordValueWithCount(100, 1021);
        LoadConfig config = LoadConfig.builder("http://127.0.0.1:8080/plaintext?x=1")
                .connections(8)
                .threads(2)
                .duration(Duration.ofMillis(1500))
                .warmup(Duration.ofMillis(250))
                .rampUp(Duration.ofSeconds(1))
                .pipeline(4)
                .rate(1000.5)
                .method("post")
                .header("X-A: 1")
                .header("X-Quote: \"q\" \\ \u0001")
                .body(new byte[7])
                .timeout(Duration.ofMillis(1500))
                .maxTime(Duration.ofSeconds(20))
                .build();
        return LoadReport.builder(config)
                .startedAt(Instant.parse("2026-11-30T12:00:00.5Z"))
                .recorded(1.5, 1021, 123_456)
                .latency(LatencySummary.of("latency", "from the intended send time", h))
                .uncorrected(LatencySummary.of("uncorrected", "from the actual write", service))
                .statusCounts(Map.of(200, 1011L, 404, 7L, 503, 3L))
                .errors(new ErrorCounts(1, 2, 6, 3, 4, 10, 5, 7))
                .intervals(List.of(new LoadReport.Interval(0, 1, 700), new LoadReport.Interval(1, 0.5, 321)))
                .connections(9, 7)
                .abortReason("stopped")
                .histogram(h)
                .build();
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void everyFieldIsWrittenInOrderWithItsValue() throws Exception {
        String rendered = ReportJson.render(timedRateReport());
        assertTrue(
                rendered.startsWith("{\n  \"schemaVersion\": 1,\n  \"tool\": \"httpmodels load-client\",\n"), rendered);
        assertTrue(rendered.endsWith("\n}\n"), rendered);
        JsonNode json = MAPPER.readTree(rendered);
        assertEquals(
                List.of(
                        "schemaVersion",
                        "tool",
                        "config",
                        "startedAt",
                        "durationSeconds",
                        "requests",
                        "bytesRead",
                        "requestsPerSecond",
                        "bytesPerSecond",
                        "latency",
                        "corrected",
                        "uncorrected",
                        "connect",
                        "waiting",
                        "total",
                        "statusCounts",
                        "non2xx3xx",
                        "errors",
                        "intervals",
                        "connectsSucceeded",
                        "connectionsServed",
                        "abortReason",
                        "latencyHistogram",
                        "background"),
                names(json));
        assertEquals(1, json.get("schemaVersion").intValue());
        assertEquals("httpmodels load-client", json.get("tool").textValue());
        assertEquals("2026-11-30T12:00:00.500Z", json.get("startedAt").textValue());
        assertEquals(1.5, json.get("durationSeconds").doubleValue());
        assertEquals(1021, json.get("requests").longValue());
        assertEquals(123_456, json.get("bytesRead").longValue());
        assertEquals(1021 / 1.5, json.get("requestsPerSecond").doubleValue());
        assertEquals(123_456 / 1.5, json.get("bytesPerSecond").doubleValue());
        assertTrue(json.get("corrected").isNull());
        assertTrue(json.get("connect").isNull());
        assertTrue(json.get("waiting").isNull());
        assertTrue(json.get("total").isNull());
        assertEquals(
                "{\"200\":1011,\"404\":7,\"503\":3}", json.get("statusCounts").toString());
        assertEquals(10, json.get("non2xx3xx").longValue());
        assertEquals(
                "{\"connect\":1,\"read\":2,\"closed\":6,\"write\":3,\"timeout\":4,\"status\":10,\"malformed\":5,\"tls\":7,\"total\":38}",
                json.get("errors").toString());
        assertEquals(
                "[{\"startSeconds\":0.0,\"lengthSeconds\":1.0,\"requests\":700,\"requestsPerSecond\":700.0},"
                        + "{\"startSeconds\":1.0,\"lengthSeconds\":0.5,\"requests\":321,\"requestsPerSecond\":642.0}]",
                json.get("intervals").toString());
        assertEquals(9, json.get("connectsSucceeded").longValue());
        assertEquals(7, json.get("connectionsServed").intValue());
        assertEquals("stopped", json.get("abortReason").textValue());
    }

    @Test
    void theConfigSaysWhatWasRun() throws Exception {
        JsonNode config = MAPPER.readTree(ReportJson.render(timedRateReport())).get("config");
        assertEquals(
                List.of(
                        "url",
                        "connections",
                        "threads",
                        "durationSeconds",
                        "requests",
                        "warmupSeconds",
                        "rampUpSeconds",
                        "keepAlive",
                        "pipeline",
                        "protocol",
                        "streams",
                        "rate",
                        "mode",
                        "method",
                        "headers",
                        "bodyBytes",
                        "timeoutSeconds",
                        "maxTimeSeconds",
                        "idleConnections",
                        "slowConnections",
                        "slowIntervalSeconds"),
                names(config));
        assertEquals("http://127.0.0.1:8080/plaintext?x=1", config.get("url").textValue());
        assertEquals(8, config.get("connections").intValue());
        assertEquals(2, config.get("threads").intValue());
        assertEquals(1.5, config.get("durationSeconds").doubleValue());
        assertTrue(config.get("requests").isNull(), "a timed run has no request count");
        assertEquals(0.25, config.get("warmupSeconds").doubleValue());
        assertEquals(1.0, config.get("rampUpSeconds").doubleValue());
        assertTrue(config.get("keepAlive").booleanValue());
        assertEquals(4, config.get("pipeline").intValue());
        assertEquals(1000.5, config.get("rate").doubleValue());
        assertEquals("open-loop constant rate", config.get("mode").textValue());
        assertEquals("POST", config.get("method").textValue());
        assertEquals(
                "[\"X-A: 1\",\"X-Quote: \\\"q\\\" \\\\ \\u0001\"]",
                config.get("headers").toString());
        assertEquals("X-Quote: \"q\" \\ \u0001", config.get("headers").get(1).textValue());
        assertEquals(7, config.get("bodyBytes").intValue());
        assertEquals(1.5, config.get("timeoutSeconds").doubleValue());
        assertEquals(20.0, config.get("maxTimeSeconds").doubleValue());
    }

    @Test
    void aCountedClosedLoopRunHasNoDurationAndNoRate() throws Exception {
        LoadConfig counted = LoadConfig.builder("http://h/").requests(500).build();
        LoadReport r = timedRateReport();
        LoadReport report = new LoadReport(
                counted,
                r.startedAt(),
                new LoadReport.Recorded(Double.NaN, 0, 0, List.of()),
                new LoadReport.Latencies(
                        r.latencies().latency(),
                        r.latencies().latency(),
                        null,
                        null,
                        null,
                        null,
                        r.latencies().histogram()),
                new LoadReport.Responses(Map.of(), ErrorCounts.NONE),
                new LoadReport.Connections(0, 0),
                null,
                null,
                null,
                null);
        JsonNode json = MAPPER.readTree(ReportJson.render(report));
        JsonNode config = json.get("config");
        assertTrue(config.get("durationSeconds").isNull());
        assertEquals(500, config.get("requests").longValue());
        assertTrue(config.get("rate").isNull());
        assertEquals("closed loop", config.get("mode").textValue());
        assertEquals("GET", config.get("method").textValue());
        assertEquals("[]", config.get("headers").toString());
        assertEquals(0, config.get("bodyBytes").intValue());
        assertEquals(0.0, config.get("warmupSeconds").doubleValue());
        assertEquals(600.0, config.get("maxTimeSeconds").doubleValue());
        assertTrue(json.get("durationSeconds").isNull(), "not a number: null");
        assertEquals(0.0, json.get("requestsPerSecond").doubleValue(), "a rate over no time: 0");
        assertEquals(0.0, json.get("bytesPerSecond").doubleValue(), "a rate over no time: 0");
        assertEquals(1021, json.get("corrected").get("count").longValue(), "closed loop: the corrected figure");
        assertEquals("{}", json.get("statusCounts").toString());
        assertEquals(0, json.get("errors").get("total").longValue());
        assertEquals("[]", json.get("intervals").toString());
        assertTrue(json.get("abortReason").isNull());
    }

    @Test
    void theBackgroundFiguresStayOneFlatObject() throws Exception {
        BackgroundReport held = new BackgroundReport(
                new BackgroundReport.IdleCounts(100, 98, 97, 1, 2),
                new BackgroundReport.SlowCounts(20, 19, 3, 2, 4_096, 0.5),
                new BackgroundReport.Opening(5, 1.5, true));
        JsonNode background = MAPPER.readTree(
                        ReportJson.render(timedRateReport().withBackground(held)))
                .get("background");
        assertEquals(
                List.of(
                        "idleConnections",
                        "idleOpen",
                        "idleAnswered",
                        "idleErrorAnswers",
                        "idleClosedByServer",
                        "slowConnections",
                        "slowOpen",
                        "slowClosedByServer",
                        "slowAnswered",
                        "slowBytesSent",
                        "connectFailures",
                        "openingSeconds",
                        "openedBeforeStart",
                        "slowIntervalSeconds"),
                names(background));
        assertEquals(97, background.get("idleAnswered").intValue());
        assertEquals(4_096, background.get("slowBytesSent").longValue());
        assertEquals(1.5, background.get("openingSeconds").doubleValue());
        assertTrue(background.get("openedBeforeStart").booleanValue());
        assertEquals(0.5, background.get("slowIntervalSeconds").doubleValue());
    }

    @Test
    void latenciesAreInMicrosecondsWithTheirPercentiles() throws Exception {
        LoadReport report = timedRateReport();
        JsonNode latency = MAPPER.readTree(ReportJson.render(report)).get("latency");
        assertEquals(
                List.of("description", "unit", "count", "min", "mean", "stdev", "max", "percentiles"), names(latency));
        assertEquals("from the intended send time", latency.get("description").textValue());
        assertEquals("us", latency.get("unit").textValue());
        Histogram h = histogram();
        assertEquals(1021, latency.get("count").longValue());
        assertEquals(h.getMinValue(), latency.get("min").longValue());
        assertEquals(120, latency.get("min").longValue());
        assertEquals(h.getMean(), latency.get("mean").doubleValue());
        assertEquals(h.getStdDeviation(), latency.get("stdev").doubleValue());
        assertEquals(h.getMaxValue(), latency.get("max").longValue());
        JsonNode percentiles = latency.get("percentiles");
        assertEquals(List.of("50", "75", "90", "99", "99.9", "99.99", "100"), names(percentiles));
        assertEquals(h.getValueAtPercentile(50), percentiles.get("50").longValue());
        assertEquals(120, h.lowestEquivalentValue(percentiles.get("50").longValue()));
        assertEquals(h.getValueAtPercentile(99), percentiles.get("99").longValue());
        assertEquals(h.getValueAtPercentile(99.99), percentiles.get("99.99").longValue());
        assertEquals(h.getMaxValue(), percentiles.get("100").longValue());
        JsonNode service = MAPPER.readTree(ReportJson.render(report)).get("uncorrected");
        assertEquals("from the actual write", service.get("description").textValue());
        assertEquals(1021, service.get("count").longValue());
    }

    @Test
    void theHistogramDecodesToTheSameCounts() throws Exception {
        JsonNode json = MAPPER.readTree(ReportJson.render(timedRateReport()));
        byte[] encoded = Base64.getDecoder().decode(json.get("latencyHistogram").textValue());
        Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0);
        Histogram original = histogram();
        assertEquals(original.getTotalCount(), decoded.getTotalCount());
        Iterator<HistogramIterationValue> expected = original.recordedValues().iterator();
        for (HistogramIterationValue value : decoded.recordedValues()) {
            HistogramIterationValue want = expected.next();
            assertEquals(want.getValueIteratedTo(), value.getValueIteratedTo());
            assertEquals(want.getCountAtValueIteratedTo(), value.getCountAtValueIteratedTo());
        }
        assertTrue(!expected.hasNext());
        assertEquals(600, decoded.getCountAtValue(120));
        assertEquals(1, decoded.getCountAtValue(750_000));
    }

    @Test
    void percentileKeysAreWrittenAsReadersLookThemUp() {
        assertEquals("50", ReportJson.percentileKey(50.0));
        assertEquals("99.9", ReportJson.percentileKey(99.9));
        assertEquals("100", ReportJson.percentileKey(100.0));
    }
}

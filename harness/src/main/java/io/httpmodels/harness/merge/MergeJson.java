package io.httpmodels.harness.merge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.httpmodels.harness.Version;
import org.HdrHistogram.Histogram;

import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * {@code merge --json}: the total and every agent's figures, with timelines aligned on one origin and the total
 * histogram (compressed, base64, as HdrHistogram's logs hold it) for further exact merging. Stateless.
 */
final class MergeJson {

    /** Version of this document; bumped on any incompatible change. */
    static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private MergeJson() {}

    static String render(MergedRun run) {
        MergedLatency kind = MergedLatency.of(run);
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("tool", "httpmodels merge " + Version.get());
        root.put("histogramSettings", run.settings());
        root.put("timelineStart", Instant.ofEpochMilli(run.originMillis()).toString());
        root.put("windowSeconds", run.windowSeconds());
        ObjectNode total = root.putObject("total");
        figures(total, run.total(), run.requestsPerSecond(), kind, run.timeline());
        total.put("errors", run.errors());
        ArrayNode agents = root.putArray("agents");
        for (MergedRun.Agent a : run.agents()) {
            ObjectNode agent = agents.addObject();
            AgentJson json = a.log().json();
            agent.put("name", a.name());
            agent.put("hlog", a.log().file().toString());
            agent.put("json", json == null ? null : json.file().toString());
            agent.put("startOffsetMillis", a.startOffsetMillis());
            agent.put("startSkewMillis", json == null ? null : json.startSkewMillis());
            figures(agent, a.histogram(), a.requestsPerSecond(), kind, a.timeline());
            if (json != null && json.errors() != null) {
                ObjectNode errors = agent.putObject("errors");
                for (Map.Entry<String, Long> e : json.errors().entrySet()) {
                    errors.put(e.getKey(), e.getValue());
                }
            } else {
                agent.putNull("errors");
            }
        }
        root.put("latencyHistogram", encode(run.total()));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void figures(
            ObjectNode node, Histogram h, double requestsPerSecond, MergedLatency kind, List<Double> timeline) {
        node.put("requests", h.getTotalCount());
        node.put("requestsPerSecond", requestsPerSecond);
        node.set("latency", MAPPER.valueToTree(kind.latency(h)));
        ArrayNode line = node.putArray("timeline");
        timeline.forEach(line::add);
    }

    private static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), n));
    }
}

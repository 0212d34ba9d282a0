package io.httpmodels.harness.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a merge takes from an agent's JSON report (the load client's {@code --json}), when one lies beside its
 * interval log: the figures an interval log does not carry. Every field may be null: an older or foreign file
 * simply says less.
 *
 * @param file               the JSON file
 * @param tag                the agent's tag ({@code agent.tag})
 * @param config             how it loaded its target
 * @param requests           responses it recorded
 * @param latencyDescription what its primary latency measured, in its own words
 * @param errors             errors by kind, with {@code total}, in its order
 * @param startSkewMillis    how late it began recording after its start time, as it measured
 */
public record AgentJson(
        Path file,
        String tag,
        Config config,
        Long requests,
        String latencyDescription,
        Map<String, Long> errors,
        Double startSkewMillis) {

    /**
     * How an agent loaded its target, from its report's {@code config}; every field null when the file does not say.
     *
     * @param url            the target it loaded
     * @param connections    its connections
     * @param rate           its own rate (requests/s), null in closed loop
     * @param keepAlive      whether it kept connections alive
     * @param pipeline       its pipeline depth
     * @param warmupSeconds  its warm-up
     * @param timeoutSeconds its request timeout
     * @param threads        its event-loop threads
     */
    public record Config(
            String url,
            Integer connections,
            Double rate,
            Boolean keepAlive,
            Integer pipeline,
            Double warmupSeconds,
            Double timeoutSeconds,
            Integer threads) {}

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The JSON beside a log: {@code agent-0.hlog} → {@code agent-0.json}. */
    public static Path besideLog(Path hlog) {
        String name = hlog.getFileName().toString();
        String stem = name.endsWith(".hlog") ? name.substring(0, name.length() - ".hlog".length()) : name;
        return hlog.resolveSibling(stem + ".json");
    }

    /** Reads the JSON beside {@code hlog}, or returns null when there is none. */
    public static AgentJson readBeside(Path hlog) throws MergeException {
        Path file = besideLog(hlog);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new MergeException(file + ": not the load client's JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject() || !root.has("schemaVersion")) {
            throw new MergeException(file + ": not the load client's JSON (no schemaVersion)");
        }
        JsonNode config = root.path("config");
        Map<String, Long> errors = null;
        if (root.path("errors").isObject()) {
            errors = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : root.get("errors").properties()) {
                errors.put(e.getKey(), e.getValue().asLong());
            }
        }
        return new AgentJson(
                file,
                text(root.path("agent").path("tag")),
                new Config(
                        text(config.path("url")),
                        integer(config.path("connections")),
                        number(config.path("rate")),
                        config.path("keepAlive").isBoolean()
                                ? config.get("keepAlive").asBoolean()
                                : null,
                        integer(config.path("pipeline")),
                        number(config.path("warmupSeconds")),
                        number(config.path("timeoutSeconds")),
                        integer(config.path("threads"))),
                root.path("requests").isNumber() ? root.get("requests").asLong() : null,
                text(root.path("latency").path("description")),
                errors,
                number(root.path("start").path("skewMillis")));
    }

    /** Errors of every kind, or null when the file does not say. */
    public Long errorTotal() {
        return errors == null ? null : errors.get("total");
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }

    private static Integer integer(JsonNode node) {
        return node.isNumber() ? node.asInt() : null;
    }

    private static Double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : null;
    }
}

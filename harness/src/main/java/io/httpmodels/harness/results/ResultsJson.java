package io.httpmodels.harness.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The one mapping between {@link Results} and {@code results.json}: the harness writes and reads it only
 * through here. Instants are ISO-8601 strings, latencies microseconds, {@code schemaVersion} first.
 */
public final class ResultsJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ResultsJson() {}

    /**
     * A copy of the mapper results.json is written with, for other files made of the same records (the history's
     * runs): instants, labels and indentation alike. Configuring the copy leaves results.json unchanged.
     */
    public static ObjectMapper mapper() {
        return MAPPER.copy();
    }

    /**
     * The results as JSON text, in this harness's shape and so with its {@link Results#SCHEMA_VERSION}, whatever
     * version they were read from.
     */
    public static String toJson(Results results) {
        try {
            ObjectNode tree = MAPPER.valueToTree(results);
            tree.put("schemaVersion", Results.SCHEMA_VERSION);
            return MAPPER.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses JSON text written by {@link #toJson}. */
    public static Results fromJson(String json) throws IOException {
        JsonNode tree = MAPPER.readTree(json);
        if (tree == null || !tree.isObject() || !tree.has("schemaVersion")) {
            throw new IOException("not a results file: no schemaVersion");
        }
        int version = tree.get("schemaVersion").asInt();
        if (version < Results.OLDEST_READABLE_VERSION || version > Results.SCHEMA_VERSION) {
            throw new IOException("results schema version " + version + " is not supported (this harness reads "
                    + Results.OLDEST_READABLE_VERSION + " to " + Results.SCHEMA_VERSION + ")");
        }
        return MAPPER.treeToValue(tree, Results.class);
    }

    /** Writes results.json whole or not at all. */
    public static void write(Results results, Path file) throws IOException {
        AtomicFiles.write(file, toJson(results));
    }

    /**
     * Reads a results file.
     *
     * @throws IOException with a message naming the file when it is missing, unreadable or not results
     */
    public static Results read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new IOException("no such file: " + file, e);
        }
        try {
            return fromJson(text);
        } catch (IOException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }
}

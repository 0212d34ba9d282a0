package io.httpmodels.harness.conformance;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The kits' records and the matrix in JSON: collects {@code <module>/target/conformance/*.json} under a project
 * root, and reads and writes {@code conformance.json}.
 */
public final class ConformanceJson {

    /** Where a module's kits write their records, relative to the module. */
    public static final Path RECORDS = Path.of("target", "conformance");

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private ConformanceJson() {}

    /** What {@link #collect} found: the records, and the newest one's time. */
    public record Collected(List<RecordedKit> records, FileTime newest) {}

    /**
     * Every kit record under {@code root}: the {@code *.json} files in each {@code <root>/<module>/target/conformance}.
     *
     * @throws ConformanceException when there is none, or one is not a kit record of {@link RecordedKit#SCHEMA}
     */
    public static Collected collect(Path root) throws ConformanceException, IOException {
        if (!Files.isDirectory(root)) {
            throw new ConformanceException("not a directory: " + root);
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> modules = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path module : modules) {
                Path dir = module.resolve(RECORDS);
                if (Files.isDirectory(dir)) {
                    try (DirectoryStream<Path> json = Files.newDirectoryStream(dir, "*.json")) {
                        json.forEach(files::add);
                    }
                }
            }
        }
        if (files.isEmpty()) {
            throw new ConformanceException("no kit records in " + root + "/*/" + RECORDS
                    + ": run the kits first (scripts/conformance.sh, or mvn verify -Pslow)");
        }
        files.sort(null);
        List<RecordedKit> records = new ArrayList<>();
        FileTime newest = FileTime.fromMillis(0);
        for (Path file : files) {
            records.add(readRecord(file));
            FileTime modified = Files.getLastModifiedTime(file);
            newest = modified.compareTo(newest) > 0 ? modified : newest;
        }
        return new Collected(records, newest);
    }

    /** One kit record, checked to be of {@link RecordedKit#SCHEMA}. */
    static RecordedKit readRecord(Path file) throws ConformanceException, IOException {
        RecordedKit record;
        try {
            record = MAPPER.readValue(file.toFile(), RecordedKit.class);
        } catch (JacksonException e) {
            throw new ConformanceException(file + " is not a kit record: " + e.getOriginalMessage(), e);
        }
        if (record == null || !RecordedKit.SCHEMA.equals(record.schema())) {
            throw new ConformanceException(file + " is not a kit record of schema " + RecordedKit.SCHEMA + " (schema "
                    + (record == null ? null : record.schema()) + ")");
        }
        if (record.model() == null || record.kitContract() == null) {
            throw new ConformanceException(file + " names no model or kit");
        }
        return record;
    }

    /** The matrix as JSON. */
    public static String toJson(ConformanceMatrix matrix) {
        try {
            return MAPPER.writeValueAsString(matrix) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("a matrix is always serialisable", e);
        }
    }

    /**
     * A matrix read from {@code in}.
     *
     * @throws ConformanceException when it is not a matrix of {@link ConformanceMatrix#SCHEMA_VERSION}
     */
    public static ConformanceMatrix read(InputStream in) throws ConformanceException, IOException {
        ConformanceMatrix matrix;
        try {
            matrix = MAPPER.readValue(in, ConformanceMatrix.class);
        } catch (JacksonException e) {
            throw new ConformanceException("not a conformance matrix: " + e.getOriginalMessage(), e);
        }
        if (matrix == null || matrix.schemaVersion() != ConformanceMatrix.SCHEMA_VERSION) {
            throw new ConformanceException(
                    "not a conformance matrix of schemaVersion " + ConformanceMatrix.SCHEMA_VERSION);
        }
        return matrix;
    }
}

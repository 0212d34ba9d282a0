package io.httpmodels.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;

/**
 * Every case one kit class ran for one model, with its outcome: {@code target/conformance/<model>.<kit>.json}, which
 * {@code httpmodels conformance} collects into the matrix. The harness reads the same fields; {@link #SCHEMA} names
 * their version.
 *
 * @param schema {@link #SCHEMA}
 * @param model the model's label ({@code netty (epoll)})
 * @param kit the kit class that ran, by simple name ({@code VertxConformanceTest})
 * @param kitContract the kit contract it extends ({@code ConformanceKit})
 * @param speaks the protocol the kit's cases speak ({@link KitCoverage#speaks()}, by {@link HttpProtocol#id()}:
 *     {@code http/1.1}, {@code h2c})
 * @param protocols the protocols the model declares ({@link HttpServerModel#protocols()}, by id, in the enum's order),
 *     or null for a model this JVM does not know (a peer such as nginx, or one the kit class left out)
 * @param cases every case, ordered by test and case
 */
public record KitRecord(
        String schema,
        String model,
        String kit,
        String kitContract,
        String speaks,
        List<String> protocols,
        List<CaseRecord> cases) {

    /** The schema of the records, which the harness checks. */
    public static final String SCHEMA = "httpmodels-kit-record/1";

    private static final ObjectMapper MAPPER =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    public KitRecord {
        protocols = protocols == null ? null : List.copyOf(protocols);
        cases = cases.stream()
                .sorted(Comparator.comparing(CaseRecord::test).thenComparing(CaseRecord::caseName))
                .toList();
    }

    /** Writes this record to {@code file} whole: to a temporary file beside it, then moved over it. */
    void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            MAPPER.writeValue(tmp.toFile(), this);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Reads a record written by {@link #write}. */
    static KitRecord read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), KitRecord.class);
    }
}

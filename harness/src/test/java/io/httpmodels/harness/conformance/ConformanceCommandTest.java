package io.httpmodels.harness.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code httpmodels conformance}: the records of every module into one matrix, or a clear refusal. */
class ConformanceCommandTest {

    /** A record exactly as server-api's KitRecord writes it, nulls included. */
    private static final String VERTX_RECORD = """
            {
              "schema" : "httpmodels-kit-record/1",
              "model" : "vertx",
              "kit" : "VertxConformanceTest",
              "kitContract" : "ConformanceKit",
              "cases" : [ {
                "test" : "badInputGetsItsStatusAndTheConnectionCloses",
                "caseName" : "Content-Length and Transfer-Encoding (smuggling)",
                "outcome" : "DEVIATION",
                "instead" : "answers 400 without a Connection: close field",
                "rule" : "RFC 9112 §9.6",
                "words" : "The server SHOULD send a \\"close\\" connection option",
                "concern" : "request smuggling",
                "failure" : "expected: <close> but was: <null>"
              }, {
                "test" : "jsonAnswersTheSerialisedMessage",
                "caseName" : "",
                "outcome" : "PASSED",
                "instead" : null,
                "rule" : null,
                "words" : null,
                "concern" : null,
                "failure" : null
              } ]
            }
            """;

    private static final String NETTY_RECORD = """
            {"schema": "httpmodels-kit-record/1", "model": "netty (epoll)", "kit": "NettyConformanceTest",
             "kitContract": "ConformanceKit", "cases": [
              {"test": "jsonAnswersTheSerialisedMessage", "caseName": "", "outcome": "PASSED"}]}
            """;

    private static void record(Path root, String module, String file, String json) throws IOException {
        Path dir = root.resolve(module).resolve("target").resolve("conformance");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(file), json);
    }

    @Test
    void theRecordsOfEveryModuleBecomeOneMatrixInJsonAndMarkdown(@TempDir Path root) throws Exception {
        record(root, "servers-vertx", "vertx.VertxConformanceTest.json", VERTX_RECORD);
        record(root, "servers-netty", "netty-epoll.NettyConformanceTest.json", NETTY_RECORD);
        // The deviations-only TSV beside them is not a record.
        record(root, "servers-vertx", "vertx.VertxConformanceTest.tsv", "model\tkit\n");
        Path out = root.resolve("docs").resolve("conformance");

        CliRun run = CliRun.of("conformance", "--from", root.toString(), "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("2 models, 1 kits (ConformanceKit), 2 rules."), run.out());
        assertTrue(run.out().contains("1 security-relevant deviations"), run.out());
        ConformanceMatrix matrix;
        try (InputStream in = Files.newInputStream(out.resolve("conformance.json"))) {
            matrix = ConformanceJson.read(in);
        }
        assertEquals(java.util.List.of("netty (epoll)", "vertx"), matrix.models());
        assertEquals("request smuggling", matrix.security().get(0).concern());
        String md = Files.readString(out.resolve("conformance.md"));
        assertTrue(md.contains("| vertx | 1 / 1 / 0 of 2 |"), md);
        assertTrue(md.contains("| jsonAnswersTheSerialisedMessage | pass | pass |"), md);
    }

    @Test
    void noRecordsIsAUsageErrorAndWritesNothing(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("servers-bio").resolve("target"));
        Path out = root.resolve("out");

        CliRun run = CliRun.of("conformance", "--from", root.toString(), "--out", out.toString());

        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("no kit records in " + root), run.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void aRecordOfAnotherSchemaIsAUsageErrorAndWritesNothing(@TempDir Path root) throws Exception {
        record(root, "servers-vertx", "vertx.VertxConformanceTest.json", VERTX_RECORD);
        record(root, "servers-tio", "tio.TioConformanceTest.json", VERTX_RECORD.replace("record/1", "record/0"));
        Path out = Files.createDirectories(root.resolve("out"));

        CliRun run = CliRun.of("conformance", "--from", root.toString(), "--out", out.toString());

        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("tio.TioConformanceTest.json is not a kit record of schema"), run.err());
        try (var files = Files.list(out)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aFileThatIsNotJsonIsAUsageError(@TempDir Path root) throws Exception {
        record(root, "servers-vertx", "vertx.VertxConformanceTest.json", "model\tkit\n");

        CliRun run = CliRun.of(
                "conformance",
                "--from",
                root.toString(),
                "--out",
                root.resolve("out").toString());

        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("is not a kit record"), run.err());
    }

    @Test
    void bothOptionsAreRequired() {
        CliRun run = CliRun.of("conformance", "--from", ".");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--out"), run.err());
    }
}

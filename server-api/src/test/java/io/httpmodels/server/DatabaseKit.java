package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.db.DatabaseAnswers;
import io.httpmodels.server.db.DatabaseAnswers.Verdict;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * The database kit: TechEmpower's rules for {@code /db}, {@code /queries}, {@code /fortunes} and {@code /updates},
 * checked on every model against one real PostgreSQL ({@link TestDatabase}), the answers compared with what the
 * database holds. A module runs it by extending this class and listing its models; it is skipped without PostgreSQL
 * outside CI. The last case stops the database under a running model and starts it again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(120)
public abstract class DatabaseKit {

    /** TechEmpower's fortunes page for its 12 rows and the one added at request time, written out by hand. */
    public static final String FORTUNES_PAGE = "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
            + "<tr><th>id</th><th>message</th></tr>"
            + "<tr><td>11</td><td>&lt;script&gt;alert(&quot;This should not be displayed in a browser alert box."
            + "&quot;);&lt;/script&gt;</td></tr>"
            + "<tr><td>4</td><td>A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1</td></tr>"
            + "<tr><td>5</td><td>A computer program does what you tell it to do, not what you want it to do.</td></tr>"
            + "<tr><td>2</td><td>A computer scientist is someone who fixes things that aren&#39;t broken.</td></tr>"
            + "<tr><td>8</td><td>A list is only as strong as its weakest link. — Donald Knuth</td></tr>"
            + "<tr><td>0</td><td>Additional fortune added at request time.</td></tr>"
            + "<tr><td>3</td><td>After enough decimal places, nobody gives a damn.</td></tr>"
            + "<tr><td>7</td><td>Any program that runs right is obsolete.</td></tr>"
            + "<tr><td>10</td><td>Computers make very fast, very accurate mistakes.</td></tr>"
            + "<tr><td>6</td><td>Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen</td></tr>"
            + "<tr><td>9</td><td>Feature: A bug with seniority.</td></tr>"
            + "<tr><td>1</td><td>fortune: No such file or directory</td></tr>"
            + "<tr><td>12</td><td>フレームワークのベンチマーク</td></tr>"
            + "</table></body></html>";

    private static final Duration REQUEST_BOUND = Duration.ofSeconds(30);

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private TestDatabase database;

    /** The models under test. */
    protected abstract Stream<ModelUnderTest> models();

    /** The models the database is stopped under: {@link #models()} unless a module picks fewer. */
    protected Stream<ModelUnderTest> outageModels() {
        return models();
    }

    @BeforeAll
    void startTheDatabase() throws IOException, InterruptedException {
        database = TestDatabase.startOrSkip();
    }

    @AfterAll
    void stopTheDatabase() {
        if (database != null) {
            database.close();
        }
        client.close();
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void everyRouteAnswersByTechEmpowersRulesWhatTheDatabaseHolds(ModelUnderTest model) throws Exception {
        try (RunningServer server = start(model, true)) {
            // Nothing renumbers a row until the updates below: one snapshot holds for /db, /queries and /fortunes.
            DatabaseAnswers stored = snapshot();
            assertEquals(FORTUNES_PAGE, new String(stored.fortunesPage(), StandardCharsets.UTF_8), "the fortune table");
            for (int i = 0; i < 5; i++) {
                assertCorrect(stored, server, "/db");
            }
            for (String query : List.of(
                    "",
                    "?queries=",
                    "?queries=abc",
                    "?queries=0",
                    "?queries=-3",
                    "?queries=7",
                    "?queries=501",
                    "?queries=99999999999999999999")) {
                assertCorrect(stored, server, "/queries" + query);
            }
            assertCorrect(stored, server, "/fortunes");
            for (String query : List.of("?queries=5", "?queries=junk", "?queries=20")) {
                Verdict written = assertCorrect(stored, server, "/updates" + query);
                String notStored = snapshot().firstNotStored(written.rows());
                assertNull(notStored, "/updates" + query + " wrote what it answered");
            }
            HttpResponse<String> head = send(
                    server,
                    HttpRequest.newBuilder(uri(server, "/db")).method("HEAD", HttpRequest.BodyPublishers.noBody()));
            assertEquals(200, head.statusCode(), "HEAD /db");
            assertEquals("", head.body(), "HEAD /db has no body");
        }
    }

    @Order(2)
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void concurrentUpdatesOfTheSameRowsNeitherDeadlockNorFail(ModelUnderTest model) throws Exception {
        // A model that serves a connection at a time (single-thread) or a few (fixed-pool) holds each until it idles:
        // a short idle timeout frees the client's connections for the next, so every model answers all 16.
        ServerConfig config =
                ServerConfig.defaults().withDatabase(database.settings()).withIdleTimeout(Duration.ofMillis(250));
        DatabaseAnswers stored = snapshot();
        try (RunningServer server = model.model().start(model.configure().apply(config))) {
            // 16 requests at once, each renumbering 20 of 10,000 rows: some rows are shared between them (about 5
            // pairs).
            // Each round on a client of its own: its connections are new, never one the server is closing as idle
            // just as a reused one would be sent on.
            for (int round = 0; round < 2; round++) {
                try (HttpClient fresh = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(10))
                        .build()) {
                    List<CompletableFuture<HttpResponse<byte[]>>> answers = new ArrayList<>();
                    for (int i = 0; i < 16; i++) {
                        answers.add(fresh.sendAsync(
                                HttpRequest.newBuilder(uri(server, "/updates?queries=20"))
                                        .timeout(REQUEST_BOUND)
                                        .build(),
                                HttpResponse.BodyHandlers.ofByteArray()));
                    }
                    for (CompletableFuture<HttpResponse<byte[]>> answer : answers) {
                        assertCorrect(stored, "/updates?queries=20", answer.get());
                    }
                }
            }
        }
    }

    @Order(3)
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void withoutADatabaseItsRoutesAnswer503AndTheOthersServe(ModelUnderTest model) throws Exception {
        try (RunningServer server = start(model, false)) {
            for (String route : List.of("/db", "/queries?queries=2", "/fortunes", "/updates")) {
                HttpResponse<String> response = get(server, route);
                assertEquals(503, response.statusCode(), route + ": " + response.body());
            }
            assertEquals(200, get(server, "/plaintext").statusCode());
        }
    }

    /**
     * The database stops under a serving model: each query then waits at most the pool's bound for a connection
     * ({@link io.httpmodels.server.db.JdbcWorldStore#CONNECTION_WAIT}) and is answered 5xx, the other routes serve
     * meanwhile, and once the database is back the model serves it again without a restart. About 10 s a model (the
     * wait, the database's stop and start): tagged slow.
     */
    @Order(4)
    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("outageModels")
    void aDatabaseThatGoesAwayIsAnswered5xxAndServedAgainWhenItReturns(ModelUnderTest model) throws Exception {
        try (RunningServer server = start(model, true)) {
            assertCorrect(snapshot(), server, "/db");
            database.stop();
            try {
                HttpResponse<String> down = get(server, "/updates?queries=3");
                assertTrue(
                        down.statusCode() >= 500,
                        "/updates with the database down: " + down.statusCode() + " " + down.body());
                assertEquals(200, get(server, "/plaintext").statusCode(), "the routes without a database serve");
            } finally {
                database.restart();
            }
            // The pool reconnects as requests ask: within its wait for a connection, bounded.
            long deadline = System.nanoTime() + REQUEST_BOUND.toNanos();
            HttpResponse<String> again;
            do {
                again = get(server, "/db");
            } while (again.statusCode() != 200 && System.nanoTime() < deadline);
            assertEquals(200, again.statusCode(), "/db once the database is back: " + again.body());
            assertCorrect(snapshot(), server, "/db");
        }
    }

    private RunningServer start(ModelUnderTest model, boolean withDatabase) throws IOException {
        ServerConfig config = ServerConfig.defaults();
        if (withDatabase) {
            config = config.withDatabase(database.settings());
        }
        return model.model().start(model.configure().apply(config));
    }

    private HttpResponse<String> get(RunningServer server, String route) throws IOException, InterruptedException {
        return send(server, HttpRequest.newBuilder(uri(server, route)));
    }

    private HttpResponse<String> send(RunningServer server, HttpRequest.Builder request)
            throws IOException, InterruptedException {
        return client.send(
                request.timeout(REQUEST_BOUND).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static URI uri(RunningServer server, String route) {
        return URI.create("http://127.0.0.1:" + server.port() + route);
    }

    private DatabaseAnswers snapshot() throws SQLException {
        try (Connection connection = database.connect()) {
            return DatabaseAnswers.read(connection);
        }
    }

    // The answer to GET route held to the one definition of a correct one (DatabaseAnswers), against stored.
    private Verdict assertCorrect(DatabaseAnswers stored, RunningServer server, String route)
            throws IOException, InterruptedException {
        return assertCorrect(
                stored,
                route,
                client.send(
                        HttpRequest.newBuilder(uri(server, route))
                                .timeout(REQUEST_BOUND)
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray()));
    }

    private static Verdict assertCorrect(DatabaseAnswers stored, String route, HttpResponse<byte[]> answer) {
        Verdict verdict = stored.check(
                route,
                answer.statusCode(),
                answer.headers().firstValue("Content-Type").orElse(null),
                answer.body());
        assertTrue(verdict.correct(), route + ": " + verdict);
        return verdict;
    }
}

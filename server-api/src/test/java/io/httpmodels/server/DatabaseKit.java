package io.httpmodels.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.httpmodels.server.db.DatabaseRoutes;
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
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    static final String FORTUNES_PAGE = "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
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

    private static final ObjectMapper JSON = new ObjectMapper();
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
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> db = get(server, "/db");
                assertOk(db, "application/json");
                assertRowsAsStored(List.of(JSON.readTree(db.body())));
            }
            Map<String, Integer> counts = Map.of(
                    "",
                    1,
                    "?queries=",
                    1,
                    "?queries=abc",
                    1,
                    "?queries=0",
                    1,
                    "?queries=-3",
                    1,
                    "?queries=7",
                    7,
                    "?queries=501",
                    500,
                    "?queries=99999999999999999999",
                    500);
            for (var count : counts.entrySet()) {
                HttpResponse<String> queries = get(server, "/queries" + count.getKey());
                assertOk(queries, "application/json");
                JsonNode rows = JSON.readTree(queries.body());
                assertTrue(rows.isArray(), "/queries" + count.getKey() + " answers an array: " + queries.body());
                assertEquals(count.getValue(), rows.size(), "rows for /queries" + count.getKey());
                assertRowsAsStored(list(rows));
            }
            HttpResponse<String> fortunes = get(server, "/fortunes");
            assertOk(fortunes, DatabaseRoutes.TEXT_HTML);
            assertEquals(FORTUNES_PAGE, fortunes.body());
            for (String query : List.of("?queries=5", "?queries=junk", "?queries=20")) {
                HttpResponse<String> updates = get(server, "/updates" + query);
                assertOk(updates, "application/json");
                List<JsonNode> written = list(JSON.readTree(updates.body()));
                assertEquals(DatabaseRoutes.queryCount(query), written.size(), "rows for /updates" + query);
                assertRowsAsStored(lastOfEachId(written));
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
                    List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
                    for (int i = 0; i < 16; i++) {
                        answers.add(fresh.sendAsync(
                                HttpRequest.newBuilder(uri(server, "/updates?queries=20"))
                                        .timeout(REQUEST_BOUND)
                                        .build(),
                                HttpResponse.BodyHandlers.ofString()));
                    }
                    for (CompletableFuture<HttpResponse<String>> answer : answers) {
                        HttpResponse<String> response = answer.get();
                        assertOk(response, "application/json");
                        assertEquals(20, JSON.readTree(response.body()).size());
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
            assertOk(get(server, "/db"), "application/json");
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
            assertOk(again, "application/json");
            assertRowsAsStored(List.of(JSON.readTree(again.body())));
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

    private static void assertOk(HttpResponse<String> response, String contentType) {
        assertEquals(200, response.statusCode(), response.uri() + ": " + response.body());
        String type = response.headers().firstValue("Content-Type").orElse("(none)");
        assertEquals(normal(contentType), normal(type), response.uri() + "'s Content-Type");
    }

    // Media types compare without case and without the space before a parameter.
    private static String normal(String contentType) {
        return contentType.replace(" ", "").toLowerCase(Locale.ROOT);
    }

    // Each row answered is a world row with exactly its two fields, in range, holding what the table holds now.
    private void assertRowsAsStored(List<JsonNode> rows) throws SQLException {
        try (Connection connection = database.connect();
                PreparedStatement select = connection.prepareStatement("SELECT randomnumber FROM world WHERE id = ?")) {
            for (JsonNode row : rows) {
                assertEquals(2, row.size(), "a row has id and randomNumber only: " + row);
                int id = row.path("id").asInt(-1);
                int number = row.path("randomNumber").asInt(-1);
                assertTrue(id >= 1 && id <= 10_000, "id out of 1..10000: " + row);
                assertTrue(number >= 1 && number <= 10_000, "randomNumber out of 1..10000: " + row);
                select.setInt(1, id);
                try (ResultSet stored = select.executeQuery()) {
                    assertTrue(stored.next());
                    assertEquals(stored.getInt(1), number, "row " + id + " as the database holds it");
                }
            }
        }
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> rows = new ArrayList<>();
        array.forEach(rows::add);
        return rows;
    }

    // An updates answer may name a row twice: the table keeps the number written last.
    private static List<JsonNode> lastOfEachId(List<JsonNode> written) {
        Map<Integer, JsonNode> last = new HashMap<>();
        written.forEach(row -> last.put(row.path("id").asInt(), row));
        return new ArrayList<>(last.values());
    }
}

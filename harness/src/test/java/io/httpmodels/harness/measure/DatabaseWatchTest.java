package io.httpmodels.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.httpmodels.harness.results.DatabaseChecks;
import io.httpmodels.harness.results.DatabaseConnections;
import io.httpmodels.load.LoadClient;
import io.httpmodels.load.LoadConfig;
import io.httpmodels.load.LoadException;
import io.httpmodels.load.LoadReport;
import io.httpmodels.server.RunningServer;
import io.httpmodels.server.ServerConfig;
import io.httpmodels.server.ServerModels;
import io.httpmodels.server.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * The checks beside a database window, against a real PostgreSQL ({@link TestDatabase}: skipped without it, except
 * under {@code CI=true}): a real model under load answers every sampled request correctly and writes its updates; a
 * server that answers a wrong row, or updates that write nothing, are counted and named.
 */
@Timeout(120)
class DatabaseWatchTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private static TestDatabase database;

    @BeforeAll
    static void startTheDatabase() throws IOException, InterruptedException {
        database = TestDatabase.startOrSkip();
    }

    @AfterAll
    static void stopIt() {
        if (database != null) {
            database.close();
        }
    }

    // A model warmed and loaded on two routes, and the statistics' wait: about 9 s, so in the slow set. The two below
    // keep the checks failing where they must in mvn verify.
    @Tag("slow")
    @Test
    void aRealModelUnderLoadAnswersEverySampledRequestRightAndWritesItsUpdates() throws Exception {
        ServerConfig config = ServerConfig.defaults().withDatabase(database.settings());
        try (RunningServer server = ServerModels.byName("virtual-threads").start(config)) {
            for (String route : new String[] {"/queries?queries=5", "/updates?queries=5"}) {
                String url = "http://127.0.0.1:" + server.port() + route;
                // Warmed first, unwatched: a cold pool connects its sessions on the first requests.
                load(url, Duration.ofSeconds(1));
                DatabaseWatch.Result result;
                long requests;
                try (DatabaseWatch watch =
                        DatabaseWatch.open(database.settings(), url, route, TIMEOUT, Duration.ofMillis(700), null)) {
                    watch.start();
                    LoadReport report = load(url, Duration.ofMillis(700));
                    requests = report.recorded().requests();
                    result = watch.finish(requests);
                }
                DatabaseChecks checks = result.checks();
                assertTrue(requests > 0, route + ": the load was served");
                assertTrue(checks.sampled() > 0, route + ": " + checks);
                assertEquals(0, checks.wrong(), route + ": " + checks);
                assertNull(checks.firstWrong(), route);
                assertNull(checks.note(), route);
                DatabaseConnections connections = result.connections();
                assertNotNull(connections, route);
                assertTrue(connections.samples() > 0 && connections.openMax() >= 1, route + ": " + connections);
                if (route.startsWith("/updates")) {
                    assertEquals(Boolean.TRUE, checks.updates().readBack(), checks.toString());
                    assertEquals(requests * 5, checks.updates().tuplesExpected());
                    assertTrue(checks.updates().tuplesUpdated() > 0, checks.toString());
                    assertFalse(checks.failed());
                } else {
                    assertNull(checks.updates(), route);
                }
            }
        }
    }

    @Test
    void aServerThatAnswersAWrongRowIsCountedWithTheFirstReason() throws Exception {
        int stored;
        try (Connection c = database.connect();
                ResultSet r = c.createStatement().executeQuery("SELECT randomnumber FROM world WHERE id = 1")) {
            r.next();
            stored = r.getInt(1);
        }
        int wrongNumber = stored % 10_000 + 1;
        String body = "{\"id\":1,\"randomNumber\":" + wrongNumber + "}";
        HttpServer server = answering("/db", body);
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/db";
            try (DatabaseWatch watch =
                    DatabaseWatch.open(database.settings(), url, "/db", TIMEOUT, Duration.ofMillis(300), null)) {
                watch.start();
                // 300 ms of window at one probe every 100 ms: 4 requests, then it stops by itself.
                assertTrue(watch.probeEnds(Duration.ofSeconds(30)), "the probe ends by itself");
                DatabaseChecks checks = watch.finish(0).checks();
                assertEquals(4, checks.sampled());
                assertEquals(4, checks.wrong());
                assertEquals(
                        "/db: row 1 answered randomNumber " + wrongNumber + ", the table holds " + stored,
                        checks.firstWrong());
                assertTrue(checks.failed());
            }
        } finally {
            server.stop(0);
        }
    }

    @Test
    void updatesThatWriteNothingAreNotReadBack() throws Exception {
        StringBuilder rows = new StringBuilder("[");
        for (int id = 1; id <= 20; id++) {
            rows.append(id > 1 ? "," : "").append("{\"id\":").append(id).append(",\"randomNumber\":1}");
        }
        // A right answer in shape and range, of rows 1 to 20 renumbered 1: never written, they hold 2.
        String body = rows.append(']').toString();
        assertTrue(setEveryRowOfTheFirstTwentyTo(2) > 0);
        HttpServer server = answering("/updates", body);
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/updates?queries=20";
            try (DatabaseWatch watch = DatabaseWatch.open(
                    database.settings(), url, "/updates?queries=20", TIMEOUT, Duration.ofMillis(100), null)) {
                watch.start();
                assertTrue(watch.probeEnds(Duration.ofSeconds(30)));
                DatabaseChecks checks = watch.finish(0).checks();
                assertEquals(0, checks.wrong(), checks.toString());
                assertEquals(Boolean.FALSE, checks.updates().readBack());
                assertEquals(
                        "row 1 answered randomNumber 1, the table holds 2, unwritten since before the request",
                        checks.updates().reason());
                assertTrue(checks.failed());
            }
        } finally {
            server.stop(0);
        }
    }

    private static LoadReport load(String url, Duration duration) throws LoadException {
        return new LoadClient(LoadConfig.builder(url)
                        .connections(8)
                        .threads(1)
                        .duration(duration)
                        .timeout(TIMEOUT)
                        .build())
                .run();
    }

    private static int setEveryRowOfTheFirstTwentyTo(int number) throws SQLException {
        try (Connection c = database.connect()) {
            return c.createStatement().executeUpdate("UPDATE world SET randomnumber = " + number + " WHERE id <= 20");
        }
    }

    // A server that answers every request under path with body as JSON: a model that is wrong on purpose.
    private static HttpServer answering(String path, String body) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        server.createContext(path, exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (var out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        return server;
    }
}

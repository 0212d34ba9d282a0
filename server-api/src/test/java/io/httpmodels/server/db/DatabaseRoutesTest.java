package io.httpmodels.server.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.Route;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

class DatabaseRoutesTest {

    /** A store that answers from memory and records the ids it was asked for. */
    private static final class MemoryStore implements WorldStore {
        final List<int[]> asked = new ArrayList<>();
        SQLException failure;

        @Override
        public List<World> worlds(int[] ids) throws SQLException {
            failIfAsked();
            asked.add(ids);
            List<World> worlds = new ArrayList<>();
            for (int id : ids) {
                worlds.add(new World(id, 10_001 - id));
            }
            return worlds;
        }

        @Override
        public List<Fortune> fortunes() throws SQLException {
            failIfAsked();
            return List.of(new Fortune(2, "b <&> \"q\" 'a'"), new Fortune(1, "a"));
        }

        @Override
        public List<World> update(int[] ids, int[] newNumbers) throws SQLException {
            failIfAsked();
            asked.add(ids);
            List<World> worlds = new ArrayList<>();
            for (int i = 0; i < ids.length; i++) {
                worlds.add(new World(ids[i], newNumbers[i]));
            }
            return worlds;
        }

        private void failIfAsked() throws SQLException {
            if (failure != null) {
                throw failure;
            }
        }

        @Override
        public PoolWaits poolWaits() {
            return PoolWaits.NONE;
        }

        @Override
        public void close() {}
    }

    @Test
    void theQueriesParameterIsClampedToOneToFiveHundredAndJunkIsOne() {
        assertEquals(1, DatabaseRoutes.queryCount("/queries"));
        assertEquals(1, DatabaseRoutes.queryCount("/queries?"));
        assertEquals(1, DatabaseRoutes.queryCount("/queries?queries="));
        assertEquals(1, DatabaseRoutes.queryCount("/queries?queries"));
        assertEquals(1, DatabaseRoutes.queryCount("/queries?queries=abc"));
        assertEquals(1, DatabaseRoutes.queryCount("/queries?queries=1.5"));
        assertEquals(1, DatabaseRoutes.queryCount("/queries?queries=0"));
        assertEquals(1, DatabaseRoutes.queryCount("/queries?queries=-7"));
        assertEquals(1, DatabaseRoutes.queryCount("/queries?queries=-99999999999999999999"));
        assertEquals(2, DatabaseRoutes.queryCount("/queries?queries=2"));
        assertEquals(20, DatabaseRoutes.queryCount("/queries?x=1&queries=20#frag"));
        assertEquals(3, DatabaseRoutes.queryCount("/queries?queries=3&queries=9"), "the first value counts");
        assertEquals(1, DatabaseRoutes.queryCount("/queries?myqueries=9"), "only the parameter of that name");
        assertEquals(500, DatabaseRoutes.queryCount("/queries?queries=500"));
        assertEquals(500, DatabaseRoutes.queryCount("/queries?queries=501"));
        assertEquals(500, DatabaseRoutes.queryCount("/queries?queries=99999999999999999999"));
    }

    @Test
    void dbAnswersOneRowAsAJsonObjectAndQueriesAnArrayOfOneQueryPerRow() {
        MemoryStore store = new MemoryStore();
        HttpResponse db = DatabaseRoutes.answer(Route.DB, "/db?queries=9", store);
        assertEquals(HttpStatus.OK, db.status());
        assertEquals("application/json", db.contentType());
        assertEquals(1, store.asked.get(0).length, "/db ignores queries");
        assertEquals(row(store.asked.get(0)[0]), text(db));

        HttpResponse queries = DatabaseRoutes.answer(Route.QUERIES, "/queries?queries=3", store);
        int[] ids = store.asked.get(1);
        assertEquals(3, ids.length);
        assertEquals("[" + row(ids[0]) + "," + row(ids[1]) + "," + row(ids[2]) + "]", text(queries));
    }

    @Test
    void fortunesAddsTheRequestTimeRowSortsByMessageAndEscapesEachOne() {
        HttpResponse page = DatabaseRoutes.answer(Route.FORTUNES, "/fortunes", new MemoryStore());
        assertEquals(DatabaseRoutes.TEXT_HTML, page.contentType());
        assertEquals(
                "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
                        + "<tr><th>id</th><th>message</th></tr>"
                        + "<tr><td>0</td><td>Additional fortune added at request time.</td></tr>"
                        + "<tr><td>1</td><td>a</td></tr>"
                        + "<tr><td>2</td><td>b &lt;&amp;&gt; &quot;q&quot; &#39;a&#39;</td></tr>"
                        + "</table></body></html>",
                text(page));
    }

    @Test
    void updatesWritesANewRandomNumberPerRowAndAnswersTheRowsWritten() {
        MemoryStore store = new MemoryStore();
        HttpResponse updated = DatabaseRoutes.answer(Route.UPDATES, "/updates?queries=600", store);
        assertEquals(HttpStatus.OK, updated.status());
        assertEquals(500, store.asked.get(0).length);
        assertTrue(text(updated).startsWith("[{\"id\":" + store.asked.get(0)[0] + ",\"randomNumber\":"));
    }

    @Test
    void randomIdsAndNumbersCoverOneToTenThousandAndNothingElse() {
        int least = Integer.MAX_VALUE;
        int most = Integer.MIN_VALUE;
        for (int id : DatabaseRoutes.randomIds(200_000)) {
            least = Math.min(least, id);
            most = Math.max(most, id);
        }
        assertEquals(1, least);
        assertEquals(WorldStore.WORLD_ROWS, most);
    }

    @Test
    void aFailingDatabaseAndAMissingOneAreEach503SayingWhy() {
        MemoryStore store = new MemoryStore();
        store.failure = new SQLException("Connection refused");
        for (Route route : List.of(Route.DB, Route.QUERIES, Route.FORTUNES, Route.UPDATES)) {
            HttpResponse failed = DatabaseRoutes.answer(route, route.path(), store);
            assertEquals(HttpStatus.SERVICE_UNAVAILABLE, failed.status(), route.path());
            assertTrue(text(failed).contains("Connection refused"), text(failed));
            HttpResponse none = DatabaseRoutes.answer(route, route.path(), null);
            assertEquals(HttpStatus.SERVICE_UNAVAILABLE, none.status(), route.path());
            assertTrue(text(none).contains("--db-url"), text(none));
        }
    }

    @Test
    void onlyTheFourDatabaseRoutesAreItsToAnswer() {
        assertThrows(IllegalArgumentException.class, () -> DatabaseRoutes.answer(Route.PLAINTEXT, "/", null));
        assertTrue(DatabaseRoutes.serves(Route.UPDATES));
        assertFalse(DatabaseRoutes.serves(Route.ECHO));
    }

    @Test
    void aWorldIsSerialisedWithTechEmpowersFieldNames() {
        assertArrayEquals(
                "{\"id\":3217,\"randomNumber\":2149}".getBytes(StandardCharsets.UTF_8),
                DatabaseRoutes.json(new World(3217, 2149)));
    }

    private static String row(int id) {
        return "{\"id\":" + id + ",\"randomNumber\":" + (10_001 - id) + "}";
    }

    private static String text(HttpResponse response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }
}

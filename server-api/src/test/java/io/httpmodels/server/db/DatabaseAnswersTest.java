package io.httpmodels.server.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.server.DatabaseKit;
import io.httpmodels.server.db.DatabaseAnswers.Difference;
import io.httpmodels.server.db.DatabaseAnswers.Verdict;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The one definition of a correct database answer, held against known rows: no database needed. */
class DatabaseAnswersTest {

    /** TechEmpower's 12 fortune rows, as scripts/db/techempower.sql loads them. */
    static final List<Fortune> FORTUNES = List.of(
            new Fortune(1, "fortune: No such file or directory"),
            new Fortune(2, "A computer scientist is someone who fixes things that aren't broken."),
            new Fortune(3, "After enough decimal places, nobody gives a damn."),
            new Fortune(4, "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
            new Fortune(5, "A computer program does what you tell it to do, not what you want it to do."),
            new Fortune(6, "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen"),
            new Fortune(7, "Any program that runs right is obsolete."),
            new Fortune(8, "A list is only as strong as its weakest link. — Donald Knuth"),
            new Fortune(9, "Feature: A bug with seniority."),
            new Fortune(10, "Computers make very fast, very accurate mistakes."),
            new Fortune(11, "<script>alert(\"This should not be displayed in a browser alert box.\");</script>"),
            new Fortune(12, "フレームワークのベンチマーク"));

    private static final String JSON = "application/json";

    // Row id holds 10,001 - id: every row's number known and in range.
    private final DatabaseAnswers answers = DatabaseAnswers.of(worlds(), FORTUNES);

    private static List<World> worlds() {
        List<World> rows = new ArrayList<>();
        for (int id = 1; id <= WorldStore.WORLD_ROWS; id++) {
            rows.add(new World(id, 10_001 - id));
        }
        return rows;
    }

    private Verdict check(String target, int status, String type, String body) {
        return answers.check(target, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theFortunesPageOfTheTableIsTheOneWrittenOutByHand() {
        assertEquals(DatabaseKit.FORTUNES_PAGE, new String(answers.fortunesPage(), StandardCharsets.UTF_8));
        Verdict right = check("/fortunes", 200, DatabaseRoutes.TEXT_HTML, DatabaseKit.FORTUNES_PAGE);
        assertTrue(right.correct(), right.toString());
        assertTrue(check("/fortunes", 200, "Text/HTML;charset=UTF-8", DatabaseKit.FORTUNES_PAGE)
                .correct());
    }

    @Test
    void rightRowsAreCorrectAndNamed() {
        Verdict db = check("/db", 200, JSON, "{\"id\":3217,\"randomNumber\":6784}");
        assertTrue(db.correct(), db.toString());
        assertEquals(List.of(new World(3217, 6784)), db.rows());
        Verdict queries = check(
                "/queries?queries=2",
                200,
                JSON,
                "[{\"id\":1,\"randomNumber\":10000},{\"randomNumber\":1,\"id\":10000}]");
        assertTrue(queries.correct(), queries.toString());
        assertEquals(List.of(new World(1, 10_000), new World(10_000, 1)), queries.rows());
        assertTrue(check("/queries?queries=abc", 200, JSON, "[{\"id\":5,\"randomNumber\":9996}]")
                .correct());
    }

    @Test
    void aWrongRowValueIsNamedWithWhatTheTableHolds() {
        Verdict v = check(
                "/queries?queries=2", 200, JSON, "[{\"id\":1,\"randomNumber\":10000},{\"id\":2,\"randomNumber\":7}]");
        assertEquals(Difference.VALUE, v.difference());
        assertEquals("row 2 answered randomNumber 7, the table holds 9999", v.reason());
        assertEquals(
                Difference.VALUE,
                check("/db", 200, JSON, "{\"id\":3217,\"randomNumber\":6785}").difference());
    }

    @Test
    void aWrongCountIsNamed() {
        Verdict v = check("/queries?queries=3", 200, JSON, "[{\"id\":1,\"randomNumber\":10000}]");
        assertEquals(Difference.COUNT, v.difference());
        assertEquals("1 rows, not the 3 /queries?queries=3 asks for", v.reason());
        // TechEmpower's clamping decides the count: 501 asks for 500.
        assertEquals(
                Difference.COUNT, check("/updates?queries=501", 200, JSON, "[]").difference());
    }

    @Test
    void badJsonAndOtherShapesAreWrong() {
        assertEquals(Difference.NOT_JSON, check("/db", 200, JSON, "{\"id\":1,").difference());
        assertEquals(Difference.NOT_JSON, check("/db", 200, JSON, "").difference());
        assertEquals(
                Difference.SHAPE,
                check("/db", 200, JSON, "[{\"id\":1,\"randomNumber\":10000}]").difference());
        assertEquals(
                Difference.SHAPE,
                check("/queries", 200, JSON, "{\"id\":1,\"randomNumber\":10000}")
                        .difference());
        assertEquals(
                Difference.SHAPE,
                check("/db", 200, JSON, "{\"id\":1,\"randomNumber\":10000,\"x\":1}")
                        .difference());
        assertEquals(
                Difference.SHAPE,
                check("/db", 200, JSON, "{\"id\":\"1\",\"randomNumber\":10000}").difference());
        assertEquals(
                Difference.RANGE,
                check("/db", 200, JSON, "{\"id\":0,\"randomNumber\":10000}").difference());
    }

    @Test
    void aWrongStatusOrContentTypeIsWrongWhateverTheBody() {
        Verdict status = check("/db", 503, JSON, "the database failed");
        assertEquals(Difference.STATUS, status.difference());
        assertEquals("status 503, not 200: the database failed", status.reason());
        Verdict type = check("/db", 200, "text/plain", "{\"id\":3217,\"randomNumber\":6784}");
        assertEquals(Difference.CONTENT_TYPE, type.difference());
        assertEquals("Content-Type 'text/plain', not 'application/json'", type.reason());
        assertEquals(
                Difference.CONTENT_TYPE,
                check("/fortunes", 200, null, DatabaseKit.FORTUNES_PAGE).difference());
    }

    @Test
    void aFortunesPageOffByOneByteIsWrongAndSaysWhere() {
        String page = DatabaseKit.FORTUNES_PAGE;
        int at = page.indexOf("&lt;script");
        String changed = page.substring(0, at) + "<script" + page.substring(at + "&lt;script".length());
        Verdict v = check("/fortunes", 200, DatabaseRoutes.TEXT_HTML, changed);
        assertEquals(Difference.BODY, v.difference());
        assertTrue(v.reason().contains("byte " + at + " differs"), v.reason());
        Verdict shorter = check("/fortunes", 200, DatabaseRoutes.TEXT_HTML, page.substring(0, page.length() - 1));
        assertEquals(Difference.BODY, shorter.difference());
        assertTrue(shorter.reason().contains("ends at byte"), shorter.reason());
        assertEquals(
                Difference.BODY,
                check("/fortunes", 200, DatabaseRoutes.TEXT_HTML, page + " ").difference());
    }

    @Test
    void updatesAreHeldToShapeAndRangeNotToTheSnapshot() {
        // Under load another request may renumber a row between the snapshot and this answer: not a wrong answer.
        Verdict v =
                check("/updates?queries=2", 200, JSON, "[{\"id\":1,\"randomNumber\":5},{\"id\":1,\"randomNumber\":6}]");
        assertTrue(v.correct(), v.toString());
        assertEquals(
                Difference.RANGE,
                check("/updates", 200, JSON, "[{\"id\":1,\"randomNumber\":10001}]")
                        .difference());
        // Read back with no other load, each id's last row must be stored.
        assertEquals("row 1 answered randomNumber 6, the table holds 10000", answers.firstNotStored(v.rows()));
        DatabaseAnswers after = DatabaseAnswers.of(List.of(new World(1, 6)), FORTUNES);
        assertNull(after.firstNotStored(v.rows()));
    }

    @Test
    void onlyDatabaseRoutesAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> check("/plaintext", 200, "text/plain", "Hello, World!"));
    }
}

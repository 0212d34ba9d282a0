package io.httpmodels.server.db;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.httpmodels.server.Route;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one definition of a correct answer of the database routes ({@link DatabaseRoutes}), held against a snapshot of
 * what the tables hold: {@code world}'s random numbers by id and the fortunes page that follows from {@code fortune}.
 * The database kit checks every model with it, and {@code compare --profile db} checks sampled answers with it during
 * its windows.
 *
 * <ul>
 *   <li>{@code /db}: 200, {@code application/json}, one object with exactly {@code id} and {@code randomNumber}, the
 *       row as the snapshot holds it;
 *   <li>{@code /queries?queries=N}: the same, an array of {@link DatabaseRoutes#queryCount} rows;
 *   <li>{@code /fortunes}: 200, {@link DatabaseRoutes#TEXT_HTML}, the page byte for byte;
 *   <li>{@code /updates?queries=N}: an array of that many rows, ids and numbers in 1..{@value WorldStore#WORLD_ROWS}.
 *       What it wrote is not held against the snapshot, which concurrent updates change legitimately: a caller that
 *       runs no other load reads the rows back ({@link #firstNotStored}).
 * </ul>
 *
 * Media types compare without case and without the space before a parameter. Immutable and thread-safe.
 */
public final class DatabaseAnswers {

    /** How an answer differs from the correct one; {@link Verdict#correct()} when it does not. */
    public enum Difference {
        /** Not 200. */
        STATUS,
        /** Another Content-Type. */
        CONTENT_TYPE,
        /** A JSON route's body that is not JSON. */
        NOT_JSON,
        /** JSON of another shape: not an object or array, a row with other fields or non-integer values. */
        SHAPE,
        /** Another number of rows than the request asked for. */
        COUNT,
        /** An id or random number outside 1..10,000. */
        RANGE,
        /** A row whose random number is not the one stored. */
        VALUE,
        /** A fortunes page that differs from the table's. */
        BODY
    }

    /**
     * What {@link #check} found.
     *
     * @param difference how the answer differs, or null when it is correct
     * @param reason     the first difference in words, or null when correct
     * @param rows       the rows a JSON answer named, in its order (empty when it named none or was not read)
     */
    public record Verdict(Difference difference, String reason, List<World> rows) {

        public Verdict {
            rows = List.copyOf(rows);
            if ((difference == null) != (reason == null)) {
                throw new IllegalArgumentException("a difference comes with its reason, and only then");
            }
        }

        /** Whether the answer is correct. */
        public boolean correct() {
            return difference == null;
        }

        static Verdict right(List<World> rows) {
            return new Verdict(null, null, rows);
        }

        static Verdict wrong(Difference difference, String reason) {
            return new Verdict(difference, reason, List.of());
        }

        @Override
        public String toString() {
            return correct() ? "correct" : difference + ": " + reason;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String APPLICATION_JSON = "application/json";
    private static final int CONTEXT_BYTES = 24;

    // randomNumbers[id] for ids 1..WORLD_ROWS; 0 where the snapshot holds no row.
    private final int[] randomNumbers;
    private final byte[] fortunesPage;

    private DatabaseAnswers(int[] randomNumbers, byte[] fortunesPage) {
        this.randomNumbers = randomNumbers;
        this.fortunesPage = fortunesPage;
    }

    /**
     * A snapshot of {@code worlds} and {@code fortunes} (the {@code fortune} table's rows; the page adds {@link
     * DatabaseRoutes#ADDED_FORTUNE}).
     *
     * @throws IllegalArgumentException when a row's id is outside 1..{@value WorldStore#WORLD_ROWS}
     */
    public static DatabaseAnswers of(List<World> worlds, List<Fortune> fortunes) {
        int[] numbers = new int[WorldStore.WORLD_ROWS + 1];
        for (World w : worlds) {
            if (w.id() < 1 || w.id() > WorldStore.WORLD_ROWS) {
                throw new IllegalArgumentException("a world id is 1.." + WorldStore.WORLD_ROWS + ", not " + w.id());
            }
            numbers[w.id()] = w.randomNumber();
        }
        return new DatabaseAnswers(numbers, DatabaseRoutes.fortunesPage(fortunes));
    }

    /** What {@code connection}'s database holds now: every {@code world} row and every {@code fortune} row. */
    public static DatabaseAnswers read(Connection connection) throws SQLException {
        List<World> worlds = new ArrayList<>(WorldStore.WORLD_ROWS);
        List<Fortune> fortunes = new ArrayList<>();
        try (PreparedStatement w = connection.prepareStatement("SELECT id, randomnumber FROM world");
                ResultSet rows = w.executeQuery()) {
            while (rows.next()) {
                worlds.add(new World(rows.getInt(1), rows.getInt(2)));
            }
        }
        try (PreparedStatement f = connection.prepareStatement("SELECT id, message FROM fortune");
                ResultSet rows = f.executeQuery()) {
            while (rows.next()) {
                fortunes.add(new Fortune(rows.getInt(1), rows.getString(2)));
            }
        }
        return of(worlds, fortunes);
    }

    /** The fortunes page the snapshot's {@code fortune} rows make, UTF-8. */
    public byte[] fortunesPage() {
        return fortunesPage.clone();
    }

    /**
     * Checks the answer to {@code GET target} on a database route.
     *
     * @param target      the request target, e.g. {@code /queries?queries=20}
     * @param status      the answer's status code
     * @param contentType its Content-Type, or null when it had none
     * @param body        its body
     * @throws IllegalArgumentException when {@code target} names no database route
     */
    public Verdict check(String target, int status, String contentType, byte[] body) {
        Route route = Route.forTarget(target);
        if (route == null || !DatabaseRoutes.serves(route)) {
            throw new IllegalArgumentException(target + " is not a database route");
        }
        if (status != 200) {
            return Verdict.wrong(Difference.STATUS, "status " + status + ", not 200: " + excerpt(body, 0));
        }
        String expectedType = route == Route.FORTUNES ? DatabaseRoutes.TEXT_HTML : APPLICATION_JSON;
        if (contentType == null || !normal(contentType).equals(normal(expectedType))) {
            return Verdict.wrong(
                    Difference.CONTENT_TYPE,
                    "Content-Type " + (contentType == null ? "missing" : "'" + contentType + "'") + ", not '"
                            + expectedType + "'");
        }
        if (route == Route.FORTUNES) {
            return fortunes(body);
        }
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (IOException e) {
            return Verdict.wrong(Difference.NOT_JSON, "not JSON: " + excerpt(body, 0));
        }
        if (json == null || json.isMissingNode()) {
            return Verdict.wrong(Difference.NOT_JSON, "not JSON: an empty body");
        }
        List<JsonNode> rows = new ArrayList<>();
        if (route == Route.DB) {
            if (!json.isObject()) {
                return Verdict.wrong(Difference.SHAPE, "/db answers one object, not " + cut(json.toString()));
            }
            rows.add(json);
        } else {
            if (!json.isArray()) {
                return Verdict.wrong(Difference.SHAPE, route.path() + " answers an array, not " + cut(json.toString()));
            }
            int expected = DatabaseRoutes.queryCount(target);
            if (json.size() != expected) {
                return Verdict.wrong(
                        Difference.COUNT, json.size() + " rows, not the " + expected + " " + target + " asks for");
            }
            json.forEach(rows::add);
        }
        List<World> worlds = new ArrayList<>(rows.size());
        for (JsonNode row : rows) {
            if (row.size() != 2
                    || !row.path("id").isIntegralNumber()
                    || !row.path("randomNumber").isIntegralNumber()) {
                return Verdict.wrong(
                        Difference.SHAPE, "a row has integers id and randomNumber only, not " + cut(row.toString()));
            }
            long id = row.get("id").asLong();
            long number = row.get("randomNumber").asLong();
            if (!inRange(id) || !inRange(number)) {
                return Verdict.wrong(
                        Difference.RANGE, "a row out of 1.." + WorldStore.WORLD_ROWS + ": " + cut(row.toString()));
            }
            worlds.add(new World((int) id, (int) number));
        }
        if (route != Route.UPDATES) {
            String notStored = firstNotStored(worlds);
            if (notStored != null) {
                return Verdict.wrong(Difference.VALUE, notStored);
            }
        }
        return Verdict.right(worlds);
    }

    /**
     * The first of {@code rows} whose random number is not the one this snapshot holds, in words; null when every row
     * is as stored. For an updates answer read back: where it names a row twice, the table keeps the number written
     * last, so only each id's last row is held against the table.
     */
    public String firstNotStored(List<World> rows) {
        Map<Integer, World> last = new LinkedHashMap<>();
        rows.forEach(w -> last.put(w.id(), w));
        for (World w : last.values()) {
            int stored = w.id() >= 1 && w.id() <= WorldStore.WORLD_ROWS ? randomNumbers[w.id()] : 0;
            if (stored != w.randomNumber()) {
                return "row " + w.id() + " answered randomNumber " + w.randomNumber() + ", the table holds "
                        + (stored == 0 ? "no such row" : stored);
            }
        }
        return null;
    }

    private Verdict fortunes(byte[] body) {
        int n = Math.min(body.length, fortunesPage.length);
        int at = Arrays.mismatch(body, fortunesPage);
        if (at < 0) {
            return Verdict.right(List.of());
        }
        String where = at == n
                ? (body.length < fortunesPage.length
                        ? "the page ends at byte " + at + " of " + fortunesPage.length
                        : "the page runs on past its " + fortunesPage.length + " bytes: " + excerpt(body, at))
                : "byte " + at + " differs: '" + excerpt(body, at) + "', expected '" + excerpt(fortunesPage, at) + "'";
        return Verdict.wrong(Difference.BODY, "the fortunes page differs from the table's: " + where);
    }

    private static boolean inRange(long value) {
        return value >= 1 && value <= WorldStore.WORLD_ROWS;
    }

    private static String normal(String contentType) {
        return contentType.replace(" ", "").toLowerCase(Locale.ROOT);
    }

    // Up to CONTEXT_BYTES of bytes from offset on, as text.
    private static String excerpt(byte[] bytes, int offset) {
        int end = Math.min(bytes.length, offset + CONTEXT_BYTES);
        return new String(bytes, offset, Math.max(0, end - offset), StandardCharsets.UTF_8)
                + (end < bytes.length ? "..." : "");
    }

    private static String cut(String text) {
        return text.length() <= 2 * CONTEXT_BYTES ? text : text.substring(0, 2 * CONTEXT_BYTES) + "...";
    }
}

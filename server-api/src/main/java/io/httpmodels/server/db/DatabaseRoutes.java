package io.httpmodels.server.db;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.httpmodels.server.Route;
import io.httpmodels.server.http.HttpResponse;
import io.httpmodels.server.http.HttpStatus;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What the database routes answer, by TechEmpower's rules, for every model that queries through a
 * {@link WorldStore}: the one definition of each answer, so that models differ only in where the blocking call runs.
 *
 * <ul>
 *   <li>{@link Route#DB}: one random {@code world} row as JSON, {@code {"id":3217,"randomNumber":2149}};
 *   <li>{@link Route#QUERIES}: {@code ?queries=N} random rows, one query each, as a JSON array; N is clamped to
 *       1..500 and anything that is not an integer counts as 1 ({@link #queryCount});
 *   <li>{@link Route#FORTUNES}: every {@code fortune} row plus {@link #ADDED_FORTUNE}, sorted by message, as an HTML
 *       table with each message escaped, {@code text/html; charset=utf-8};
 *   <li>{@link Route#UPDATES}: N random rows read, each given a new random number and written back, as the JSON
 *       array of the rows written.
 * </ul>
 *
 * A database that fails (down, a pool that times out) is answered {@code 503} with the cause; a server started
 * without a database answers its database routes {@code 503} too, saying so. Stateless and thread-safe; every method
 * that takes a store blocks on it.
 */
public final class DatabaseRoutes {

    /** The row the fortunes route adds to the table's at request time. */
    public static final Fortune ADDED_FORTUNE = new Fortune(0, "Additional fortune added at request time.");
    /** The fortunes route's content type. */
    public static final String TEXT_HTML = "text/html; charset=utf-8";
    /** The most rows the queries and updates routes read in one request. */
    public static final int MAX_QUERIES = 500;

    private static final String APPLICATION_JSON = "application/json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FORTUNES_HEAD = "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
            + "<tr><th>id</th><th>message</th></tr>";
    private static final String FORTUNES_TAIL = "</table></body></html>";

    private DatabaseRoutes() {}

    /** Whether {@code route} is one of the database routes, served by {@link #answer}. */
    public static boolean serves(Route route) {
        return switch (route) {
            case DB, QUERIES, FORTUNES, UPDATES -> true;
            case PLAINTEXT, JSON, ECHO -> false;
        };
    }

    /**
     * The answer to a GET (or HEAD) of database route {@code route} with request target {@code target}, from
     * {@code store}, blocking the calling thread on the database.
     *
     * @param store the model's store, or {@code null} when it was started without a database
     * @throws IllegalArgumentException when {@code route} is not a database route
     */
    public static HttpResponse answer(Route route, CharSequence target, WorldStore store) {
        if (!serves(route)) {
            throw new IllegalArgumentException(route + " is not a database route");
        }
        if (store == null) {
            return HttpResponse.error(
                    HttpStatus.SERVICE_UNAVAILABLE, "this server was started without a database (serve --db-url URL)");
        }
        try {
            return switch (route) {
                case DB ->
                    HttpResponse.ok(
                            APPLICATION_JSON, json(store.worlds(randomIds(1)).get(0)));
                case QUERIES -> HttpResponse.ok(APPLICATION_JSON, json(store.worlds(randomIds(queryCount(target)))));
                case FORTUNES -> HttpResponse.ok(TEXT_HTML, fortunesPage(store.fortunes()));
                case UPDATES -> {
                    int[] ids = randomIds(queryCount(target));
                    yield HttpResponse.ok(APPLICATION_JSON, json(store.update(ids, randomIds(ids.length))));
                }
                case PLAINTEXT, JSON, ECHO -> throw new AssertionError(route);
            };
        } catch (SQLException e) {
            return HttpResponse.error(HttpStatus.SERVICE_UNAVAILABLE, "the database failed: " + e.getMessage());
        }
    }

    /**
     * The {@code queries} parameter of {@code target} by TechEmpower's rule: an integer clamped to 1..{@value
     * #MAX_QUERIES}; missing, empty or not an integer is 1.
     */
    public static int queryCount(CharSequence target) {
        String value = parameter(target.toString(), "queries");
        if (value == null) {
            return 1;
        }
        long n;
        try {
            n = Long.parseLong(value);
        } catch (NumberFormatException e) {
            // Too long for a long but all digits is still "many"; anything else is junk.
            return !value.isEmpty() && value.chars().allMatch(Character::isDigit) ? MAX_QUERIES : 1;
        }
        return (int) Math.max(1, Math.min(MAX_QUERIES, n));
    }

    /** The fortunes page: {@code fortunes} plus {@link #ADDED_FORTUNE}, sorted by message, each escaped. */
    public static byte[] fortunesPage(List<Fortune> fortunes) {
        List<Fortune> sorted = new ArrayList<>(fortunes.size() + 1);
        sorted.addAll(fortunes);
        sorted.add(ADDED_FORTUNE);
        sorted.sort(Comparator.comparing(Fortune::message));
        StringBuilder html = new StringBuilder(FORTUNES_HEAD.length() + FORTUNES_TAIL.length() + 64 * sorted.size());
        html.append(FORTUNES_HEAD);
        for (Fortune fortune : sorted) {
            html.append("<tr><td>").append(fortune.id()).append("</td><td>");
            escapeHtml(fortune.message(), html);
            html.append("</td></tr>");
        }
        html.append(FORTUNES_TAIL);
        return html.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@code value} as JSON: a {@link World} as an object, a list as an array of them. */
    public static byte[] json(Object value) {
        try {
            return JSON.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /** {@code count} random ids (or random numbers) in 1..{@value WorldStore#WORLD_ROWS}. */
    public static int[] randomIds(int count) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int[] ids = new int[count];
        for (int i = 0; i < count; i++) {
            ids[i] = random.nextInt(1, WorldStore.WORLD_ROWS + 1);
        }
        return ids;
    }

    // The five characters HTML gives meaning in text and attribute values.
    private static void escapeHtml(String text, StringBuilder out) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
    }

    // The first value of parameter name in target's query, percent-decoding left out: a number needs none.
    private static String parameter(String target, String name) {
        int query = target.indexOf('?');
        if (query < 0) {
            return null;
        }
        int end = target.indexOf('#', query);
        String[] pairs =
                target.substring(query + 1, end < 0 ? target.length() : end).split("&");
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            if (key.equals(name)) {
                return eq < 0 ? "" : pair.substring(eq + 1);
            }
        }
        return null;
    }
}

package io.httpmodels.server.db;

import java.util.Objects;

/**
 * A row of TechEmpower's {@code fortune} table, or the one the fortunes route adds at request time.
 *
 * @param id      the row's id ({@link DatabaseRoutes#ADDED_FORTUNE} has 0)
 * @param message the text, unescaped
 */
public record Fortune(int id, String message) {

    public Fortune {
        Objects.requireNonNull(message, "message");
    }
}

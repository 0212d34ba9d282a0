package io.httpmodels.server.db;

import java.util.Objects;

/**
 * Where a model's database routes find PostgreSQL, and how many connections its pool holds.
 *
 * @param jdbcUrl  e.g. {@code jdbc:postgresql://127.0.0.1:5432/hello_world}
 * @param user     the database user
 * @param password its password
 * @param poolSize connections in the model's pool, 0 for the model's own default (what its design implies: one per
 *                 thread that can query)
 */
public record DatabaseSettings(String jdbcUrl, String user, String password, int poolSize) {

    /** TechEmpower's user, owner of the database {@code hello_world}. */
    public static final String DEFAULT_USER = "benchmarkdbuser";
    /** TechEmpower's password for it. */
    public static final String DEFAULT_PASSWORD = "benchmarkdbpass";
    /** The most connections a pool may hold: PostgreSQL's {@code max_connections} in scripts/db/postgresql.conf. */
    public static final int MAX_POOL_SIZE = 2_000;

    public DatabaseSettings {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException(
                    "the database URL must be jdbc:postgresql://HOST:PORT/DB, was " + jdbcUrl);
        }
        if (poolSize < 0 || poolSize > MAX_POOL_SIZE) {
            throw new IllegalArgumentException("poolSize must be 0..." + MAX_POOL_SIZE + ", was " + poolSize);
        }
    }

    /** {@code jdbcUrl} with TechEmpower's user and password and the model's default pool size. */
    public static DatabaseSettings of(String jdbcUrl) {
        return new DatabaseSettings(jdbcUrl, DEFAULT_USER, DEFAULT_PASSWORD, 0);
    }

    /** {@link #poolSize()} if set, else {@code modelDefault}. */
    public int poolSizeOr(int modelDefault) {
        return poolSize > 0 ? poolSize : modelDefault;
    }

    /** The same settings with {@link #poolSize()} set to {@code value}. */
    public DatabaseSettings withPoolSize(int value) {
        return new DatabaseSettings(jdbcUrl, user, password, value);
    }

    /** Never prints the password. */
    @Override
    public String toString() {
        return "DatabaseSettings[" + jdbcUrl + " as " + user + ", pool "
                + (poolSize == 0 ? "model's default" : poolSize) + "]";
    }
}

package io.httpmodels.harness.cli;

import io.httpmodels.server.db.DatabaseSettings;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.Optional;

/**
 * {@code --db-url}, {@code --db-user}, {@code --db-password}, {@code --db-pool}: the PostgreSQL a model's database
 * routes ({@code /db}, {@code /queries}, {@code /fortunes}, {@code /updates}) query, the same meaning in every
 * command that starts a model.
 */
public final class DatabaseOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--db-url",
            paramLabel = "URL",
            description = "The PostgreSQL the database routes query, jdbc:postgresql://HOST:PORT/DB, loaded with "
                    + "TechEmpower's tables (scripts/db/postgres.sh makes one). Without it they answer 503.")
    String url;

    @Option(
            names = "--db-user",
            paramLabel = "NAME",
            description = "Its user (default: ${DEFAULT-VALUE}, TechEmpower's).")
    String user = DatabaseSettings.DEFAULT_USER;

    @Option(names = "--db-password", paramLabel = "TEXT", description = "Its password (default: TechEmpower's).")
    String password = DatabaseSettings.DEFAULT_PASSWORD;

    private int pool;

    @Option(
            names = "--db-pool",
            paramLabel = "N",
            description = "Connections in each model's database pool; 0 = what the model's design implies: 1 for "
                    + "single-thread, the pool's threads for fixed-pool, netty's work threads, else 4 x cores "
                    + "(default: 0).")
    void pool(int n) {
        if (n < 0 || n > DatabaseSettings.MAX_POOL_SIZE) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--db-pool must be 0.." + DatabaseSettings.MAX_POOL_SIZE + ", was " + n);
        }
        pool = n;
    }

    /**
     * The settings the flags give, or empty without {@code --db-url}.
     *
     * @throws CommandLine.ParameterException for a URL that is not PostgreSQL's, or a pool flag without a URL
     */
    public Optional<DatabaseSettings> settings() {
        if (url == null) {
            if (pool != 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--db-pool needs --db-url");
            }
            return Optional.empty();
        }
        try {
            return Optional.of(new DatabaseSettings(url, user, password, pool));
        } catch (IllegalArgumentException e) {
            throw Counts.outOfRange(spec, e);
        }
    }

    /** The settings for a database this run started at {@code jdbcUrl}, with TechEmpower's user and {@code --db-pool}. */
    public DatabaseSettings settingsFor(String jdbcUrl) {
        return DatabaseSettings.of(jdbcUrl).withPoolSize(pool);
    }
}

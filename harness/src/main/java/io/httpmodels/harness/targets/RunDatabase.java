package io.httpmodels.harness.targets;

import io.httpmodels.server.db.DatabaseSettings;

import java.util.Objects;

/**
 * The PostgreSQL a run's models query for their database routes.
 *
 * @param settings      how the models reach it (given to each model's {@code serve} as its {@code --db-*} flags)
 * @param postmasterPid its postmaster when this machine runs it and the run knows it (the cluster it started), so
 *                      its CPU and its backends' is measured beside the server's; null otherwise
 */
public record RunDatabase(DatabaseSettings settings, Long postmasterPid) {

    public RunDatabase {
        Objects.requireNonNull(settings, "settings");
    }
}

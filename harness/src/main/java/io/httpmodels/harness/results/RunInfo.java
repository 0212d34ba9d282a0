package io.httpmodels.harness.results;

import java.time.Instant;

/**
 * What a run was, apart from what it measured: the schema and the program that wrote it, when it ran, and whether
 * it completed.
 *
 * @param schemaVersion {@link Results#SCHEMA_VERSION} when written
 * @param tool          the program and version that wrote it
 * @param startedAt     when the run started
 * @param finishedAt    when the last cell ended
 * @param status        complete, or interrupted when Ctrl-C stopped it (the cells that completed are kept)
 */
public record RunInfo(int schemaVersion, String tool, Instant startedAt, Instant finishedAt, RunStatus status) {

    /** A run this harness writes now: the current {@link Results#SCHEMA_VERSION}. */
    public static RunInfo of(String tool, Instant startedAt, Instant finishedAt, RunStatus status) {
        return new RunInfo(Results.SCHEMA_VERSION, tool, startedAt, finishedAt, status);
    }
}

package io.httpmodels.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A PostgreSQL backend's state from its process title, as PostgreSQL 15 sets it. */
class BackendTitleTest {

    @Test
    void aClientBackendWaitingForItsClientIsIdleInATransactionOrNot() {
        assertEquals(
                BackendTitle.IDLE,
                BackendTitle.of("postgres: benchmarkdbuser hello_world 127.0.0.1(59134) idle", "hello_world"));
        assertEquals(
                BackendTitle.IDLE,
                BackendTitle.of(
                        "postgres: benchmarkdbuser hello_world 127.0.0.1(59134) idle in transaction", "hello_world"));
    }

    @Test
    void aClientBackendRunningAStatementIsActive() {
        assertEquals(
                BackendTitle.ACTIVE,
                BackendTitle.of("postgres: benchmarkdbuser hello_world 127.0.0.1(59134) SELECT", "hello_world"));
        assertEquals(
                BackendTitle.ACTIVE,
                BackendTitle.of("postgres: benchmarkdbuser hello_world [local] UPDATE waiting", "hello_world"));
    }

    @Test
    void backgroundProcessesAndOtherDatabasesAreNotCounted() {
        assertEquals(BackendTitle.OTHER, BackendTitle.of("postgres: checkpointer", "hello_world"));
        assertEquals(BackendTitle.OTHER, BackendTitle.of("postgres: logical replication launcher", "hello_world"));
        assertEquals(BackendTitle.OTHER, BackendTitle.of("postgres: autovacuum worker hello_world", "hello_world"));
        assertEquals(
                BackendTitle.OTHER,
                BackendTitle.of("postgres: benchmarkdbuser postgres 127.0.0.1(59134) idle", "hello_world"));
        assertEquals(BackendTitle.OTHER, BackendTitle.of(null, "hello_world"));
        assertEquals(BackendTitle.OTHER, BackendTitle.of("/usr/lib/postgresql/15/bin/postgres -D data", "hello_world"));
    }
}

package io.httpmodels.harness.targets;

import io.httpmodels.harness.process.ChildProcesses;
import io.httpmodels.harness.process.ChildServer.StartFailure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A throw-away PostgreSQL cluster on loopback with TechEmpower's data set ({@code world}: 10,000 rows, {@code
 * fortune}: 12), the database behind the database scenarios. Made, started and stopped through {@code
 * scripts/db/postgres.sh}, as a user would, in a folder of its own: {@code initdb}, the project's settings ({@code
 * scripts/db/postgresql.conf}), pinned to the given CPUs with every backend it forks. A cleanup is registered for the
 * harness's shutdown hook while it runs, so an interrupted run leaves no cluster behind.
 *
 * <p>Not thread-safe; {@link #close()} is idempotent.
 */
public final class PostgresCluster implements AutoCloseable {

    /** TechEmpower's user, owner of the database {@link #DATABASE}. */
    public static final String USER = "benchmarkdbuser";
    /** Its password: the cluster takes passwords on TCP connections (scram-sha-256), as a real one does. */
    public static final String PASSWORD = "benchmarkdbpass";
    /** The database the data set is in. */
    public static final String DATABASE = "hello_world";

    /** The most a start may take: initdb, the server's start (bounded by the script at 60 s) and the data's load. */
    private static final Duration START_BOUND = Duration.ofSeconds(120);

    private static final Duration STOP_BOUND = Duration.ofSeconds(90);

    private static final Duration EXIT_BOUND = Duration.ofSeconds(10);

    /** The script's last line on start: {@code jdbc:postgresql://127.0.0.1:PORT/hello_world PID}. */
    private static final Pattern STARTED = Pattern.compile("(jdbc:postgresql://127\\.0\\.0\\.1:(\\d+)/\\S+)\\s+(\\d+)");

    private final Path script;
    private final Path folder;
    private final String jdbcUrl;
    private final int port;
    private final long pid;
    private final Runnable cleanup;
    private boolean closed;
    private volatile Path deleteOnClose;

    private PostgresCluster(Path script, Path folder, String jdbcUrl, int port, long pid) {
        this.script = script;
        this.folder = folder;
        this.jdbcUrl = jdbcUrl;
        this.port = port;
        this.pid = pid;
        // On the harness's way out (Ctrl-C) as on close: stopped, and a throw-away cluster's folder deleted.
        this.cleanup = this::stopAndDelete;
        ChildProcesses.registerCleanup(cleanup);
    }

    /**
     * Why no cluster can be made here ({@code scripts/db/postgres.sh} missing, PostgreSQL's server not installed),
     * or empty when one can.
     */
    public static Optional<String> unavailable(Path projectRoot) {
        if (!Files.isExecutable(projectRoot.resolve("scripts/db/postgres.sh"))) {
            return Optional.of("no scripts/db/postgres.sh under " + projectRoot);
        }
        try (var versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            if (versions.anyMatch(v -> Files.isExecutable(v.resolve("bin/initdb")))) {
                return Optional.empty();
            }
        } catch (IOException e) {
            // no such folder: said below
        }
        return Optional.of("PostgreSQL's server is not installed (scripts/peers/install.sh --db installs it)");
    }

    /**
     * Makes a cluster in {@code folder} (new or empty) and starts it on a free loopback port.
     *
     * @param cpus the CPUs to pin it to, or empty for none
     * @throws StartFailure with the script's own words when it cannot (not installed, a folder in use, a failed load)
     */
    public static PostgresCluster start(Path projectRoot, Path folder, List<Integer> cpus) throws StartFailure {
        Path script = projectRoot.resolve("scripts/db/postgres.sh");
        List<String> command = new ArrayList<>(List.of(
                script.toString(),
                "start",
                folder.toAbsolutePath().toString(),
                "--port",
                String.valueOf(ScriptRun.freePort("PostgreSQL"))));
        if (!cpus.isEmpty()) {
            command.addAll(List.of("--cpus", cpus.stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        String out = ScriptRun.run(command, START_BOUND);
        String[] lines = out.trim().split("\\R");
        Matcher m = STARTED.matcher(lines[lines.length - 1].trim());
        if (!m.matches()) {
            throw new StartFailure("postgres.sh said '" + out.trim() + "', not 'JDBC-URL PID'");
        }
        return new PostgresCluster(
                script, folder.toAbsolutePath(), m.group(1), Integer.parseInt(m.group(2)), Long.parseLong(m.group(3)));
    }

    /**
     * {@link #start} in a new temporary folder, deleted with the cluster's data when it is closed: a comparison's
     * cluster.
     */
    public static PostgresCluster startThrowaway(Path projectRoot, List<Integer> cpus) throws StartFailure {
        Path parent;
        try {
            parent = Files.createTempDirectory("httpmodels-postgres-");
            // Run as root, the cluster runs as the postgres user, which must reach its folder.
            Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new StartFailure("cannot make a folder for PostgreSQL: " + e.getMessage());
        }
        PostgresCluster cluster;
        try {
            cluster = start(projectRoot, parent.resolve("cluster"), cpus);
        } catch (StartFailure e) {
            deleteQuietly(parent);
            throw e;
        }
        cluster.deleteOnClose = parent;
        return cluster;
    }

    /** {@code jdbc:postgresql://127.0.0.1:PORT/hello_world}; user {@link #USER}, password {@link #PASSWORD}. */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /** The loopback port it listens on. */
    public int port() {
        return port;
    }

    /** The postmaster's pid; its backends are its children. */
    public long pid() {
        return pid;
    }

    /** Its folder: the data, {@code postgres.log}, the socket. */
    public Path folder() {
        return folder;
    }

    /** Whether the postmaster is alive. */
    public boolean isRunning() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Stops it (a fast shutdown: open sessions are ended) and waits until it is gone. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        ChildProcesses.unregisterCleanup(cleanup);
        stopAndDelete();
    }

    private void stopAndDelete() {
        stop();
        if (deleteOnClose != null) {
            deleteQuietly(deleteOnClose);
        }
    }

    private static void deleteQuietly(Path folder) {
        try (var paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary folder: the system cleans it eventually
        }
    }

    private void stop() {
        try {
            ScriptRun.run(List.of(script.toString(), "stop", folder.toString()), STOP_BOUND);
        } catch (StartFailure e) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
        // pg_ctl's stop returns once the postmaster removed its pid file, an instant before the process ends.
        ProcessHandle.of(pid).ifPresent(postmaster -> {
            try {
                postmaster.onExit().get(EXIT_BOUND.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                postmaster.destroyForcibly();
            }
        });
    }
}
